/**
 * The house event: a daily tournament the server schedules itself, so that a fresh server always has
 * an event live to take part in. It is an ordinary repeating event (admins see it in their list and
 * can cancel it, which ends the series); the server creates its first round once, as round 1 of
 * series HOUSE_EVENT_SERIES, a series id no admin-created event can have (theirs are row ids, from 1).
 */
import type { EventMetric, EventRepeat, PrizeRange } from './events.js';

export const HOUSE_EVENT_SERIES = 0;

export interface HouseEventDef {
  name: string;
  metric: EventMetric;
  repeat: EventRepeat;
  prizes: readonly PrizeRange[];
}

/** Most GOGO won in a UTC day; the top ten share dice and GOGO (paid from the ledger at the end). */
export const HOUSE_EVENT: HouseEventDef = Object.freeze({
  name: 'Daily Tournament',
  metric: 'gogo_won',
  repeat: 'daily',
  prizes: Object.freeze([
    { fromRank: 1, toRank: 1, gogo: 300, dice: 10 },
    { fromRank: 2, toRank: 3, gogo: 150, dice: 5 },
    { fromRank: 4, toRank: 10, gogo: 50, dice: 2 },
  ]),
});

const DAY_MS = 86_400_000;

/** The house round that holds `now`: the UTC day it falls in, [midnight, next midnight). */
export function houseEventWindow(now: number): { startsAt: number; endsAt: number } {
  const startsAt = Math.floor(now / DAY_MS) * DAY_MS;
  return { startsAt, endsAt: startsAt + DAY_MS };
}
