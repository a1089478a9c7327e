import type { EventBus } from './events.js';
import type { Engine, Queryable, Tx } from './sql.js';

/**
 * A database the server runs on: SQLite (embedded default) or PostgreSQL (DATABASE_URL). Services see
 * only this interface; the engine-specific code lives in db/sqlite.ts and db/postgres.ts.
 */
export interface Database {
  readonly engine: Engine;
  /**
   * Autocommit reads outside a transaction: they see only committed data (SQLite: a second
   * connection in WAL mode; PostgreSQL: the pool). Writes go through `write`.
   */
  readonly read: Queryable;
  /**
   * Reads that tolerate a lag of a few seconds: leaderboards, public figures, histories, back-office
   * lists. On PostgreSQL with DATABASE_READ_URL, a streaming replica (and the primary while the
   * replica cannot be reached); otherwise `read`. Never for a player's own state after a write, nor
   * for anything a change of value decides on (balances, limits, holds): those read `read` or `tx`.
   */
  readonly replica: Queryable;
  /**
   * Runs `fn` in one transaction and commits it. Every change of value goes through here. On SQLite
   * writes run one at a time and the ones queued meanwhile share one COMMIT
   * (group commit, db/sqlite-writer.ts; each still commits or rolls back whole); on PostgreSQL the transaction runs
   * at READ COMMITTED with explicit row locks (`{forUpdate}`), and a serialization failure or deadlock
   * is retried a bounded number of times before it answers 503. Never call `write` inside `fn`: pass
   * the `tx` on instead.
   */
  write<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T>;
  /**
   * The realtime event bus: what transactions publish (`tx.publish`) reaches the subscribers of every
   * instance on this database after COMMIT. In-process on SQLite, LISTEN/NOTIFY on PostgreSQL.
   */
  readonly events: EventBus;
  /** Throws (DatabaseUnavailableError) when the database cannot answer. */
  ping(): Promise<void>;
  /** Connection pool figures for the metrics endpoint (SQLite: its two connections). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface AfterCommitQueue {
  callbacks: Array<() => void | Promise<void>> | null;
}

/** Runs after-commit callbacks; a failing one is reported and never undoes the committed work. */
export function runAfterCommit(queue: AfterCommitQueue, onError: (err: unknown) => void): void {
  const callbacks = queue.callbacks;
  if (callbacks === null) return;
  queue.callbacks = null;
  for (const callback of callbacks) {
    try {
      const result = callback();
      if (result instanceof Promise) result.catch(onError);
    } catch (err) {
      onError(err);
    }
  }
}
