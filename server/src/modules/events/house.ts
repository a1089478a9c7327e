import { HOUSE_EVENT, HOUSE_EVENT_SERIES, houseEventWindow } from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { eventsRepo as repo } from './repo.js';

/**
 * Creates the house event's first round (today's UTC day) unless the series has one already. The
 * unique (series, round) key makes this once per database, whichever instance tries first and however
 * many try at the same time; later rounds come from the settlement of the previous one, like any
 * repeating event, and an admin's cancel ends the series for good. Returns the new round's id, or null.
 */
export async function scheduleHouseEvent(deps: { database: Database; clock: Clock }): Promise<number | null> {
  return deps.database.write(async (tx) => {
    const now = deps.clock();
    return repo.insertEvent(tx, {
      seriesId: HOUSE_EVENT_SERIES,
      round: 1,
      name: HOUSE_EVENT.name,
      metric: HOUSE_EVENT.metric,
      ...houseEventWindow(now),
      repeat: HOUSE_EVENT.repeat,
      maxEntrants: null,
      prizes: JSON.stringify(HOUSE_EVENT.prizes),
      createdBy: null,
      now,
    });
  });
}

/** The sweep's side: schedules the house event on its first successful run, then never again in this process. */
export function houseEvent(deps: { database: Database; clock: Clock; enabled: boolean }) {
  let done = !deps.enabled;
  return {
    async scheduleOnce(): Promise<void> {
      if (done) return;
      await scheduleHouseEvent(deps);
      done = true;
    },
  };
}
