import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { runAfterCommit, type AfterCommitQueue, type Database } from './database.js';
import { DatabaseUnavailableError, isRetryable, mapDatabaseError } from './errors.js';
import { createEventQueue } from './events.js';
import { createNotifyBus, NOTIFY_CHANNEL } from './notify.js';
import { batchingRunner, type Runner } from './pg-batch.js';
import { poolConfig, prepareDatabase, transactionSettings, types, type PostgresOptions } from './postgres-setup.js';
import type { Params, Queryable, Read, Statement, Tx, Write } from './sql.js';

export type { PostgresOptions } from './postgres-setup.js';

export interface PostgresDatabase extends Database {
  readonly engine: 'postgres';
  /** The pool: for maintenance and tests; LISTEN/NOTIFY lives in db/notify.ts. */
  readonly pool: pg.Pool;
  /**
   * Connections that keep their session (advisory locks held across transactions: db/leader.ts):
   * the pool itself, or behind a transaction-mode pooler a small pool on DATABASE_DIRECT_URL.
   */
  readonly sessionPool: pg.Pool;
}

/** NOTIFY inside a transaction: a named statement, prepared once per connection. */
const NOTIFY = { name: 'gogo_notify', text: 'SELECT pg_notify($1, $2)' };
/** BEGIN and COMMIT prepared once per connection too (unnamed behind PgBouncer), so a batch does not parse them. */
const BEGIN = { name: 'gogo_begin', text: 'BEGIN' };
const COMMIT = { name: 'gogo_commit', text: 'COMMIT' };

/** The statement's parameters in `$n` order, appended to `out`. */
function values(statement: Statement<Params, unknown>, params: Params, out: unknown[] = []): unknown[] {
  for (const name of statement.pgNames) {
    const value = params[name];
    if (value === undefined) throw new Error(`statement ${statement.name}: missing parameter :${name}`);
    out.push(value);
  }
  return out;
}

/** Several statements sent as one (Tx.runAll, Tx.readEach): the text once, the parts' parameters in order. */
interface Combined {
  readonly name: string;
  readonly text: string;
}

/** One statement of several (Tx.runAll, Tx.readEach), by the ids of its parts: built once per combination. */
const combined = new Map<string, Combined>();
/** Combinations kept at most: a handful are used (a roll's writes with 1 to 3 ledger rows, ...). */
const COMBINED_KEPT = 200;

/**
 * Several statements as one: `join` gets each part's text, its `$n` moved past the parameters of the
 * parts before it; the values are the parts' values one after the other, so nothing is renamed or
 * looked up again per call.
 */
function combine(
  kind: 'w' | 'r',
  parts: readonly { statement: Statement<Params, unknown>; params: Params }[],
  join: (texts: string[]) => string,
): { statement: Combined; values: unknown[] } {
  let key = kind;
  for (const part of parts) key += `_${part.statement.id}`;
  let statement = combined.get(key);
  if (statement === undefined) {
    let offset = 0;
    const texts = parts.map((part) => {
      const shift = offset;
      offset += part.statement.pgNames.length;
      return part.statement.text.postgres.replace(/\$(\d+)/g, (_m, n: string) => `$${Number(n) + shift}`);
    });
    // A digest keeps the name under PostgreSQL's 63 characters however many parts there are.
    const name = `gogo_w_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;
    statement = { name, text: join(texts) };
    if (combined.size >= COMBINED_KEPT) combined.clear();
    combined.set(key, statement);
  }
  const all: unknown[] = [];
  for (const part of parts) values(part.statement, part.params, all);
  return { statement, values: all };
}

/**
 * What failed a transaction: the first statement sent without waiting that failed (those after it
 * fail only because the transaction was aborted), else `err`.
 */
async function firstFailure(sent: readonly Promise<unknown>[], err: unknown): Promise<unknown> {
  for (const statement of sent) {
    try {
      await statement;
    } catch (failure) {
      return failure;
    }
  }
  return err;
}

/** Runs a statement (named: prepared once per connection; unnamed behind PgBouncer) with its values in `$n` order. */
async function execute(runner: Runner, name: string | undefined, text: string, params: unknown[]) {
  try {
    return await runner.query(name === undefined ? { text, values: params } : { name, text, values: params });
  } catch (err) {
    throw mapDatabaseError(err);
  }
}

type PgQueryable = Queryable & {
  /** A combined statement (Tx.runAll, Tx.readEach): its first row and its count of changed rows. */
  combined(statement: Combined, values: unknown[]): Promise<{ row: unknown; rowCount: number }>;
};

function queryable(runner: () => Runner, named: boolean): PgQueryable {
  const query = (statement: Statement<Params, unknown>, params: Params) =>
    execute(runner(), named ? statement.name : undefined, statement.text.postgres, values(statement, params));
  return {
    engine: 'postgres',
    async combined(statement: Combined, params: unknown[]) {
      const result = await execute(runner(), named ? statement.name : undefined, statement.text, params);
      return { row: result.rows[0], rowCount: result.rowCount ?? 0 };
    },
    async get<P extends Params, R>(statement: Statement<P, R>, params: P) {
      return (await query(statement as Statement<Params, unknown>, params)).rows[0] as R | undefined;
    },
    async all<P extends Params, R>(statement: Statement<P, R>, params: P) {
      return (await query(statement as Statement<Params, unknown>, params)).rows as R[];
    },
    async run<P extends Params>(statement: Statement<P, unknown>, params: P) {
      return (await query(statement as Statement<Params, unknown>, params)).rowCount ?? 0;
    },
  };
}

/**
 * Lag-tolerant reads (Database.replica) on a streaming replica's pool. A read the replica cannot
 * answer (unreachable, or cancelled by a conflict with the primary's recovery: 40001) is read on the
 * primary instead: a replica that is down slows the reads it took, it fails none of them.
 */
function replicaReads(replica: Queryable, primary: Queryable): Queryable {
  const either = async <T>(read: (q: Queryable) => Promise<T>): Promise<T> => {
    try {
      return await read(replica);
    } catch (err) {
      if (!(err instanceof DatabaseUnavailableError) && !isRetryable(err)) throw err;
      return read(primary);
    }
  };
  return {
    engine: 'postgres',
    get: (statement, params) => either((q) => q.get(statement, params)),
    all: (statement, params) => either((q) => q.all(statement, params)),
    run: (statement, params) => either((q) => q.run(statement, params)),
  };
}

/** Writes as one statement: `WITH w0 AS (first), w1 AS (second) last`. */
const withWrites = (texts: string[]) => {
  const last = texts.pop()!;
  return `WITH ${texts.map((t, i) => `w${i} AS (${t})`).join(', ')} ${last}`;
};
/**
 * Reads as one statement: one JSON array of rows per read. An ARRAY sublink, not json_agg: the
 * aggregate's executor set-up cost the roll's read statement about 15% of its PostgreSQL CPU
 * (measured here: 80 to 135 µs against 67 to 122 µs a call for the roll's seven reads).
 */
const jsonReads = (texts: string[]) =>
  `SELECT ${texts.map((t, i) => `array_to_json(ARRAY(SELECT row_to_json(x) FROM (${t}) x)) AS r${i}`).join(', ')}`;

/** Tx.runAll on a connection: one write as it is, several as one statement. */
async function runAll(q: PgQueryable, writes: readonly Write[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length === 1) {
    await q.run(writes[0]!.statement, writes[0]!.params);
    return;
  }
  const { statement, values } = combine('w', writes, withWrites);
  await q.combined(statement, values);
}

/** Tx.readEach on a connection: the reads as one statement. */
async function readEach(q: PgQueryable, reads: readonly Read<unknown>[]): Promise<unknown[]> {
  if (reads.length === 0) return [];
  const { statement, values } = combine('r', reads, jsonReads);
  const row = (await q.combined(statement, values)).row as Record<string, unknown[]> | undefined;
  return reads.map((r, i) => r.decode(row?.[`r${i}`] ?? []));
}

/** Session work past a transaction-mode pooler goes straight to the database, on a pool of its own. */
function sessionPoolOf(directUrl: string, options: PostgresOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: directUrl,
    max: 2,
    types,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (err) => options.onPoolError?.(err));
  return pool;
}

/** DATABASE_READ_URL: the streaming replica's pool, connected directly (statements prepared); null when unset. */
function replicaPoolOf(options: PostgresOptions): pg.Pool | null {
  if (!options.readUrl) return null;
  const poolMax = options.readPoolMax ?? options.poolMax;
  const pool = new pg.Pool(poolConfig(options.readUrl, { ...options, pooler: null, poolMax }, false));
  pool.on('error', (err) => options.onPoolError?.(err));
  return pool;
}

/**
 * Connects to PostgreSQL, checks it answers (a DATABASE_URL that cannot be reached fails here, at
 * start) and applies the committed migrations under an advisory lock.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresDatabase> {
  const pooled = options.pooler === 'pgbouncer';
  const directUrl = options.directUrl || url;
  const lz4 = await prepareDatabase(directUrl, options);
  const config = poolConfig(url, options, lz4);
  const pool = new pg.Pool(config);
  // An idle connection that dies (server restart) must not crash the process: the pool drops it.
  pool.on('error', (err) => options.onPoolError?.(err));
  const sessionPool = pooled && directUrl !== url ? sessionPoolOf(directUrl, options) : pool;
  const replicaPool = replicaPoolOf(options);
  const read = queryable(() => pool, !pooled);
  /** Behind PgBouncer: the timeouts (and lz4) as SET LOCAL, sent with BEGIN; null when set per connection. */
  const perTransaction = pooled ? transactionSettings(options, lz4) : null;

  const maxAttempts = options.maxAttempts ?? 5;
  const onAfterCommitError =
    options.onAfterCommitError ?? ((err) => console.error('after-commit callback failed', err));
  /** Each pooled connection's statement runner, made once per connection instead of once per transaction. */
  const perConnection = new WeakMap<pg.PoolClient, { runner: Runner; statements: PgQueryable }>();
  const inTransaction = options.guardNestedWrites === false ? null : new AsyncLocalStorage<true>();
  let closing = false;
  const events = createNotifyBus({
    url: directUrl,
    pool,
    ...(options.onEventsError ? { onError: options.onEventsError } : {}),
  });

  async function attempt<T>(fn: (tx: Tx) => Promise<T> | T): Promise<{ result: T; queue: AfterCommitQueue }> {
    let connection: pg.PoolClient;
    try {
      connection = await pool.connect();
    } catch (err) {
      throw mapDatabaseError(err);
    }
    // A checked-out client has no listener of the pool's: without ours, a connection that drops
    // (database restart) while we hold it emits 'error' unhandled and ends the process. The running
    // query fails on its own; the connection is only marked broken.
    let broken = false;
    const onConnectionError = () => {
      broken = true;
    };
    connection.on('error', onConnectionError);
    const queue: AfterCommitQueue = { callbacks: null };
    const afterCommit = (callback: () => void | Promise<void>) => void (queue.callbacks ??= []).push(callback);
    const published = createEventQueue();
    let own = perConnection.get(connection);
    if (own === undefined) {
      const runner = batchingRunner(connection, !pooled);
      own = { runner, statements: queryable(() => runner, !pooled) };
      perConnection.set(connection, own);
    }
    const { runner, statements } = own;
    // Statements sent without their caller waiting (BEGIN, Tx.sendWrites, NOTIFY): awaited in order
    // at commit; on a failure, the first of them that failed is the transaction's error.
    const sent: Promise<unknown>[] = [];
    const send = (statement: Promise<unknown>) => {
      statement.catch(() => undefined);
      sent.push(statement);
    };
    const tx: Tx = {
      ...statements,
      afterCommit,
      publish: published.add,
      runAll: (writes) => runAll(statements, writes),
      sendWrites: (writes) => {
        if (writes.length > 0) send(runAll(statements, writes));
      },
      readEach: (reads) => readEach(statements, reads) as never,
    };
    try {
      // The connection pipelines: BEGIN goes out with the transaction's first statement, and COMMIT
      // with its last writes and its NOTIFYs. BEGIN cannot fail alone on a live connection.
      send(runner.query(pooled ? { text: BEGIN.text } : BEGIN));
      if (perTransaction) send(runner.query(perTransaction));
      const result = await (inTransaction === null ? fn(tx) : inTransaction.run(true, () => fn(tx)));
      // The realtime events go out with the transaction: NOTIFY is delivered on COMMIT, so the
      // transaction stays one commit and other instances never hear of work that rolled back.
      const batch = published.take();
      if (batch !== null) {
        for (const payload of events.payloadsOf(batch)) {
          send(
            runner.query(
              pooled
                ? { text: NOTIFY.text, values: [NOTIFY_CHANNEL, payload] }
                : { ...NOTIFY, values: [NOTIFY_CHANNEL, payload] },
            ),
          );
        }
      }
      const commit = runner.query(pooled ? { text: COMMIT.text } : COMMIT);
      commit.catch(() => undefined);
      for (const statement of sent) await statement;
      // PostgreSQL answers COMMIT with ROLLBACK after a failed statement (thrown above in any case).
      if ((await commit).command !== 'COMMIT') throw new Error('the transaction was rolled back at COMMIT');
      if (batch !== null) afterCommit(() => events.deliverLocal(batch));
      return { result, queue };
    } catch (err) {
      try {
        // Through the runner: it may still hold statements of this transaction to send (they go first).
        await runner.query({ text: 'ROLLBACK' });
      } catch {
        broken = true; // the connection is gone: do not hand it back to the pool
      }
      throw await firstFailure(sent, err);
    } finally {
      connection.off('error', onConnectionError);
      connection.release(broken);
    }
  }

  return {
    engine: 'postgres',
    pool,
    sessionPool,
    events,
    read,
    replica: replicaPool
      ? replicaReads(
          queryable(() => replicaPool, true),
          read,
        )
      : read,
    async write<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T> {
      if (inTransaction?.getStore()) {
        throw new Error('database.write called inside a transaction: pass the tx on instead');
      }
      for (let attemptNo = 1; ; attemptNo++) {
        try {
          const { result, queue } = await attempt(fn);
          runAfterCommit(queue, onAfterCommitError);
          return result;
        } catch (err) {
          if (!isRetryable(err)) throw mapDatabaseError(err);
          if (attemptNo >= maxAttempts) throw new DatabaseUnavailableError(`gave up after ${attemptNo} attempts`);
          // Jittered backoff so that the transactions that collided do not collide again.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attemptNo));
        }
      }
    },
    async ping() {
      try {
        await pool.query('SELECT 1');
      } catch (err) {
        throw mapDatabaseError(err);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      // Idempotent: the app's onClose and a test may both close it.
      if (!closing) {
        closing = true;
        await events.close();
        await pool.end();
        if (sessionPool !== pool) await sessionPool.end();
        await replicaPool?.end();
        // An enabled AsyncLocalStorage is walked by every new promise of the process until disabled
        // (sqlite-writer.ts close): a closed database's check must not stay in that walk.
        inTransaction?.disable();
      }
    },
  };
}
