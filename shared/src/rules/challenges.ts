/**
 * Daily challenges: three a UTC day per player, picked from a pool by a hash of (player, day) so any
 * instance picks the same three, and a streak of days with all three done. Pure: no clock, no I/O.
 */
import { seededRandom } from './random.js';

/** What a challenge counts, over the rolls (and claims) of one UTC day. */
export const CHALLENGE_KINDS = ['rolls', 'gogo_won', 'laps', 'properties', 'chances', 'sixes', 'daily_dice'] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

export interface ChallengeDef {
  id: string;
  kind: ChallengeKind;
  goal: number;
  title: string;
  reward: { dice: number; gogo: number };
}

/** The pool: every id is stable (claims store it). */
export const CHALLENGE_POOL: readonly ChallengeDef[] = Object.freeze([
  { id: 'roll_10', kind: 'rolls', goal: 10, title: 'Roll 10 times', reward: { dice: 2, gogo: 0 } },
  { id: 'roll_20', kind: 'rolls', goal: 20, title: 'Roll 20 times', reward: { dice: 4, gogo: 0 } },
  { id: 'roll_40', kind: 'rolls', goal: 40, title: 'Roll 40 times', reward: { dice: 6, gogo: 10 } },
  { id: 'win_50', kind: 'gogo_won', goal: 50, title: 'Win 50 GOGO', reward: { dice: 2, gogo: 0 } },
  { id: 'win_100', kind: 'gogo_won', goal: 100, title: 'Win 100 GOGO', reward: { dice: 3, gogo: 10 } },
  { id: 'win_250', kind: 'gogo_won', goal: 250, title: 'Win 250 GOGO', reward: { dice: 5, gogo: 25 } },
  { id: 'lap_1', kind: 'laps', goal: 1, title: 'Pass Start once', reward: { dice: 2, gogo: 0 } },
  { id: 'lap_2', kind: 'laps', goal: 2, title: 'Pass Start twice', reward: { dice: 4, gogo: 10 } },
  { id: 'property_3', kind: 'properties', goal: 3, title: 'Land on 3 properties', reward: { dice: 2, gogo: 5 } },
  { id: 'property_8', kind: 'properties', goal: 8, title: 'Land on 8 properties', reward: { dice: 4, gogo: 15 } },
  { id: 'chance_2', kind: 'chances', goal: 2, title: 'Land on Chance twice', reward: { dice: 3, gogo: 0 } },
  { id: 'six_3', kind: 'sixes', goal: 3, title: 'Roll a 6 three times', reward: { dice: 3, gogo: 5 } },
  { id: 'daily_dice', kind: 'daily_dice', goal: 1, title: 'Claim the daily dice', reward: { dice: 1, gogo: 5 } },
  { id: 'roll_5', kind: 'rolls', goal: 5, title: 'Roll 5 times', reward: { dice: 1, gogo: 0 } },
]);

export const CHALLENGES_PER_DAY = 3;
/** Every CHALLENGE_STREAK_BONUS_DAY-th day in a row with all three claimed pays the bonus. */
export const CHALLENGE_STREAK_BONUS_DAY = 7;
export const CHALLENGE_STREAK_BONUS = { dice: 10, gogo: 50 } as const;

export const challengeById = (id: string): ChallengeDef | undefined => CHALLENGE_POOL.find((c) => c.id === id);

/** 32-bit FNV-1a of a text: the seed of a player's day. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The player's three challenges of a UTC day ('YYYY-MM-DD'): distinct kinds, the same on every call. */
export function dailyChallenges(
  userId: number,
  day: string,
  pool: readonly ChallengeDef[] = CHALLENGE_POOL,
): ChallengeDef[] {
  const next = seededRandom(fnv1a(`${userId}:${day}`));
  const order = [...pool];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const picked: ChallengeDef[] = [];
  for (const def of order) {
    if (picked.length === CHALLENGES_PER_DAY) break;
    if (!picked.some((p) => p.kind === def.kind)) picked.push(def);
  }
  return picked;
}

/** What happened in a player's day, as the challenges count it. */
export type DayCounts = Record<ChallengeKind, number>;

export const emptyDayCounts = (): DayCounts =>
  Object.fromEntries(CHALLENGE_KINDS.map((kind) => [kind, 0])) as DayCounts;

/** A challenge's progress, capped at its goal. */
export const challengeProgress = (def: ChallengeDef, counts: DayCounts): number => Math.min(def.goal, counts[def.kind]);

/**
 * The challenge streak after a day with all three claimed (`lastDay` the previous such day): the day
 * after extends it, the same day changes nothing, any other day starts again at 1. `bonus` is true on
 * every CHALLENGE_STREAK_BONUS_DAY-th day in a row.
 */
export function advanceChallengeStreak(
  lastDay: string | null,
  days: number,
  today: string,
): { days: number; counted: boolean; bonus: boolean } {
  if (lastDay === today) return { days, counted: false, bonus: false };
  const next =
    lastDay !== null && Date.parse(`${today}T00:00:00Z`) - Date.parse(`${lastDay}T00:00:00Z`) === 86_400_000
      ? days + 1
      : 1;
  return { days: next, counted: true, bonus: next % CHALLENGE_STREAK_BONUS_DAY === 0 };
}

/** The streak as of `today`: it lapses when neither today nor yesterday completed the three. */
export function currentChallengeStreak(lastDay: string | null, days: number, today: string): number {
  if (lastDay === null) return 0;
  const gap = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${lastDay}T00:00:00Z`);
  return gap <= 86_400_000 ? days : 0;
}
