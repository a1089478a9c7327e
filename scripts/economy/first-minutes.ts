/**
 * A new account's first minutes in the economy simulation (simulate.ts plays whole careers): how many
 * rolls the starting dice, the day's free dice, the refill and what the rolls pay back allow.
 */
import {
  dailyDiceAmount,
  emptyBoard,
  initialProgress,
  refillAnchorAfter,
  refillDice,
  resolveRoll,
  ROLL_RESOLVE_MS,
  STEP_DELAY_MS,
} from '../../shared/src/rules/index.js';
import { DEFAULT_OPTIONS, distribution, seededDrawer, type Distribution } from './simulate.js';

export interface FirstMinutes {
  minutes: number;
  players: number;
  /** Rolls a new account makes in its first minutes at x1, tapping again as soon as a roll has shown. */
  rolls: Distribution;
  /** Where those rolls' dice came from, on average per player. */
  mean: { starting: number; daily: number; refill: number; levelAndLap: number };
}

/**
 * A new account's first minutes: the starting dice, today's free dice (claimed at once), the refill and
 * the dice its rolls pay back, rolled at x1 as fast as the screen lets a player (the die resolves in
 * ROLL_RESOLVE_MS, the token steps STEP_DELAY_MS a tile, about a second to read the result).
 */
export function firstMinutes(players = 1000, minutes = 10, seed = DEFAULT_OPTIONS.seed): FirstMinutes {
  const refill = DEFAULT_OPTIONS.refill;
  const counts: number[] = [];
  const mean = { starting: 0, daily: 0, refill: 0, levelAndLap: 0 };
  for (let i = 0; i < players; i += 1) {
    const drawer = seededDrawer((seed + i * 104_729) >>> 0);
    let state = initialProgress();
    mean.starting += state.diceRollsRemaining;
    const daily = dailyDiceAmount(1);
    mean.daily += daily;
    state = { ...state, diceRollsRemaining: state.diceRollsRemaining + daily };
    let anchor: number | null = null;
    let now = 0;
    let rolls = 0;
    const end = minutes * 60_000;
    while (now < end) {
      const r = refillDice({ dice: state.diceRollsRemaining, anchor }, now, refill);
      mean.refill += r.credit;
      anchor = r.anchor;
      state = { ...state, diceRollsRemaining: r.dice };
      if (state.diceRollsRemaining < 1) {
        // Waiting for the next die, if it comes within the minutes.
        if (r.nextDieAt === null || r.nextDieAt >= end) break;
        now = r.nextDieAt;
        continue;
      }
      const { state: next, outcome } = resolveRoll(state, drawer, now, emptyBoard(), { firstRoll: rolls === 0 });
      mean.levelAndLap += outcome.levelUpDice + outcome.lapDice;
      state = next;
      rolls += 1;
      now += ROLL_RESOLVE_MS + outcome.die * STEP_DELAY_MS + 1000;
      anchor = refillAnchorAfter(state.diceRollsRemaining, anchor, now, refill.cap);
    }
    counts.push(rolls);
  }
  for (const key of Object.keys(mean) as (keyof typeof mean)[]) mean[key] /= players;
  return { minutes, players, rolls: distribution(counts), mean };
}
