import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { migrationsDir } from '../paths.js';
import * as schema from './schema/index.js';
import { startBackgroundCheckpoints } from './checkpointer.js';

/** What drizzle() returns: the query builder plus the better-sqlite3 connection (`$client`). */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

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

export interface OpenOptions {
  /**
   * Checkpoint the write-ahead log from a worker thread instead of inside the commits of requests
   * (the server process turns this on; tests and CLI tools keep SQLite's automatic checkpoint).
   */
  backgroundCheckpoint?: boolean;
  /** Told when the background checkpoint fails and the automatic one is restored. */
  onCheckpointFailure?: (reason: string) => void;
}

const DEFAULT_WAL_AUTOCHECKPOINT = 1000;

export function openDatabase(file: string, options: OpenOptions = {}): Database_ {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsDir });

  let checkpointer: ReturnType<typeof startBackgroundCheckpoints> | null = null;
  if (options.backgroundCheckpoint) {
    sqlite.pragma('wal_autocheckpoint = 0');
    checkpointer = startBackgroundCheckpoints(file, (reason) => {
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_WAL_AUTOCHECKPOINT}`);
      options.onCheckpointFailure?.(reason);
    });
  }

  // One transaction function for the life of the connection (better-sqlite3 would otherwise build
  // its wrappers on every write).
  const immediate = sqlite.transaction((fn: (db: Db) => unknown) => fn(db)).immediate;
  return {
    sqlite,
    db,
    write<T>(fn: (db: Db) => T): T {
      return immediate(fn) as T;
    },
    close() {
      checkpointer?.stop();
      checkpointer = null;
      if (sqlite.open) sqlite.close();
    },
  };
}
