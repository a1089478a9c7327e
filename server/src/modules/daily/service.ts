import type { DailyDiceClaim, DailyDiceStatus, DailyLoginResult } from '@gogo/shared/api';
import { ErrorCode } from '@gogo/shared/api';
import { gameText } from '@gogo/shared/messages';
import {
  advanceStreak,
  canClaimToday,
  currentStreakDays,
  dailyDiceAmount,
  dailyLoginBonus,
  nextMilestone,
  utcDay,
  type RefillPolicy,
  type StreakRecord,
} from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Queryable, Tx } from '../../db/sql.js';
import { conflict } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { lockGameState, postLedgerTx, postWithRefill, readGameState } from '../ledger/index.js';
import { publish } from '../../core/events.js';
import { scheduleNotification } from '../push/index.js';
import { dailyRepo as repo, type StreakKind } from './repo.js';

const MS_PER_DAY = 86_400_000;

/** The next 00:00 UTC after `now`, when a new daily claim or login counts. */
export function nextUtcMidnight(now: number): string {
  return new Date((Math.floor(now / MS_PER_DAY) + 1) * MS_PER_DAY).toISOString();
}

/** A player's streak of one kind (the game state shows the login streak, stats both). */
export const streakOf = (q: Queryable, userId: number, kind: StreakKind): Promise<StreakRecord> =>
  repo.streak(q, userId, kind);
/** streakOf as a read for the caller's Tx.readEach. */
export const streakRead = (userId: number, kind: StreakKind) => repo.streakRead(userId, kind);

/**
 * Free daily dice and the daily login bonus, both counted in UTC days (docs/adr, 'Daily login
 * streak and free daily dice').
 */
export function createDailyService(deps: {
  database: Database;
  /** The game's tokens-earned counter, moved by the login bonus in the same transaction. */
  addTokensEarnedIn: (tx: Tx, userId: number, amount: number, now: number) => Promise<void>;
  clock: Clock;
  /** The dice refill, applied with a claim (DICE_REFILL_MINUTES, DICE_REFILL_CAP). */
  diceRefill: RefillPolicy;
}) {
  const { database, clock } = deps;

  return {
    async diceStatus(userId: number): Promise<DailyDiceStatus> {
      const now = clock();
      const record = await repo.streak(database.read, userId, 'dice');
      const canClaim = canClaimToday(record, now);
      const consecutiveDays = currentStreakDays(record, now);
      const rollsToday = canClaim
        ? dailyDiceAmount(advanceStreak(record, now).record.consecutiveDays)
        : ((await repo.diceClaimOn(database.read, userId, utcDay(now)))?.diceAdded ?? 0);
      return {
        canClaim,
        consecutiveDays,
        totalClaims: record.total,
        nextMilestone: nextMilestone(consecutiveDays),
        rollsToday,
        nextClaimAt: nextUtcMidnight(now),
      };
    },

    /** Once per UTC day: a second claim the same day is 409 ALREADY_CLAIMED and credits nothing. */
    async claimDice(userId: number): Promise<DailyDiceClaim> {
      return database.write(async (tx) => {
        const now = clock();
        // The state lock first: two claims of one player queue here and the second sees the first's streak.
        const state = await lockGameState(tx, userId, now);
        const { record, counted } = advanceStreak(await repo.streak(tx, userId, 'dice'), now);
        if (!counted) throw conflict(ErrorCode.ALREADY_CLAIMED, gameText.alreadyClaimed);
        const diceRollsAdded = dailyDiceAmount(record.consecutiveDays);
        const claimId = await repo.insertDiceClaim(tx, {
          userId,
          day: utcDay(now),
          diceAdded: diceRollsAdded,
          consecutiveDays: record.consecutiveDays,
          now,
        });
        await repo.saveStreak(tx, userId, 'dice', record, now);
        // The refill due is credited first, in this transaction: the claim's dice come on top of it.
        const after = await postWithRefill(
          tx,
          userId,
          state,
          [{ asset: 'DICE', amount: diceRollsAdded, type: 'reward', reason: 'daily_dice' }],
          now,
          { refType: 'daily_dice_claim', refId: claimId },
          deps.diceRefill,
        );
        publish(tx, { type: 'state', userId });
        // The next day's dice are ready at 00:00 UTC: a push then, if the player wants it.
        await scheduleNotification(tx, userId, 'daily_ready', Date.parse(nextUtcMidnight(now)));
        return { diceRollsAdded, consecutiveDays: record.consecutiveDays, diceRollsRemaining: after.dice };
      });
    },

    /**
     * The game calls this when it loads. The first call of a UTC day counts the day and credits
     * 50 GOGO x consecutive days plus the milestone bonus; later calls that day change nothing.
     */
    async login(userId: number): Promise<DailyLoginResult> {
      const now = clock();
      const before = await repo.streak(database.read, userId, 'login');
      // Already counted today (the usual call): answered from a read, no write at all.
      if (!advanceStreak(before, now).counted) return notCounted(before, now, userId);
      return database.write(async (tx) => {
        const state = await lockGameState(tx, userId, now);
        const current = await repo.streak(tx, userId, 'login');
        const { record, counted } = advanceStreak(current, now);
        if (!counted) return notCounted(current, now, userId, state.balance);
        const bonus = dailyLoginBonus(record.consecutiveDays);
        const loginId = await repo.insertLogin(tx, {
          userId,
          day: utcDay(now),
          bonus,
          consecutiveDays: record.consecutiveDays,
          now,
        });
        await repo.saveStreak(tx, userId, 'login', record, now);
        const after = await postLedgerTx(
          tx,
          userId,
          [{ asset: 'GOGO', amount: bonus, type: 'reward', reason: 'daily_login' }],
          now,
          { refType: 'daily_login', refId: loginId },
          state,
        );
        await deps.addTokensEarnedIn(tx, userId, bonus, now);
        publish(tx, { type: 'state', userId });
        return {
          counted: true,
          consecutiveDays: record.consecutiveDays,
          totalLogins: record.total,
          bonus,
          balance: after.balance,
          nextMilestone: nextMilestone(record.consecutiveDays),
        };
      });
    },
  };

  async function notCounted(
    record: StreakRecord,
    now: number,
    userId: number,
    balance?: number,
  ): Promise<DailyLoginResult> {
    const consecutiveDays = currentStreakDays(record, now);
    const known = balance ?? (await readGameState(database.read, userId))?.balance ?? 0;
    return {
      counted: false,
      consecutiveDays,
      totalLogins: record.total,
      bonus: 0,
      balance: known,
      nextMilestone: nextMilestone(consecutiveDays),
    };
  }
}

export type DailyService = ReturnType<typeof createDailyService>;
