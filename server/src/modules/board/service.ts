import type { BoardDto, UpgradeBody, UpgradeResult } from '@gogo/shared/api';
import { BoardErrorCode, MoneyErrorCode } from '@gogo/shared/api';
import { boardText, moneyText } from '@gogo/shared/messages';
import {
  applyUpgrade,
  boardDefinition,
  BOARD_COUNT,
  describeBoard,
  describeProperty,
  isPropertyTile,
  isRuleError,
  propertyLevel,
  type PlayerBoard,
} from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Queryable, Read } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { lockGameState, postLedgerTx } from '../ledger/index.js';
import { publish } from '../../core/events.js';
import { boardRepo as repo } from './repo.js';

export interface UpgradeAnswer {
  result: UpgradeResult;
  /** True when an earlier request with the same requestId already bought the level. */
  replayed: boolean;
}

const notAProperty = () => badRequest(BoardErrorCode.NOT_A_PROPERTY, boardText.notAProperty);
const maxLevel = () => conflict(BoardErrorCode.MAX_LEVEL, boardText.maxLevel);

/** Maps a refusal of the rules to its API error; anything else goes on as it is. */
function refusal(err: unknown): unknown {
  if (!isRuleError(err)) return err;
  if (err.code === 'NOT_A_PROPERTY') return notAProperty();
  if (err.code === 'MAX_LEVEL') return maxLevel();
  if (err.code === 'INSUFFICIENT_BALANCE') {
    return badRequest(MoneyErrorCode.INSUFFICIENT_BALANCE, boardText.insufficientBalance);
  }
  return err;
}

/**
 * The player's own board of properties: reading it, and buying levels with GOGO through the ledger
 * under the player's game state lock (one lock order with the roll, so a roll never sees half an
 * upgrade and concurrent upgrades queue).
 */
export function createBoardService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;

  /** The board the rules play a roll on, read in the caller's transaction (the roll's). */
  const levelsIn = async (q: Queryable, userId: number): Promise<PlayerBoard> => (await repo.read(q, userId)).board;

  return {
    levelsIn,
    /** levelsIn as a read for the caller's Tx.readEach (the roll reads it with its seed and streak). */
    levelsRead: (userId: number): Read<PlayerBoard> => {
      const record = repo.readOf(userId);
      return { ...record, decode: (rows) => record.decode(rows).board };
    },
    /** The board as the player sees it (the game state carries it too). */
    viewIn: async (q: Queryable, userId: number): Promise<BoardDto> => describeBoard(await levelsIn(q, userId)),
    board: async (userId: number): Promise<BoardDto> => describeBoard(await levelsIn(database.read, userId)),

    async upgrade(userId: number, tileId: number, body: UpgradeBody): Promise<UpgradeAnswer> {
      if (!isPropertyTile(tileId)) throw notAProperty();
      try {
        return await database.write(async (tx) => {
          const now = clock();
          const state = await lockGameState(tx, userId, now);
          const record = await repo.read(tx, userId);
          const earlier = await repo.upgradeByRequest(tx, userId, body.requestId);
          if (earlier !== undefined) {
            // The id names one request: the same id for another tile or level is refused, never replayed.
            if (earlier.tileId !== tileId || (body.level !== undefined && body.level !== earlier.level)) {
              throw conflict(MoneyErrorCode.IDEMPOTENCY_KEY_REUSED, moneyText.idempotencyKeyReused, {
                field: 'requestId',
              });
            }
            const board = describeBoard(record.board);
            const property = describeProperty(record.board, tileId);
            const bought = { boardNumber: earlier.boardNumber, tileId, level: earlier.level, cost: 0 };
            const result = { property, bought, balance: state.balance, diceRollsRemaining: state.diceRollsRemaining };
            return { result: { ...result, board, completedBoard: null }, replayed: true };
          }
          if (body.level !== undefined && propertyLevel(record.board, tileId) >= body.level) {
            throw conflict(BoardErrorCode.LEVEL_ALREADY_BUILT, boardText.levelAlreadyBuilt);
          }
          const out = applyUpgrade(record.board, tileId, state.balance);
          const upgradeId = await repo.insertUpgrade(tx, {
            userId,
            requestId: body.requestId,
            boardNumber: out.boardNumber,
            tileId,
            level: out.level,
            cost: out.cost,
            completedBoard: out.completedBoard,
            createdAt: now,
          });
          const balances = await postLedgerTx(
            tx,
            userId,
            out.ledger,
            now,
            { refType: 'upgrade', refId: upgradeId },
            state,
          );
          const completed = out.completedBoard !== null;
          await repo.save(
            tx,
            userId,
            { board: out.board, boardsCompleted: record.boardsCompleted + (completed ? 1 : 0) },
            now,
          );
          // Other tabs and devices redraw the board and the balance at once.
          publish(tx, { type: 'state', userId });
          if (completed) publish(tx, { type: 'summary' });
          const definition = boardDefinition(out.boardNumber);
          return {
            replayed: false,
            result: {
              property: describeProperty(out.board, tileId),
              bought: { boardNumber: out.boardNumber, tileId, level: out.level, cost: out.cost },
              balance: balances.balance,
              diceRollsRemaining: balances.dice,
              board: describeBoard(out.board),
              completedBoard: completed
                ? {
                    number: definition.number,
                    name: definition.name,
                    dice: definition.completionDice,
                    gogo: definition.completionGogo,
                  }
                : null,
            },
          };
        });
      } catch (err) {
        throw refusal(err);
      }
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;

/** The number of boards a player can complete (for the back office's figures). */
export const BOARDS_TOTAL = BOARD_COUNT;
