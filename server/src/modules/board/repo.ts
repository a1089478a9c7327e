import { assertValidBoard, emptyBoard, type PlayerBoard } from '@gogo/shared/rules';
import { sql, type Queryable, type Tx, read, type Read } from '../../db/sql.js';

/** A player's board as stored: the rules' board plus how many boards they completed. */
export interface BoardRecord {
  board: PlayerBoard;
  boardsCompleted: number;
}

// A type, not an interface: statement parameters need an implicit index signature.
export type NewUpgrade = {
  userId: number;
  requestId: string;
  boardNumber: number;
  tileId: number;
  level: number;
  cost: number;
  completedBoard: number | null;
  createdAt: number;
};

const selectBoard = sql<{ userId: number }, { boardNumber: number; levels: string; boardsCompleted: number }>(
  `SELECT board_number AS "boardNumber", levels, boards_completed AS "boardsCompleted"
   FROM player_boards WHERE user_id = :userId`,
);
const upsertBoard = sql<{ userId: number; boardNumber: number; levels: string; boardsCompleted: number; now: number }>(
  `INSERT INTO player_boards (user_id, board_number, levels, boards_completed, updated_at)
   VALUES (:userId, :boardNumber, :levels, :boardsCompleted, :now)
   ON CONFLICT (user_id) DO UPDATE SET board_number = excluded.board_number, levels = excluded.levels,
     boards_completed = excluded.boards_completed, updated_at = excluded.updated_at`,
);
const upgradeByRequest = sql<
  { userId: number; requestId: string },
  { id: number; boardNumber: number; tileId: number; level: number; cost: number }
>(
  `SELECT id, board_number AS "boardNumber", tile_id AS "tileId", level, cost
   FROM property_upgrades WHERE user_id = :userId AND request_id = :requestId`,
);
const insertUpgrade = sql<NewUpgrade, { id: number }>(
  `INSERT INTO property_upgrades (user_id, request_id, board_number, tile_id, level, cost, completed_board, created_at)
   VALUES (:userId, :requestId, :boardNumber, :tileId, :level, :cost, :completedBoard, :createdAt)
   RETURNING id`,
);

function decode(row: { boardNumber: number; levels: string; boardsCompleted: number }): BoardRecord {
  const parsed = JSON.parse(row.levels) as Record<string, number>;
  const board: PlayerBoard = {
    number: row.boardNumber,
    levels: Object.fromEntries(Object.entries(parsed).map(([id, level]) => [Number(id), level])),
  };
  assertValidBoard(board);
  return { board, boardsCompleted: row.boardsCompleted };
}

/** Queries of the board: statements defined once, run on the given connection or transaction. */
export const boardRepo = {
  /** The player's board; board 1 with nothing owned when they never bought anything. */
  read: async (q: Queryable, userId: number): Promise<BoardRecord> => {
    const row = await q.get(selectBoard, { userId });
    return row ? decode(row) : { board: emptyBoard(), boardsCompleted: 0 };
  },
  /** `read` for a caller that reads it together with other reads (Tx.readEach). */
  readOf: (userId: number): Read<BoardRecord> =>
    read(selectBoard, { userId }, (rows) => (rows[0] ? decode(rows[0]) : { board: emptyBoard(), boardsCompleted: 0 })),
  save: (tx: Tx, userId: number, record: BoardRecord, now: number) =>
    tx.run(upsertBoard, {
      userId,
      boardNumber: record.board.number,
      levels: JSON.stringify(record.board.levels),
      boardsCompleted: record.boardsCompleted,
      now,
    }),
  upgradeByRequest: (q: Queryable, userId: number, requestId: string) => q.get(upgradeByRequest, { userId, requestId }),
  insertUpgrade: async (tx: Tx, upgrade: NewUpgrade): Promise<number> => {
    const row = await tx.get(insertUpgrade, upgrade);
    if (!row) throw new Error('upgrade insert returned no id');
    return row.id;
  },
};
