import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { pgMigrationsDir } from '../paths.js';
import { mapDatabaseError } from './errors.js';

/** What happens on PostgreSQL before the pool opens (db/postgres.ts): row types, migrations, settings. */

export interface PostgresOptions {
  /** Connections in the pool (DATABASE_POOL_MAX). */
  poolMax?: number;
  /**
   * DATABASE_POOLER=pgbouncer: the URL leads to PgBouncer in transaction mode, where a server
   * connection is ours only for one transaction. No statement is prepared by name (PgBouncer before
   * 1.21 would run it on a server connection that never saw it), nothing is set per connection
   * (start-up options are refused, SET would leak to the next client): the timeouts are set per
   * transaction (SET LOCAL through set_config) and, for reads outside transactions, in the role.
   */
  pooler?: 'pgbouncer' | null;
  /**
   * DATABASE_DIRECT_URL: the database itself, past the pooler, for what needs a session of its own:
   * the LISTEN connection, the migrations (under a session advisory lock) and leader locks. Unset:
   * the URL (which must then not be a transaction-mode pooler's).
   */
  directUrl?: string | null;
  /**
   * DATABASE_READ_URL: a streaming replica of the database (hot standby) for the reads that tolerate
   * lag (Database.replica); unset, they read the primary. readPoolMax: its pool's connections
   * (DATABASE_READ_POOL_MAX; default: poolMax).
   */
  readUrl?: string | null;
  readPoolMax?: number;
  /** Attempts of a transaction that PostgreSQL aborted to stay consistent (40001, 40P01). */
  maxAttempts?: number;
  onAfterCommitError?: (err: unknown) => void;
  /** Told about errors of idle pooled connections (the pool replaces them). */
  onPoolError?: (err: unknown) => void;
  /** Told about failures of the realtime bus (LISTEN connection lost, NOTIFY refused). */
  onEventsError?: (err: unknown) => void;
  /** statement_timeout, lock_timeout, idle_in_transaction_session_timeout in ms (0: off; unset: PostgreSQL's). */
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** False: the schema is assumed migrated (`npm run db:migrate` did it; MIGRATE_ON_START=off). */
  migrate?: boolean;
  /** How long a migration waits for a table's lock before it gives up and tries again (ms; 2 s). */
  migrationLockTimeoutMs?: number;
  /** Tries of the pending migrations in all (5), with a doubling pause between them. */
  migrationAttempts?: number;
  /** Told each time the migrations gave up on a lock and will try again (one line; default: stderr). */
  onMigrationRetry?: (message: string) => void;
  /** The migrations to apply (tests give their own); the committed PostgreSQL ones by default. */
  migrationsFolder?: string;
  /**
   * True (the default): `write` inside a transaction throws instead of taking a second connection.
   * The check tracks every promise of the process (AsyncLocalStorage on Node 20's async hooks), a
   * cost each request pays, so the server turns it on under NODE_ENV=test only, where the suites
   * run every write path on this engine.
   */
  guardNestedWrites?: boolean;
}

const INT8 = 20;
const NUMERIC = 1700;
// Ids, times (epoch ms) and amounts are integers far below 2^53: read BIGINT and the NUMERIC of
// sum() as numbers, like SQLite does, instead of node-postgres' strings.
// One parser for all of them: pg asks for a column's parser in every result it reads.
const asNumber = (value: string) => Number(value);
export const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return asNumber;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

// A migration lock so that instances starting together migrate one at a time.
const MIGRATION_LOCK = 0x60_60_b0_a2;
const TOAST_LZ4 = 'SET default_toast_compression = lz4';
const LZ4_BUILT = "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)";
const DEFAULT_MIGRATION_LOCK_TIMEOUT_MS = 2_000;
const DEFAULT_MIGRATION_ATTEMPTS = 5;
const MIGRATION_BACKOFF_MS = 500;

const sqlStateOf = (err: unknown): string | undefined => {
  // Drizzle wraps the driver's error (its `cause`).
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
};

/**
 * Applies the pending migrations politely: a statement that would wait longer than the lock timeout
 * for a table's lock (a long transaction holds it) gives up, so that it never sits in that table's
 * lock queue with every later query of the table (the players' rolls) queued behind it. Drizzle
 * applies the pending migrations in one transaction: a migration that gave up is rolled back whole
 * and tried again after a pause that doubles (with jitter), a bounded number of times; then it fails
 * with a message that says what to look for.
 */
export async function migrateWithRetries(client: pg.Client, options: PostgresOptions): Promise<void> {
  const lockTimeoutMs = options.migrationLockTimeoutMs ?? DEFAULT_MIGRATION_LOCK_TIMEOUT_MS;
  const attempts = Math.max(1, options.migrationAttempts ?? DEFAULT_MIGRATION_ATTEMPTS);
  const onRetry = options.onMigrationRetry ?? ((message: string) => console.warn(message));
  const migrationsFolder = options.migrationsFolder ?? pgMigrationsDir;
  for (let attempt = 1; ; attempt++) {
    await client.query(`SET lock_timeout = ${Math.trunc(lockTimeoutMs)}`);
    try {
      await migrate(drizzle(client), { migrationsFolder });
      await client.query('SET lock_timeout = 0');
      return;
    } catch (err) {
      if (sqlStateOf(err) !== '55P03') throw err;
      if (attempt >= attempts) {
        throw new Error(
          `the migrations waited for a table lock ${attempts} times (${lockTimeoutMs} ms each) and gave up; ` +
            'a long transaction holds a lock on a table they change (see pg_locks and pg_stat_activity); nothing was changed',
        );
      }
      const pause = Math.round(MIGRATION_BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
      onRetry(
        `migrations: a table lock was not free within ${lockTimeoutMs} ms (try ${attempt} of ${attempts}); ` +
          `rolled back, trying again in ${pause} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** The pool's settings: `pipeline` (8.23) and `options` (start-up settings) are pg's own, not in its type declarations. */
export function poolConfig(
  url: string,
  options: PostgresOptions,
  lz4: boolean,
): pg.PoolConfig & { pipeline: boolean; options?: string } {
  const pooled = options.pooler === 'pgbouncer';
  return {
    connectionString: url,
    max: options.poolMax ?? 10,
    types,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // A query is sent without waiting for the answers of those before it (BEGIN, Tx.sendWrites,
    // COMMIT): each has a Sync of its own, so one that fails leaves the others' answers in place.
    pipeline: true,
    // A stuck statement, a held row lock or an abandoned transaction ends instead of stalling the pool.
    ...(pooled || options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs }),
    ...(pooled || options.lockTimeoutMs === undefined ? {} : { lock_timeout: options.lockTimeoutMs }),
    ...(pooled || options.idleInTransactionTimeoutMs === undefined
      ? {}
      : { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }),
    // Behind PgBouncer none of this is sent (it refuses start-up options): see `perTransaction`.
    // Settings of the connection's start, like the timeouts: no query of its own racing the first
    // user's. Rows over about 2 KB are compressed as they are stored (a roll's, with its stored answer,
    // is about 1.8 KB and stays whole): lz4 costs about a third of the default pglz's CPU for the
    // same size. Prepared statements keep their generic plan: PostgreSQL otherwise plans the roll's
    // combined write anew on every call (its custom plans looked cheaper), 45 to 190 µs of the
    // backend's CPU a roll; the app's statements mostly find rows by keys, where a plan made without
    // the values is the same plan.
    ...(pooled
      ? {}
      : {
          options: [...(lz4 ? ['-c default_toast_compression=lz4'] : []), '-c plan_cache_mode=force_generic_plan'].join(
            ' ',
          ),
        }),
  };
}

/**
 * The settings a pooled connection would get at its start, as one statement run after BEGIN:
 * set_config(..., true) is SET LOCAL, undone at the transaction's end, so nothing reaches the next
 * client of the pooler's server connection.
 */
export function transactionSettings(options: PostgresOptions, lz4: boolean): pg.QueryConfig | null {
  const settings: Array<[string, string]> = [];
  if (options.statementTimeoutMs !== undefined)
    settings.push(['statement_timeout', String(options.statementTimeoutMs)]);
  if (options.lockTimeoutMs !== undefined) settings.push(['lock_timeout', String(options.lockTimeoutMs)]);
  if (options.idleInTransactionTimeoutMs !== undefined) {
    settings.push(['idle_in_transaction_session_timeout', String(options.idleInTransactionTimeoutMs)]);
  }
  if (lz4) settings.push(['default_toast_compression', 'lz4']);
  if (settings.length === 0) return null;
  return {
    text: `SELECT ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
    values: settings.flat(),
  };
}

/**
 * One connection before the pool: checks the server answers, whether it was built with lz4
 * (pg_settings lists it), and applies the committed migrations under an advisory lock (unless
 * `migrate` is false). Answers whether lz4 is there.
 */
export async function prepareDatabase(url: string, options: PostgresOptions): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, types, connectionTimeoutMillis: 5000 });
  // Errors of a connection that drops while we wait on it surface through the query that fails.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw mapDatabaseError(err);
  }
  try {
    const lz4 = (await client.query(LZ4_BUILT)).rowCount === 1;
    if (options.migrate !== false) {
      if (lz4) await client.query(TOAST_LZ4);
      // Instances starting together wait for each other here, however long a migration takes.
      await client.query('SET lock_timeout = 0');
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrateWithRetries(client, options);
    }
    return lz4;
  } finally {
    await client.end().catch(() => undefined);
  }
}
