import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { migrationsDir } from '../paths.js';
import * as schema from './schema/index.js';
import { startBackgroundCheckpoints } from './checkpointer.js';
import type { Database } from './database.js';
import { mapDatabaseError } from './errors.js';
import { createInProcessBus } from './events.js';
import type { Params, Queryable, Statement } from './sql.js';
import { createSqliteWriter, type GroupCommitLimits } from './sqlite-writer.js';

type Connection = BetterSqlite3.Database;
type Prepared = BetterSqlite3.Statement<unknown[], unknown>;

export interface SqliteOptions {
  /**
   * Checkpoint the write-ahead log from a worker thread instead of inside the commits of requests
   * (the server process turns this on; tests and CLI tools keep SQLite's automatic checkpoint).
   */
  backgroundCheckpoint?: boolean;
  /** Told when the background checkpoint fails and the automatic one is restored. */
  onCheckpointFailure?: (reason: string) => void;
  /** Told when an after-commit callback fails (the commit stands). */
  onAfterCommitError?: (err: unknown) => void;
  /** How many queued writes may share a COMMIT (tests); DEFAULT_GROUP_COMMIT otherwise. */
  groupCommit?: GroupCommitLimits;
  /** SQLITE_BUSY_TIMEOUT_MS: how long a connection waits for another process's lock (default 5000). */
  busyTimeoutMs?: number;
  /** False: the schema is assumed migrated (`npm run db:migrate` did it; MIGRATE_ON_START=off). */
  migrate?: boolean;
}

export interface SqliteDatabase extends Database {
  readonly engine: 'sqlite';
  /** The writer connection: for SQLite-only maintenance and tests (pragmas), never for queries of the app. */
  readonly sqlite: Connection;
}

const DEFAULT_WAL_AUTOCHECKPOINT = 1000;

/** Statements prepared once per connection, looked up by the statement's id. */
class StatementCache {
  private readonly prepared: Array<Prepared | undefined> = [];
  constructor(private readonly connection: Connection) {}

  get(statement: Statement<Params, unknown>): Prepared {
    let prepared = this.prepared[statement.id];
    if (prepared === undefined) {
      prepared = this.connection.prepare(statement.text.sqlite);
      this.prepared[statement.id] = prepared;
    }
    return prepared;
  }
}

function queryable(cache: StatementCache, writable: boolean): Queryable {
  return {
    engine: 'sqlite',
    async get<P extends Params, R>(statement: Statement<P, R>, params: P) {
      const prepared = cache.get(statement as Statement<Params, unknown>);
      return prepared.get(params) as R | undefined;
    },
    async all<P extends Params, R>(statement: Statement<P, R>, params: P) {
      const prepared = cache.get(statement as Statement<Params, unknown>);
      return prepared.all(params) as R[];
    },
    async run<P extends Params>(statement: Statement<P, unknown>, params: P) {
      if (!writable) throw new Error('database.read is read-only: write inside database.write(tx => ...)');
      const prepared = cache.get(statement as Statement<Params, unknown>);
      return prepared.run(params).changes;
    },
  };
}

function configure(connection: Connection, busyTimeoutMs = 5000) {
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  // FULL: a committed payout must survive a power loss, not only a crash of the process.
  connection.pragma('synchronous = FULL');
}

/**
 * Opens (creating with mode 0700 where needed) and migrates the SQLite database. Two connections: the
 * writer, on which transactions run one at a time and queued ones share a COMMIT (sqlite-writer.ts),
 * and a reader for autocommit reads, which in WAL mode sees only committed data and never waits for
 * the writer.
 */
export function openSqlite(file: string, options: SqliteOptions = {}): SqliteDatabase {
  if (file !== ':memory:') {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  const writer = new BetterSqlite3(file);
  configure(writer, options.busyTimeoutMs);
  if (options.migrate !== false) migrate(drizzle(writer, { schema }), { migrationsFolder: migrationsDir });
  const reader = new BetterSqlite3(file);
  configure(reader, options.busyTimeoutMs);
  reader.pragma('query_only = ON');

  let checkpointer: ReturnType<typeof startBackgroundCheckpoints> | null = null;
  if (options.backgroundCheckpoint) {
    writer.pragma('wal_autocheckpoint = 0');
    checkpointer = startBackgroundCheckpoints(file, (reason) => {
      if (writer.open) writer.pragma(`wal_autocheckpoint = ${DEFAULT_WAL_AUTOCHECKPOINT}`);
      options.onCheckpointFailure?.(reason);
    });
  }

  const read = queryable(new StatementCache(reader), false);
  const onAfterCommitError =
    options.onAfterCommitError ?? ((err) => console.error('after-commit callback failed', err));
  // One process: committed events go straight to this process' sockets.
  const events = createInProcessBus(onAfterCommitError);
  const writes = createSqliteWriter(
    writer,
    queryable(new StatementCache(writer), true),
    onAfterCommitError,
    () => events,
    options.groupCommit,
  );

  return {
    engine: 'sqlite',
    sqlite: writer,
    read,
    replica: read,
    events,
    write: (fn) => writes.write(fn),
    async ping() {
      try {
        reader.prepare('SELECT 1').get();
      } catch (err) {
        throw mapDatabaseError(err);
      }
    },
    poolStats: () => ({ total: 2, idle: writes.busy ? 1 : 2, waiting: writes.waiting }),
    async close() {
      await events.close();
      checkpointer?.stop();
      checkpointer = null;
      if (reader.open) reader.close();
      if (writer.open) writer.close();
      writes.close();
    },
  };
}
