import { rollFacts, scoreDeltas, type EventMetric } from '@gogo/shared/rules';
import type { Read } from '../../db/sql.js';
import { publish } from '../../core/events.js';
import type { AfterRollStep } from '../game/index.js';
import { eventsRepo as repo } from './repo.js';

/**
 * The roll step of live events: in the roll's transaction, so an event's score never disagrees with
 * the rolls. The live events the player joined are read with the roll's reads; a roll in none
 * writes nothing here, and otherwise its score goes with the roll's writes. Each event whose score
 * moved is announced after commit (the live rank on the socket).
 */
export const eventsAfterRoll: AfterRollStep<readonly [Read<Array<{ eventId: number; metric: EventMetric }>>]> = {
  reads: (userId, now) => [repo.liveEntriesRead(userId, now)] as const,
  writes({ tx, userId, outcome, now }, [entries]) {
    const deltas = scoreDeltas(rollFacts(outcome));
    const moved = entries.filter((entry) => deltas[entry.metric] > 0);
    if (moved.length === 0) return [];
    for (const { eventId } of moved) publish(tx, { type: 'eventScore', eventId });
    return [repo.addScoreWrite(userId, now, deltas)];
  },
};
