/**
 * Live events (tournaments) and the weekly friends race: pure rules the server runs and the client
 * only shows. Times are epoch milliseconds; nothing here reads a clock.
 */

export const EVENT_METRICS = ['gogo_won', 'laps', 'rolls'] as const;
export type EventMetric = (typeof EVENT_METRICS)[number];

export const EVENT_REPEATS = ['daily', 'weekly'] as const;
export type EventRepeat = (typeof EVENT_REPEATS)[number];

export type EventStatus = 'upcoming' | 'live' | 'ended';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The shortest and longest event (a round of a repeating event is at most its period). */
export const EVENT_MIN_DURATION_MS = 5 * MINUTE_MS;
export const EVENT_MAX_DURATION_MS = 31 * DAY_MS;
/** The highest rank a prize range may reach, and the most ranges an event may have. */
export const EVENT_MAX_PRIZE_RANK = 10_000;
export const EVENT_MAX_PRIZE_RANGES = 20;
/** Ended events stay in the player's list this long. */
export const EVENT_ENDED_VISIBLE_MS = 7 * DAY_MS;

export const repeatPeriodMs = (repeat: EventRepeat): number => (repeat === 'daily' ? DAY_MS : WEEK_MS);

/** What a roll tells the scorers (events, challenges, the friends race). */
export interface RollFacts {
  /** GOGO the tile paid (negative on a penalty). */
  reward: number;
  lapCompleted: boolean;
  tileType: string;
  die: number;
}

/** The facts of a roll's outcome that the scorers read. */
export function rollFacts(outcome: {
  reward: number;
  lapCompleted: boolean;
  tile: { type: string };
  die: number;
}): RollFacts {
  return { reward: outcome.reward, lapCompleted: outcome.lapCompleted, tileType: outcome.tile.type, die: outcome.die };
}

/** How much a roll adds to a score of the metric: positive rewards, completed laps, or one per roll. */
export function scoreDelta(metric: EventMetric, facts: RollFacts): number {
  switch (metric) {
    case 'gogo_won':
      return Math.max(0, facts.reward);
    case 'laps':
      return facts.lapCompleted ? 1 : 0;
    case 'rolls':
      return 1;
  }
}

/** What a roll adds to a score of each metric: one entry per metric, so none can be left out. */
export function scoreDeltas(facts: RollFacts): Record<EventMetric, number> {
  return Object.fromEntries(EVENT_METRICS.map((metric) => [metric, scoreDelta(metric, facts)])) as Record<
    EventMetric,
    number
  >;
}

/** Where an event stands at `now`: its window is [startsAt, endsAt). */
export function eventStatusAt(now: number, startsAt: number, endsAt: number): EventStatus {
  if (now < startsAt) return 'upcoming';
  return now < endsAt ? 'live' : 'ended';
}

export interface Standing {
  userId: number;
  score: number;
  /** When the score last grew: of two equal scores, the one reached first ranks higher. */
  reachedAt: number;
}

/** Higher score first; a tie goes to whoever reached the score first; then the lower user id. */
export function compareStandings(a: Standing, b: Standing): number {
  return b.score - a.score || a.reachedAt - b.reachedAt || a.userId - b.userId;
}

/** Ranks 1..n in standing order (every rank distinct: ties are broken by time). */
export function rankStandings<T extends Standing>(entries: readonly T[]): Array<T & { rank: number }> {
  return [...entries].sort(compareStandings).map((entry, i) => ({ ...entry, rank: i + 1 }));
}

export interface PrizeRange {
  fromRank: number;
  toRank: number;
  gogo: number;
  dice: number;
}

/** A refused event field: which one, and why (the API answers it as a 400 naming the field). */
export interface EventFieldError {
  field: string;
  reason:
    | 'endsBeforeStart'
    | 'tooShort'
    | 'tooLong'
    | 'endsInPast'
    | 'longerThanRepeat'
    | 'rankOrder'
    | 'rankTooHigh'
    | 'overlap'
    | 'negative'
    | 'empty'
    | 'tooMany';
}

/** The schedule's first fault, or null. A round of a repeating event must fit in its period. */
export function checkSchedule(
  startsAt: number,
  endsAt: number,
  repeat: EventRepeat | null,
  now: number,
): EventFieldError | null {
  if (endsAt <= startsAt) return { field: 'endsAt', reason: 'endsBeforeStart' };
  if (endsAt <= now) return { field: 'endsAt', reason: 'endsInPast' };
  const duration = endsAt - startsAt;
  if (duration < EVENT_MIN_DURATION_MS) return { field: 'endsAt', reason: 'tooShort' };
  if (duration > EVENT_MAX_DURATION_MS) return { field: 'endsAt', reason: 'tooLong' };
  if (repeat !== null && duration > repeatPeriodMs(repeat)) return { field: 'repeat', reason: 'longerThanRepeat' };
  return null;
}

/** The prize ranges' first fault, or null: whole non-negative amounts, ordered ranks, no overlap. */
export function checkPrizes(prizes: readonly PrizeRange[]): EventFieldError | null {
  if (prizes.length > EVENT_MAX_PRIZE_RANGES) return { field: 'prizes', reason: 'tooMany' };
  for (const [i, p] of prizes.entries()) {
    const at = `prizes[${i}]`;
    if (p.gogo < 0) return { field: `${at}.gogo`, reason: 'negative' };
    if (p.dice < 0) return { field: `${at}.dice`, reason: 'negative' };
    if (p.gogo === 0 && p.dice === 0) return { field: at, reason: 'empty' };
    if (p.fromRank < 1 || p.toRank < p.fromRank) return { field: `${at}.toRank`, reason: 'rankOrder' };
    if (p.toRank > EVENT_MAX_PRIZE_RANK) return { field: `${at}.toRank`, reason: 'rankTooHigh' };
  }
  const order = prizes.map((p, i) => ({ p, i })).sort((a, b) => a.p.fromRank - b.p.fromRank);
  for (let k = 1; k < order.length; k += 1) {
    const prev = order[k - 1]!;
    const cur = order[k]!;
    if (cur.p.fromRank <= prev.p.toRank)
      return { field: `prizes[${Math.max(prev.i, cur.i)}].fromRank`, reason: 'overlap' };
  }
  return null;
}

/** The prize of a rank, or null when no range covers it. */
export function prizeForRank(prizes: readonly PrizeRange[], rank: number): PrizeRange | null {
  return prizes.find((p) => rank >= p.fromRank && rank <= p.toRank) ?? null;
}

/** The last rank any range pays (0 without prizes). */
export const lastPaidRank = (prizes: readonly PrizeRange[]): number =>
  prizes.reduce((max, p) => Math.max(max, p.toRank), 0);

export interface Payout {
  userId: number;
  rank: number;
  score: number;
  gogo: number;
  dice: number;
}

/**
 * Who is paid what when an event ends: ranks in standing order, only entrants with a positive
 * score (joining alone wins nothing), each rank paid by the range that covers it.
 */
export function payouts(standings: readonly Standing[], prizes: readonly PrizeRange[]): Payout[] {
  const out: Payout[] = [];
  for (const entry of rankStandings(standings.filter((s) => s.score > 0))) {
    const prize = prizeForRank(prizes, entry.rank);
    if (prize)
      out.push({ userId: entry.userId, rank: entry.rank, score: entry.score, gogo: prize.gogo, dice: prize.dice });
  }
  return out;
}

/** The next round of a repeating event: the same window moved by one period. */
export function nextRound(startsAt: number, endsAt: number, repeat: EventRepeat): { startsAt: number; endsAt: number } {
  const period = repeatPeriodMs(repeat);
  return { startsAt: startsAt + period, endsAt: endsAt + period };
}

/** The ranks a leaderboard page shows: the top `limit`, or `limit` ranks centred on `me`. */
export function rankWindow(total: number, limit: number, me: number | null): { from: number; to: number } {
  if (total <= 0) return { from: 1, to: 0 };
  if (me === null || me <= limit) return { from: 1, to: Math.min(total, limit) };
  const half = Math.floor((limit - 1) / 2);
  let from = Math.max(1, me - half);
  const to = Math.min(total, from + limit - 1);
  from = Math.max(1, to - limit + 1);
  return { from, to };
}

// ── The weekly friends race ──────────────────────────────────────────────────

/** A friends race needs this many players (you and at least two friends) to pay its prize. */
export const FRIENDS_RACE_MIN_PLAYERS = 3;
export const FRIENDS_RACE_PRIZE = { gogo: 50, dice: 5 } as const;

/** Monday 00:00 UTC of the week of `now`. */
export function weekStartOf(now: number): number {
  const day = Math.floor(now / DAY_MS);
  // Day 0, 1970-01-01, was a Thursday: Monday 0 .. Sunday 6.
  const weekday = (((day + 3) % 7) + 7) % 7;
  return (day - weekday) * DAY_MS;
}
export const weekEndOf = (now: number): number => weekStartOf(now) + WEEK_MS;
/** The last week's key, kept: a roll asks for it more than once, and it changes once a week. */
let lastWeek = { start: Number.NaN, key: '' };
/** The week's key, its Monday as 'YYYY-MM-DD'. */
export function weekKeyOf(now: number): string {
  const start = weekStartOf(now);
  if (start !== lastWeek.start) lastWeek = { start, key: new Date(start).toISOString().slice(0, 10) };
  return lastWeek.key;
}

/** Rolls in the week that make a member of the field an entrant: idle accounts do not fill a race. */
export const FRIENDS_RACE_MIN_ROLLS = 10;

/** A member of a race's field: their standing and how many times they rolled that week. */
export interface RaceEntrant extends Standing {
  rolls: number;
}

/**
 * The winner of a player's race (the player and the field frozen at the week's start) or null: only
 * members who rolled FRIENDS_RACE_MIN_ROLLS times that week are entrants, at least
 * FRIENDS_RACE_MIN_PLAYERS entrants are needed, and the top entrant needs a positive score.
 */
export function raceWinner(field: readonly RaceEntrant[]): number | null {
  const entrants = field.filter((e) => e.rolls >= FRIENDS_RACE_MIN_ROLLS);
  if (entrants.length < FRIENDS_RACE_MIN_PLAYERS) return null;
  const top = rankStandings(entrants)[0];
  return top && top.score > 0 ? top.userId : null;
}

/**
 * Friends a score gain passes: before the roll they were level with or ahead of the player
 * (score >= before) and now they are behind (score < after). Friends at 0 are never "passed".
 */
export function overtaken(
  before: number,
  after: number,
  friends: readonly { userId: number; score: number }[],
): number[] {
  if (after <= before) return [];
  return friends.filter((f) => f.score > 0 && f.score >= before && f.score < after).map((f) => f.userId);
}
