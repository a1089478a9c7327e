import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { migrationsDir } from '../paths.js';
import * as schema from './schema/index.js';

export type Db = BetterSQLite3Database<typeof schema>;

export interface Database_ {
  sqlite: Database.Database;
  db: Db;
  /**
   * Runs `fn` in one synchronous BEGIN IMMEDIATE transaction: the write lock is taken up front, so
   * two requests never interleave a read-check-write on the same rows. Every change of value goes
   * through here (and nowhere else), which keeps a future PostgreSQL dialect a contained change.
   */
  write<T>(fn: (db: Db) => T): T;
  close(): void;
}

export function openDatabase(file: string): Database_ {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsDir });
  return {
    sqlite,
    db,
    write<T>(fn: (db: Db) => T): T {
      return sqlite.transaction(() => fn(db)).immediate();
    },
    close() {
      if (sqlite.open) sqlite.close();
    },
  };
}
