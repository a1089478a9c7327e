import { FRIENDS_RACE_PRIZE, raceWinner, weekKeyOf, type LedgerDelta } from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import { lockGameState, postLedgerTx } from '../ledger/index.js';
import { publish } from '../../core/events.js';
import { challengesRepo as repo } from './repo.js';
import { freezeRaceField, raceFieldOf, rollsInWeek } from './race-field.js';
import type { FriendsOf } from './service.js';

export interface RaceSettlementDeps {
  database: Database;
  clock: Clock;
  /** Kept for the callers' wiring; the field is the one stored for the week (race-field.ts). */
  friendsOf?: FriendsOf;
  /** Inside the settlement's transaction, before it commits: tests throw here to play a crash. */
  beforeCommit?: (tx: Tx, week: string) => Promise<void> | void;
}

/**
 * Pays the friends race of a week that has ended, once: the week's row is inserted first (a second
 * instance's insert finds it and pays nothing; a crash rolls it back with the prizes). A player wins
 * when they top their own race (themselves and the friends they had when the week started, of whom
 * FRIENDS_RACE_MIN_PLAYERS or more rolled FRIENDS_RACE_MIN_ROLLS times that week) with GOGO won
 * that week.
 */
export async function settleRaceWeek(deps: RaceSettlementDeps, week: string): Promise<number | null> {
  return deps.database.write(async (tx) => {
    const now = deps.clock();
    if (!(await repo.claimWeek(tx, week, now))) return null;
    const racers = await repo.weekRacers(tx, week);
    const scoreOf = new Map(racers.map((r) => [r.userId, r]));
    const rollsOf = new Map<number, number>();
    const entrant = async (userId: number) => {
      if (!rollsOf.has(userId)) rollsOf.set(userId, await rollsInWeek(tx, week, userId));
      const standing = scoreOf.get(userId) ?? { userId, score: 0, reachedAt: now };
      return { ...standing, rolls: rollsOf.get(userId)! };
    };
    const winners: Array<{ userId: number; score: number }> = [];
    for (const racer of racers) {
      // The field frozen when the week started: friends made later, or removed since, change nothing.
      await freezeRaceField(tx, week, racer.userId);
      const field = [racer.userId, ...(await raceFieldOf(tx, week, racer.userId))];
      const board = [];
      for (const id of field) board.push(await entrant(id));
      if (raceWinner(board) === racer.userId) winners.push(racer);
    }
    const reason = `friends_race:${week}`;
    const deltas: LedgerDelta[] = [
      { asset: 'GOGO', amount: FRIENDS_RACE_PRIZE.gogo, type: 'prize', reason },
      { asset: 'DICE', amount: FRIENDS_RACE_PRIZE.dice, type: 'prize', reason },
    ];
    for (const win of winners.sort((a, b) => a.userId - b.userId)) {
      if ((await repo.insertRacePrize(tx, week, win.userId, win.score, now)) !== 1) continue;
      await lockGameState(tx, win.userId, now);
      await postLedgerTx(tx, win.userId, deltas, now, { refType: 'friends_race' });
      publish(tx, { type: 'state', userId: win.userId });
    }
    await repo.setWinners(tx, week, winners.length);
    await deps.beforeCommit?.(tx, week);
    return winners.length;
  });
}

/** Settles every ended week not settled yet. */
export async function settleRaceWeeks(deps: RaceSettlementDeps): Promise<string[]> {
  const settled: string[] = [];
  for (const week of await repo.dueWeeks(deps.database.read, weekKeyOf(deps.clock()))) {
    if ((await settleRaceWeek(deps, week)) !== null) settled.push(week);
  }
  return settled;
}
