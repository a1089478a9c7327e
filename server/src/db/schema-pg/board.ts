import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** PostgreSQL twin of db/schema/board.ts (the comments there explain the tables). */
export const playerBoards = pgTable('player_boards', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  boardNumber: integer('board_number').notNull().default(1),
  levels: text('levels').notNull(),
  boardsCompleted: integer('boards_completed').notNull().default(0),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const propertyUpgrades = pgTable(
  'property_upgrades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    requestId: text('request_id').notNull(),
    boardNumber: integer('board_number').notNull(),
    tileId: integer('tile_id').notNull(),
    level: integer('level').notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    completedBoard: integer('completed_board'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('property_upgrades_user_request').on(t.userId, t.requestId),
    index('property_upgrades_created').on(t.createdAt),
  ],
);
