import { AsyncLocalStorage } from 'node:async_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import { runAfterCommit, type AfterCommitQueue } from './database.js';
import { mapDatabaseError } from './errors.js';
import { transactionEvents, type EventBus } from './events.js';
import type { Queryable, Tx } from './sql.js';

export interface GroupCommitLimits {
  /** At most this many write() calls share one COMMIT (1: every write commits alone). */
  maxWrites: number;
  /** A group takes no further write once it has run this long, so one slow write cannot hold back the others' commit. */
  maxMs: number;
}

export const DEFAULT_GROUP_COMMIT: GroupCommitLimits = { maxWrites: 64, maxMs: 4 };

interface Job {
  fn: (tx: Tx) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  queue: AfterCommitQueue;
  result?: unknown;
}

export interface SqliteWriter {
  write<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T>;
  /** write() calls queued and not yet running. */
  readonly waiting: number;
  readonly busy: boolean;
  /**
   * Lets go of the nested-write check when the database closes. An enabled AsyncLocalStorage stays
   * in Node's list of stores, which every new promise of the process walks, until it is disabled:
   * each database opened and closed without this (one per API test) would slow every later promise.
   */
  close(): void;
}

// Captured at load: a test that fakes timers must not stall the database.
const immediate = setImmediate;

/**
 * Group commit over the one writer connection. Writes run one at a time, as before, but the writes
 * queued while a group runs share its transaction and its COMMIT (one fsync for all of them instead
 * of one each; the pages they share, such as the newest leaf of an append-only table, are written
 * once). Every write still commits or rolls back whole: the first of a group owns the transaction,
 * each later one runs inside a SAVEPOINT that a throw rolls back alone. A write's promise settles
 * only after the group's COMMIT (its after-commit callbacks run then too), so nothing is acknowledged
 * before it is durable, and no refusal is told that rests on writes not yet committed; if that COMMIT
 * fails, every write of the group fails with it.
 * A group starts on setImmediate, after the event loop has read the requests that arrived meanwhile.
 * `fn` runs in the writer's async context, not the caller's.
 */
export function createSqliteWriter(
  writer: BetterSqlite3.Database,
  queryable: Queryable,
  onAfterCommitError: (err: unknown) => void,
  events: () => EventBus,
  limits: GroupCommitLimits = DEFAULT_GROUP_COMMIT,
): SqliteWriter {
  const begin = writer.prepare('BEGIN IMMEDIATE');
  const commit = writer.prepare('COMMIT');
  const rollback = writer.prepare('ROLLBACK');
  const savepoint = writer.prepare('SAVEPOINT w');
  const release = writer.prepare('RELEASE w');
  const rollbackTo = writer.prepare('ROLLBACK TO w');
  const inTransaction = new AsyncLocalStorage<true>();
  const pending: Job[] = [];
  let draining = false;

  /** A job's transaction: its function, then the writes it sent without waiting (Tx.sendWrites). */
  const runJob = (job: Job) =>
    inTransaction.run(true, async () => {
      const sent: Promise<number>[] = [];
      const afterCommit = (callback: () => void | Promise<void>) => void (job.queue.callbacks ??= []).push(callback);
      // Events ride on the write's own after-commit queue: a write rolled back to its savepoint sends none.
      const tx: Tx = {
        ...queryable,
        afterCommit,
        publish: transactionEvents(afterCommit, events),
        async runAll(writes) {
          for (const w of writes) await queryable.run(w.statement, w.params);
        },
        // Each statement runs as it is called (better-sqlite3 is synchronous), so the writes keep
        // their place before the statements that follow; a failure is told when the job settles.
        sendWrites(writes) {
          for (const w of writes) {
            const done = queryable.run(w.statement, w.params);
            done.catch(() => undefined);
            sent.push(done);
          }
        },
        async readEach(reads) {
          const out: unknown[] = [];
          for (const r of reads) out.push(r.decode(await queryable.all(r.statement, r.params)));
          return out as never;
        },
      };
      try {
        return await job.fn(tx);
      } finally {
        for (const done of sent) await done;
      }
    });

  /** Fails the group's writes when its transaction is gone (SQLite rolled it back, or COMMIT failed). */
  function abandon(jobs: Job[], err: unknown) {
    if (writer.open && writer.inTransaction) rollback.run();
    const mapped = mapDatabaseError(err);
    for (const job of jobs) job.reject(mapped);
  }

  async function runGroup(): Promise<void> {
    const first = pending.shift();
    if (!first) return;
    try {
      begin.run();
    } catch (err) {
      first.reject(mapDatabaseError(err));
      return;
    }
    try {
      first.result = await runJob(first);
    } catch (err) {
      abandon([first], err);
      return;
    }
    const group = [first];
    // Writes that threw, rolled back to their savepoint. They saw the group's uncommitted writes, so
    // their errors too are told only once those are committed (or the group fails as a whole).
    const failed: Array<{ job: Job; err: unknown }> = [];
    const everyone = () => [...group, ...failed.map((f) => f.job)];
    const started = performance.now();
    while (pending.length > 0 && group.length < limits.maxWrites && performance.now() - started < limits.maxMs) {
      const job = pending.shift()!;
      try {
        savepoint.run();
        job.result = await runJob(job);
        release.run();
        group.push(job);
      } catch (err) {
        if (!writer.inTransaction) {
          // SQLite rolled the whole transaction back (disk full, I/O error): the group is lost.
          abandon([...everyone(), job], err);
          return;
        }
        try {
          rollbackTo.run();
          release.run();
        } catch (undoErr) {
          abandon([...everyone(), job], undoErr);
          return;
        }
        failed.push({ job, err });
      }
    }
    try {
      commit.run();
    } catch (err) {
      abandon(everyone(), err);
      return;
    }
    for (const job of group) {
      runAfterCommit(job.queue, onAfterCommitError);
      job.resolve(job.result);
    }
    for (const { job, err } of failed) job.reject(mapDatabaseError(err));
  }

  async function drain() {
    try {
      while (pending.length > 0) {
        await runGroup();
        // Let the requests read meanwhile queue their writes, to join the next group.
        if (pending.length > 0) await new Promise<void>((resolve) => immediate(resolve));
      }
    } finally {
      draining = false;
    }
  }

  return {
    write<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T> {
      if (inTransaction.getStore()) {
        return Promise.reject(new Error('database.write called inside a transaction: pass the tx on instead'));
      }
      return new Promise<T>((resolve, reject) => {
        pending.push({ fn, resolve: resolve as (value: unknown) => void, reject, queue: { callbacks: null } });
        if (!draining) {
          draining = true;
          immediate(() => void drain());
        }
      });
    },
    get waiting() {
      return pending.length;
    },
    get busy() {
      return draining;
    },
    close() {
      inTransaction.disable();
    },
  };
}
