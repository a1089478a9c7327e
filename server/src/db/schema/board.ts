import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.js';

/**
 * Each player's own board (shared/src/rules/properties.ts): the board they are on and the level of
 * each property. No row: board 1, nothing owned. Written only under the player's game state lock.
 */
export const playerBoards = sqliteTable('player_boards', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  boardNumber: integer('board_number').notNull().default(1),
  /** JSON object: level by property tile id, e.g. {"1":2,"3":0,...}. */
  levels: text('levels').notNull(),
  boardsCompleted: integer('boards_completed').notNull().default(0),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * One row per level bought: the idempotency record of the request (user_id, request_id), the
 * history of a player's board and the back office's figures (spent per day, boards completed).
 */
export const propertyUpgrades = sqliteTable(
  'property_upgrades',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    requestId: text('request_id').notNull(),
    boardNumber: integer('board_number').notNull(),
    tileId: integer('tile_id').notNull(),
    level: integer('level').notNull(),
    cost: integer('cost').notNull(),
    /** The board this upgrade completed, or null. */
    completedBoard: integer('completed_board'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('property_upgrades_user_request').on(t.userId, t.requestId),
    index('property_upgrades_created').on(t.createdAt),
  ],
);
