import type { DiceBalance, GameStateDto, RollResult } from '@gogo/shared/api';
import { ErrorCode } from '@gogo/shared/api';
import { createDrawer } from '@gogo/shared/fairness';
import { gameText } from '@gogo/shared/messages';
import {
  isRuleError,
  resetProgress,
  resolveRoll,
  ROLL_COOLDOWN_MS,
  sumLedger,
  type GameProgress,
} from '@gogo/shared/rules';
import type { Database_, Db } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { ensureGameState, postLedger, type GameStateRow } from '../ledger/ledger.js';
import type { DailyRepo } from '../daily/repo.js';
import type { FairnessService } from '../fairness/service.js';
import type { GameRepo } from './repo.js';
import { progressFromRow, toGameStateDto, virtualStateRow } from './state.js';

/**
 * Runs INSIDE the roll's transaction, after the roll, its ledger rows and the new state are
 * written. `totalRolls` is the player's lifetime roll number (1 for the first roll ever); a
 * progress reset does not lower it. A hook that throws rolls the whole roll back. Hooks write only
 * through the ledger module (for example the referral reward on the referred friend's 30th roll).
 */
export type AfterRollHook = (db: Db, userId: number, totalRolls: number, now: number) => void;

/** Extension point: other modules push their hook here once, at import or app build time. */
export const afterRollHooks: AfterRollHook[] = [];

export interface RollOptions {
  requestId?: string | undefined;
}

export interface RollAnswer {
  result: RollResult;
  /** True when the answer is the stored one of an earlier request with the same requestId. */
  replayed: boolean;
}

const cooldown = (cooldownEndTime: number) =>
  new AppError(429, ErrorCode.ROLL_COOLDOWN, gameText.cooldown, { cooldownEndTime });
const noRolls = () => badRequest(ErrorCode.NO_ROLLS, gameText.noRollsLeft);

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The game: rolls, the state the client draws, the dice balance. */
export function createGameService(deps: {
  database: Database_;
  repo: GameRepo;
  daily: DailyRepo;
  fairness: FairnessService;
  clock: Clock;
  /** Bench only (GOGO_BENCH_NO_COOLDOWN): the 1 s cooldown is lifted. */
  noCooldown: boolean;
}) {
  const { database, repo, daily, fairness, clock } = deps;

  const dto = (progress: GameProgress, lastRollAt: number | null, userId: number, now: number) =>
    toGameStateDto(progress, lastRollAt, daily.streak(userId, 'login'), now);

  const readRow = (userId: number, now: number): GameStateRow => repo.stateRow(userId) ?? virtualStateRow(userId, now);

  /** One roll, in one immediate transaction (decisions.md sections 1 and 2). */
  function rollIn(tx: Db, userId: number, requestId: string | null, now: number): RollAnswer {
    if (requestId !== null) {
      const stored = repo.rollResultByRequest(userId, requestId);
      if (stored !== undefined) return { result: JSON.parse(stored) as RollResult, replayed: true };
    }
    const row = repo.stateRow(userId) ?? ensureGameState(tx, userId, now);
    if (!deps.noCooldown && row.lastRollAt !== null && now - row.lastRollAt < ROLL_COOLDOWN_MS) {
      throw cooldown(row.lastRollAt + ROLL_COOLDOWN_MS);
    }
    if (row.diceRollsRemaining < 1) throw noRolls();

    const seed = fairness.activeSeedIn(tx, userId, now);
    const nonce = seed.nextNonce;
    const before = progressFromRow(row);
    const { state, outcome, ledger } = resolveRoll(before, createDrawer(seed.serverSeed, seed.clientSeed, nonce), now);

    // The rules' state must be exactly the cached balances moved by the ledger rows: check it
    // before writing anything, so a rule bug can never desynchronise balance and ledger.
    const sums = sumLedger(ledger);
    if (
      state.balance !== before.balance + sums.GOGO ||
      state.diceRollsRemaining !== before.diceRollsRemaining + sums.DICE
    ) {
      throw new Error(`roll for user ${userId}: state and ledger deltas disagree`);
    }

    const seq = repo.lifetimeRolls(userId) + 1;
    const achievementReward = outcome.achievementsUnlocked.reduce((total, a) => total + a.reward, 0);
    const rollId = repo.insertRoll({
      userId,
      seq,
      seedId: seed.id,
      clientSeed: seed.clientSeed,
      nonce,
      die: outcome.die,
      from: outcome.from,
      to: outcome.to,
      tileId: outcome.tile.id,
      rawReward: outcome.rawReward,
      appliedReward: outcome.reward,
      achievementReward,
      isJackpot: outcome.isJackpot,
      requestId,
      createdAt: now,
    });
    postLedger(tx, userId, ledger, now, { refType: 'roll', refId: rollId });
    repo.updateProgress(userId, state, now, now);
    fairness.consumeNonce(seed);
    for (const unlocked of outcome.achievementsUnlocked) {
      repo.insertUnlock(userId, unlocked.id, unlocked.reward, rollId, now);
    }
    for (const hook of afterRollHooks) hook(tx, userId, seq, now);

    const result: RollResult = {
      rollId,
      die: outcome.die,
      die1: outcome.die,
      die2: 0,
      total: outcome.die,
      from: outcome.from,
      to: outcome.to,
      path: outcome.path,
      tile: { id: outcome.tile.id, name: outcome.tile.name, type: outcome.tile.type, icon: outcome.tile.icon },
      rawReward: outcome.rawReward,
      reward: outcome.reward,
      xpGained: outcome.xpGained,
      levelUps: outcome.levelUps,
      lapCompleted: outcome.lapCompleted,
      isJackpot: outcome.isJackpot,
      achievementsUnlocked: outcome.achievementsUnlocked.map((a) => ({ id: a.id, name: a.name, reward: a.reward })),
      state: dto(state, now, userId, now),
      fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce },
      createdAt: new Date(now).toISOString(),
    };
    repo.setRollResult(rollId, JSON.stringify(result));
    return { result, replayed: false };
  }

  return {
    roll(userId: number, options: RollOptions = {}): RollAnswer {
      const requestId = options.requestId ?? null;
      try {
        return database.legacyWrite((tx) => rollIn(tx, userId, requestId, clock()));
      } catch (err) {
        // Two requests with one requestId cannot both pass the check inside the transaction (writes
        // are serialised); should one ever get here, the unique index turns it into a replay.
        if (requestId !== null && isUniqueViolation(err)) {
          const stored = repo.rollResultByRequest(userId, requestId);
          if (stored !== undefined) return { result: JSON.parse(stored) as RollResult, replayed: true };
        }
        if (isRuleError(err) && err.code === 'NO_ROLLS') throw noRolls();
        throw err;
      }
    },

    state(userId: number): GameStateDto {
      const now = clock();
      const row = readRow(userId, now);
      return dto(progressFromRow(row), row.lastRollAt, userId, now);
    },

    /** Progress starts over; balance, dice rolls and the record of paid achievements stay. */
    reset(userId: number): GameStateDto {
      return database.legacyWrite((tx) => {
        const now = clock();
        const row = repo.stateRow(userId) ?? ensureGameState(tx, userId, now);
        const next = resetProgress(progressFromRow(row));
        repo.updateProgress(userId, next, row.lastRollAt, now);
        return dto(next, row.lastRollAt, userId, now);
      });
    },

    diceBalance(userId: number): DiceBalance {
      const row = readRow(userId, clock());
      return {
        diceRollsRemaining: row.diceRollsRemaining,
        totalDiceRollsPurchased: repo.dicePurchased(userId),
        totalDiceRollsUsed: repo.lifetimeRolls(userId),
      };
    },

    /** Credits `amount` to the tokens-earned counter (daily login bonus). Inside database.legacyWrite(). */
    addTokensEarned: (userId: number, amount: number, now: number) => repo.addTokensEarned(userId, amount, now),
  };
}

export type GameService = ReturnType<typeof createGameService>;
