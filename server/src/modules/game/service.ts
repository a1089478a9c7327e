import type { DiceBalance, GameStateDto, RollResult } from '@gogo/shared/api';
import { ErrorCode } from '@gogo/shared/api';
import { gameText } from '@gogo/shared/messages';
import {
  isMultiplierUnlocked,
  isRuleError,
  multiplierUnlock,
  refillAnchorAfter,
  resetProgress,
  resolveRoll,
  sumLedger,
  type GameProgress,
  type DiceMultiplier,
  type PlayerBoard,
  type RefillPolicy,
  type RollOutcome,
  type StreakRecord,
} from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Queryable, Read, Tx, Write } from '../../db/sql.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import {
  decodeState,
  lockGameState,
  planLedgerTx,
  planRefill,
  progressColumns,
  readGameState,
  type GameState,
  addTokensEarned,
  dicePurchased,
  saveProgress,
} from '../ledger/index.js';
import type { FairnessService } from '../fairness/index.js';
import { createNodeDrawer, rollsServed } from '../fairness/index.js';
import { publish } from '../../core/events.js';
import { gameRepo as repo, type NewRoll } from './repo.js';
import { gameStateFields, progressFromRow, refillShown, toGameStateDto, virtualStateRow } from './state.js';
import { stepReads, type AfterRoll, type AfterRollStep } from './after-roll.js';
import { answerOf, packStored, storedAnswer, storedBoard } from './stored-answer.js';
import type { PlayerSession, StoredSession } from '../auth/index.js';

export interface RollOptions {
  requestId?: string | undefined;
  /** Dice spent by the roll and the factor of its GOGO; 1 when absent. */
  multiplier?: DiceMultiplier | undefined;
  /**
   * The request's token, still to be checked against the account in the roll's transaction (the
   * route's requirePlayerInHandler); absent when the caller checked it already.
   */
  session?: PlayerSession | null | undefined;
}

/** The auth module's side of a roll's token check (SessionState). */
export interface RollSessions {
  /** The token version and the presence, in the roll's transaction. */
  checkIn(tx: Tx, userId: number, session: PlayerSession, stored: StoredSession, now: number): Promise<void>;
  /** The presence alone, in a transaction of its own (once a minute at most). */
  touchLastSeen(userId: number, now: number): Promise<void>;
}

export interface RollAnswer {
  /** The RollResult as JSON: the stored text with its rollId put back, serialised once per roll. */
  json: string;
  /** True when the answer is the stored one of an earlier request with the same requestId. */
  replayed: boolean;
}

/** The stored answer (a JSON object without rollId) with its rollId first, as RollResult orders it. */
const withRollId = (rollId: number, stored: string) => `{"rollId":${rollId},${stored.slice(1)}`;

const cooldown = (cooldownEndTime: number) =>
  new AppError(429, ErrorCode.ROLL_COOLDOWN, gameText.cooldown, { cooldownEndTime });
const noRolls = () => badRequest(ErrorCode.NO_ROLLS, gameText.noRollsLeft);
const multiplierLocked = (multiplier: DiceMultiplier) => {
  const unlock = multiplierUnlock(multiplier);
  return badRequest(ErrorCode.MULTIPLIER_LOCKED, gameText.multiplierLocked(multiplier, unlock.level, unlock.dice), {
    multiplier,
    level: unlock.level,
    dice: unlock.dice,
  });
};

/** The answer of an earlier roll with this request id, sent again as it was; undefined when there is none. */
async function replayOf(
  fairness: FairnessService,
  q: Queryable,
  userId: number,
  requestId: string,
): Promise<RollAnswer | undefined> {
  const stored = await repo.rollByRequest(q, userId, requestId);
  if (stored === undefined) return undefined;
  const serverSeedHash = await fairness.serverSeedHashOf(q, stored.seedId);
  return { json: withRollId(stored.id, storedAnswer({ ...stored, serverSeedHash })), replayed: true };
}

/**
 * The state row locked, with the session and a stored answer, in one statement, and `reads` sent
 * right behind it: PostgreSQL runs them once the lock is held, with a snapshot of their own, so the
 * two cost one round trip. Before the player's first game action there is no row to lock: it is
 * created (ledger's lockGameState), and both are sent again.
 */
async function lockForRoll<R>(tx: Tx, userId: number, requestId: string | null, now: number, reads: () => Promise<R>) {
  const lock = repo.rollContext(tx, userId, requestId);
  const afterLock = reads();
  afterLock.catch(() => undefined); // unused when the roll is refused or replayed
  const found = await lock;
  if (found !== undefined) return { context: found, afterLock };
  await lockGameState(tx, userId, now);
  const created = await repo.rollContext(tx, userId, requestId);
  if (created === undefined) throw new Error(`no game state for user ${userId}`);
  return { context: created, afterLock: reads() };
}

/** A refused roll with a requestId answers that roll if it was served meanwhile (see repo.rollContext). */
async function refuse(
  fairness: FairnessService,
  tx: Tx,
  userId: number,
  requestId: string | null,
  refusal: AppError,
): Promise<RollAnswer> {
  const replayed = requestId === null ? undefined : await replayOf(fairness, tx, userId, requestId);
  if (replayed !== undefined) return replayed;
  throw refusal;
}

/**
 * Stores the roll and the writes that follow from it (`rest`, given the roll's id). On PostgreSQL
 * the id was drawn with the lock, so the roll, its ledger rows, the new state, the nonce and the
 * unlocks go in ONE statement, sent with the COMMIT (Tx.sendWrites); on SQLite, in process, the
 * insert answers the id first.
 */
async function storeRoll(
  tx: Tx,
  drawnId: number | null,
  roll: NewRoll,
  rest: (rollId: number) => Write[],
): Promise<number> {
  if (drawnId !== null) {
    tx.sendWrites([repo.insertRollWrite(roll, drawnId), ...rest(drawnId)]);
    return drawnId;
  }
  const rollId = await repo.insertRoll(tx, roll);
  await tx.runAll(rest(rollId));
  return rollId;
}

/** The roll's row: `answer` is its answer as stored (stored-answer.ts), `seq` the player's lifetime roll number. */
function rollRow(
  userId: number,
  seq: number,
  seed: { id: number; clientSeed: string; nextNonce: number },
  outcome: RollOutcome,
  requestId: string | null,
  answer: Buffer,
  now: number,
): NewRoll {
  return {
    userId,
    seq,
    seedId: seed.id,
    clientSeed: seed.clientSeed,
    nonce: seed.nextNonce,
    die: outcome.die,
    from: outcome.from,
    to: outcome.to,
    tileId: outcome.tile.id,
    rawReward: outcome.rawReward,
    appliedReward: outcome.reward,
    achievementReward: outcome.achievementsUnlocked.reduce((total, a) => total + a.reward, 0),
    isJackpot: outcome.isJackpot,
    boardNumber: outcome.boardNumber,
    propertyLevel: outcome.propertyLevel,
    multiplier: outcome.multiplier,
    firstRoll: outcome.firstRoll ? 1 : 0,
    salary: outcome.salary,
    requestId,
    result: '',
    answer,
    createdAt: now,
  };
}

/**
 * The answer of a roll without its rollId (the stored row's id) and without what the row's columns
 * hold (its fairness and time, put back by answerOf): complete before the row is written. Its state
 * is stored with the board's key instead of the board view (stored-answer.ts).
 */
function rollAnswer<S>(
  outcome: RollOutcome,
  state: S,
): Omit<RollResult, 'rollId' | 'state' | 'fairness' | 'createdAt'> & { state: S } {
  return {
    die: outcome.die,
    die1: outcome.die,
    die2: 0,
    total: outcome.die,
    from: outcome.from,
    to: outcome.to,
    path: outcome.path,
    tile: { id: outcome.tile.id, name: outcome.tile.name, type: outcome.tile.type, icon: outcome.tile.icon },
    rawReward: outcome.rawReward,
    boardNumber: outcome.boardNumber,
    propertyLevel: outcome.propertyLevel,
    rewardMultiplier: outcome.rewardMultiplier,
    reward: outcome.reward,
    multiplier: outcome.multiplier,
    firstRoll: outcome.firstRoll,
    passedStart: outcome.passedStart,
    salary: outcome.salary,
    levelUpDice: outcome.levelUpDice,
    lapDice: outcome.lapDice,
    xpGained: outcome.xpGained,
    levelUps: outcome.levelUps,
    lapCompleted: outcome.lapCompleted,
    isJackpot: outcome.isJackpot,
    achievementsUnlocked: outcome.achievementsUnlocked.map((a) => ({ id: a.id, name: a.name, reward: a.reward })),
    state,
  };
}

export interface GameServiceDeps {
  database: Database;
  fairness: FairnessService;
  /** The player's login streak (the daily module's), shown in the state. */
  loginStreak: (q: Queryable, userId: number) => Promise<StreakRecord>;
  /** The player's board of properties (the board module's): a roll's reward depends on it. */
  boardLevels: (q: Queryable, userId: number) => Promise<PlayerBoard>;
  /** The same two as reads, which the roll sends together with its seed read (Tx.readEach). */
  rollReads: {
    loginStreak: (userId: number) => Read<StreakRecord>;
    boardLevels: (userId: number) => Read<PlayerBoard>;
  };
  clock: Clock;
  /** The least time between two rolls of a player: ROLL_COOLDOWN_MS, less only in tests and benches. */
  cooldownMs: number;
  /** Steps run in this order inside every roll's transaction (after-roll.ts); app.ts lists them. */
  afterRoll: readonly AfterRollStep[];
  /** The token check of a roll whose route left it to the roll's transaction. */
  sessions: RollSessions;
  /** One die every interval up to the cap (DICE_REFILL_MINUTES, DICE_REFILL_CAP). */
  diceRefill: RefillPolicy;
}

/**
 * One roll, in one transaction that holds the player's state lock (docs/adr, 'The server
 * decides everything of value' and 'Dice are drawn from a provably fair seed').
 */
async function rollIn(
  deps: GameServiceDeps,
  tx: Tx,
  userId: number,
  requestId: string | null,
  session: PlayerSession | null,
  now: number,
  times: DiceMultiplier,
): Promise<RollAnswer> {
  const { fairness, diceRefill } = deps;
  // The lock first: a concurrent request with the same requestId waits here. Right behind it, in
  // the same round trip: the seed, the board, the login streak and the after-roll steps' reads.
  // The board is read under the state lock: an upgrade takes the same lock, so the level a roll
  // pays on is the level recorded with it.
  const steps = stepReads(deps.afterRoll, userId, now);
  const { context, afterLock } = await lockForRoll(tx, userId, requestId, now, () =>
    tx.readEach([
      fairness.seedForRollRead(userId),
      deps.rollReads.boardLevels(userId),
      deps.rollReads.loginStreak(userId),
      ...steps.reads,
    ] as const),
  );
  if (session !== null) await deps.sessions.checkIn(tx, userId, session, context, now);
  if (context.replayId !== null && requestId !== null) {
    const replayed = await replayOf(fairness, tx, userId, requestId);
    if (replayed !== undefined) return replayed;
  }
  const row = decodeState(context);
  // A cooldown of 0 (benches) never refuses, not even when a roll of the player with a later clock
  // committed while this one waited for the lock.
  if (deps.cooldownMs > 0 && row.lastRollAt !== null && now - row.lastRollAt < deps.cooldownMs) {
    return refuse(fairness, tx, userId, requestId, cooldown(row.lastRollAt + deps.cooldownMs));
  }
  // The refill due is credited in this transaction, under the lock: two requests at the same
  // moment credit it once, and a roll can spend the dice that came back.
  const refill = planRefill(row, now, diceRefill);
  if (!isMultiplierUnlocked(times, row.level, refill.dice)) {
    return refuse(fairness, tx, userId, requestId, multiplierLocked(times));
  }
  if (refill.dice < times) return refuse(fairness, tx, userId, requestId, noRolls());

  const [found, board, streak, ...stepResults] = await afterLock;
  const seen = steps.seen(stepResults);
  const { seed, rollsServed } = await fairness.seedForRollIn(tx, userId, now, found);
  const nonce = seed.nextNonce;
  const before = progressFromRow(row);
  const rolled = resolveRoll(
    { ...before, diceRollsRemaining: refill.dice },
    createNodeDrawer(seed.serverSeed, seed.clientSeed, nonce),
    now,
    board,
    // The account's first roll ever (a progress reset does not make another) cannot lose.
    { multiplier: times, firstRoll: rollsServed === 0 },
  );
  const { state, outcome } = rolled;
  const ledger = [...refill.deltas, ...rolled.ledger];
  const anchor = refillAnchorAfter(state.diceRollsRemaining, refill.anchor, now, diceRefill.cap);

  // The rules' state must be exactly the cached balances moved by the ledger rows: check it
  // before writing anything, so a rule bug can never desynchronise balance and ledger.
  const sums = sumLedger(ledger);
  if (
    state.balance !== before.balance + sums.GOGO ||
    state.diceRollsRemaining !== before.diceRollsRemaining + sums.DICE
  ) {
    throw new Error(`roll for user ${userId}: state and ledger deltas disagree`);
  }

  const seq = rollsServed + 1;
  // The answer is complete before the row is written, so the row is written once; its id is the
  // answer's rollId and is not repeated in the stored JSON, nor is the board view (stored-answer.ts).
  const shown = refillShown(state.diceRollsRemaining, anchor, now, diceRefill);
  const stored = { ...gameStateFields(state, now, streak, now, shown.refill), board: storedBoard(board) };
  const core = JSON.stringify(rollAnswer(outcome, stored));
  const base = { tx, userId, totalRolls: seq, outcome, state, now, diceFullAt: shown.refill.diceFullAt };
  const rollId = await storeRoll(
    tx,
    context.nextRollId,
    rollRow(userId, seq, seed, outcome, requestId, packStored(core), now),
    (id) => {
      const roll: AfterRoll = { ...base, rollId: id };
      return [
        // Balances and progress in one UPDATE of the locked row.
        ...planLedgerTx(tx, userId, ledger, now, { refType: 'roll', refId: id }, row, {
          ...progressColumns(state, now, anchor),
          rollsServed: seq,
        }).writes,
        ...outcome.achievementsUnlocked.map((a) => repo.insertUnlockWrite(userId, a.id, a.reward, id, now)),
        ...deps.afterRoll.flatMap((step, i) => step.writes?.(roll, seen[i]!) ?? []),
      ];
    },
  );
  if (outcome.achievementsUnlocked.length > 0) publish(tx, { type: 'achievement' });
  const roll: AfterRoll = { ...base, rollId };
  for (const [i, step] of deps.afterRoll.entries()) await step.run?.(roll, seen[i]!);
  const facts = { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce, createdAt: now };
  return { json: withRollId(rollId, answerOf(core, facts, board)), replayed: false };
}

/** The game: rolls, the state the client draws, the dice balance. */
export function createGameService(deps: GameServiceDeps) {
  const { database, loginStreak, boardLevels, clock, diceRefill } = deps;

  /** The state as shown: the refill due counted in the dice (reads write nothing). */
  const dto = async (q: Queryable, row: GameState, progress: GameProgress, userId: number, now: number) => {
    const shown = refillShown(progress.diceRollsRemaining, row.diceRefillAt, now, diceRefill);
    return toGameStateDto(
      { ...progress, diceRollsRemaining: shown.dice },
      row.lastRollAt,
      await loginStreak(q, userId),
      now,
      await boardLevels(q, userId),
      shown.refill,
    );
  };

  const readRow = async (userId: number, now: number): Promise<GameState> =>
    (await readGameState(database.read, userId)) ?? virtualStateRow(userId, now);

  return {
    async roll(userId: number, options: RollOptions = {}): Promise<RollAnswer> {
      const requestId = options.requestId ?? null;
      const session = options.session ?? null;
      const times = options.multiplier ?? 1;
      try {
        return await database.write((tx) => rollIn(deps, tx, userId, requestId, session, clock(), times));
      } catch (err) {
        // Two requests with one requestId queue on the state lock; the second's first statement may
        // predate the first's commit, and then the unique index turns it into a replay.
        if (requestId !== null && isUniqueViolation(err)) {
          const replayed = await replayOf(deps.fairness, database.read, userId, requestId);
          if (replayed !== undefined) return replayed;
        }
        const refusal = !isRuleError(err)
          ? err
          : err.code === 'NO_ROLLS'
            ? noRolls()
            : err.code === 'MULTIPLIER_LOCKED'
              ? multiplierLocked(times)
              : err;
        // A refused roll (cooldown, no dice) rolled its presence back with it: the player is still here.
        if (session?.touchSeen && refusal instanceof AppError && refusal.statusCode !== 401) {
          await deps.sessions.touchLastSeen(userId, clock());
        }
        throw refusal;
      }
    },

    async state(userId: number): Promise<GameStateDto> {
      const now = clock();
      const row = await readRow(userId, now);
      return dto(database.read, row, progressFromRow(row), userId, now);
    },

    /**
     * When the player's dice refill reaches the cap (epoch ms), or null when they hold the cap or
     * more: what a "dice full" notification is scheduled for.
     */
    async diceFullAt(userId: number): Promise<number | null> {
      const now = clock();
      const row = await readRow(userId, now);
      return refillShown(row.diceRollsRemaining, row.diceRefillAt, now, diceRefill).refill.diceFullAt;
    },

    /** Progress starts over; balance, dice rolls and the record of paid achievements stay. */
    async reset(userId: number): Promise<GameStateDto> {
      return database.write(async (tx) => {
        const now = clock();
        const row = await lockGameState(tx, userId, now);
        const next = resetProgress(progressFromRow(row));
        await saveProgress(tx, userId, next, row.lastRollAt, row.diceRefillAt, now);
        return dto(tx, row, next, userId, now);
      });
    },

    async diceBalance(userId: number): Promise<DiceBalance> {
      const now = clock();
      const row = await readRow(userId, now);
      return {
        diceRollsRemaining: refillShown(row.diceRollsRemaining, row.diceRefillAt, now, diceRefill).dice,
        totalDiceRollsPurchased: await dicePurchased(database.read, userId),
        totalDiceRollsUsed: await rollsServed(database.read, userId),
      };
    },

    /** The stored game state of the player, or the starting one when they never played. */
    stateRow: readRow,
    /** Rolls ever served to the player (a progress reset does not lower it). */
    lifetimeRolls: (userId: number) => rollsServed(database.read, userId),
    /** When each achievement was last unlocked. */
    latestUnlocks: (userId: number) => repo.latestUnlocks(database.read, userId),

    /** Credits `amount` to the tokens-earned counter (daily login bonus), in the caller's transaction. */
    addTokensEarnedIn: async (tx: Tx, userId: number, amount: number, now: number) => {
      await addTokensEarned(tx, userId, amount, now);
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
