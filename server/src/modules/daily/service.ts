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
} from '@gogo/shared/rules';
import type { Database_ } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { ensureGameState, postLedger } from '../ledger/ledger.js';
import type { GameRepo } from '../game/repo.js';
import type { DailyRepo } from './repo.js';

const MS_PER_DAY = 86_400_000;

/** The next 00:00 UTC after `now`, when a new daily claim or login counts. */
export function nextUtcMidnight(now: number): string {
  return new Date((Math.floor(now / MS_PER_DAY) + 1) * MS_PER_DAY).toISOString();
}

/** Free daily dice and the daily login bonus, both counted in UTC days (decisions.md section 3). */
export function createDailyService(deps: { database: Database_; repo: DailyRepo; game: GameRepo; clock: Clock }) {
  const { database, repo, game, clock } = deps;

  return {
    diceStatus(userId: number): DailyDiceStatus {
      const now = clock();
      const record = repo.streak(userId, 'dice');
      const canClaim = canClaimToday(record, now);
      const consecutiveDays = currentStreakDays(record, now);
      const rollsToday = canClaim
        ? dailyDiceAmount(advanceStreak(record, now).record.consecutiveDays)
        : (repo.diceClaimOn(userId, utcDay(now))?.diceAdded ?? 0);
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
    claimDice(userId: number): DailyDiceClaim {
      return database.legacyWrite((tx) => {
        const now = clock();
        const { record, counted } = advanceStreak(repo.streak(userId, 'dice'), now);
        if (!counted) throw conflict(ErrorCode.ALREADY_CLAIMED, gameText.alreadyClaimed);
        const diceRollsAdded = dailyDiceAmount(record.consecutiveDays);
        ensureGameState(tx, userId, now);
        const claim = repo.insertDiceClaim(tx, {
          userId,
          day: utcDay(now),
          diceAdded: diceRollsAdded,
          consecutiveDays: record.consecutiveDays,
          createdAt: now,
        });
        repo.saveStreak(tx, userId, 'dice', record, now);
        postLedger(tx, userId, [{ asset: 'DICE', amount: diceRollsAdded, type: 'reward', reason: 'daily_dice' }], now, {
          refType: 'daily_dice_claim',
          refId: claim.id,
        });
        return {
          diceRollsAdded,
          consecutiveDays: record.consecutiveDays,
          diceRollsRemaining: game.stateRow(userId)?.diceRollsRemaining ?? 0,
        };
      });
    },

    /**
     * The game calls this when it loads. The first call of a UTC day counts the day and credits
     * 50 GOGO x consecutive days plus the milestone bonus; later calls that day change nothing.
     */
    login(userId: number): DailyLoginResult {
      return database.legacyWrite((tx) => {
        const now = clock();
        const before = repo.streak(userId, 'login');
        const { record, counted } = advanceStreak(before, now);
        if (!counted) {
          const consecutiveDays = currentStreakDays(before, now);
          return {
            counted: false,
            consecutiveDays,
            totalLogins: before.total,
            bonus: 0,
            balance: game.stateRow(userId)?.balance ?? 0,
            nextMilestone: nextMilestone(consecutiveDays),
          };
        }
        const bonus = dailyLoginBonus(record.consecutiveDays);
        ensureGameState(tx, userId, now);
        const login = repo.insertLogin(tx, {
          userId,
          day: utcDay(now),
          bonus,
          consecutiveDays: record.consecutiveDays,
          createdAt: now,
        });
        repo.saveStreak(tx, userId, 'login', record, now);
        postLedger(tx, userId, [{ asset: 'GOGO', amount: bonus, type: 'reward', reason: 'daily_login' }], now, {
          refType: 'daily_login',
          refId: login.id,
        });
        game.addTokensEarned(userId, bonus, now);
        return {
          counted: true,
          consecutiveDays: record.consecutiveDays,
          totalLogins: record.total,
          bonus,
          balance: game.stateRow(userId)?.balance ?? 0,
          nextMilestone: nextMilestone(record.consecutiveDays),
        };
      });
    },
  };
}

export type DailyService = ReturnType<typeof createDailyService>;
