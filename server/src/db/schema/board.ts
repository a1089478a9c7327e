import { bigint, id, index, int, table, text, time, uniqueIndex } from './define.js';

/**
 * Each player's own board (shared/src/rules/properties.ts): the board they are on and the level of
 * each property. No row: board 1, nothing owned. Written only under the player's game state lock.
 */
export const playerBoards = table('player_boards', {
  userId: bigint('user_id').primaryKey().references('users'),
  boardNumber: int('board_number').notNull().default(1),
  /** JSON object: level by property tile id, e.g. {"1":2,"3":0,...}. */
  levels: text('levels').notNull(),
  boardsCompleted: int('boards_completed').notNull().default(0),
  updatedAt: time('updated_at').notNull(),
});

/**
 * One row per level bought: the idempotency record of the request (user_id, request_id), the
 * history of a player's board and the back office's figures (spent per day, boards completed).
 */
export const propertyUpgrades = table(
  'property_upgrades',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users'),
    requestId: text('request_id').notNull(),
    boardNumber: int('board_number').notNull(),
    tileId: int('tile_id').notNull(),
    level: int('level').notNull(),
    cost: bigint('cost').notNull(),
    /** The board this upgrade completed, or null. */
    completedBoard: int('completed_board'),
    createdAt: time('created_at').notNull(),
  },
  {
    indexes: [
      uniqueIndex('property_upgrades_user_request', ['userId', 'requestId']),
      index('property_upgrades_created', ['createdAt']),
    ],
  },
);
