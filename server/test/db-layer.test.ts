import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type Database } from '../src/db/client.js';
import { DatabaseUnavailableError, isUniqueViolation } from '../src/db/errors.js';
import type { PostgresDatabase } from '../src/db/postgres.js';
import { sql, write } from '../src/db/sql.js';
import { InsufficientBalanceError } from '../src/modules/ledger/postings.js';
import { ledgerSumsOf, lockGameState, postLedgerTx, readGameState } from '../src/modules/ledger/postings.js';
import { repoRoot } from '../src/paths.js';
import { suiteDatabase, testEngines, testPoolerUrl } from './test-databases.js';

const toastCompression = sql<Record<string, never>, { value: string }>({
  sqlite: "SELECT 'none' AS value",
  postgres: "SELECT current_setting('default_toast_compression') AS value",
});

/**
 * The data layer itself (db/sqlite.ts, db/postgres.ts) on every engine: transactions commit or roll
 * back whole, after-commit callbacks wait for the commit, concurrent withdrawals cannot overdraw,
 * retryable failures are retried and unavailable databases answer 503.
 */
const NOW = Date.UTC(2026, 0, 15, 12);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const insertUser = sql<{ username: string; now: number }, { id: number }>(
  `INSERT INTO users (username, email, password_hash, created_at)
   VALUES (:username, :username || '@example.com', 'x', :now) RETURNING id`,
);
const countUsers = sql<{ username: string }, { n: number }>(
  'SELECT count(*) AS n FROM users WHERE username = :username',
);
const lockUser = sql<{ id: number }, { id: number }>('SELECT id FROM users WHERE id = :id {forUpdate}');
const withdrawals = sql<{ userId: number }, { n: number; lowest: number | null }>(
  `SELECT count(*) AS n, min(balance_after) AS lowest FROM ledger_entries
   WHERE user_id = :userId AND type = 'withdrawal'`,
);

let names = 0;
const uniqueName = () => `u${process.pid}x${(names += 1)}`;
const retryable = () => Object.assign(new Error('could not serialize access'), { code: '40001' });

async function newUser(database: Database): Promise<number> {
  const row = await database.write((tx) => tx.get(insertUser, { username: uniqueName(), now: NOW }));
  return row!.id;
}

async function usersNamed(database: Database, username: string): Promise<number> {
  return (await database.read.get(countUsers, { username }))!.n;
}

describe.each(testEngines)('data layer on %s', (engine) => {
  const suite = suiteDatabase(engine);
  let database: Database;
  beforeAll(() => {
    database = suite();
  });

  it('write() commits, and a throw rolls back everything the transaction wrote', async () => {
    const kept = uniqueName();
    const id = await database.write(async (tx) => (await tx.get(insertUser, { username: kept, now: NOW }))!.id);
    expect(id).toBeGreaterThan(0);
    expect(await usersNamed(database, kept)).toBe(1);

    const dropped = uniqueName();
    await expect(
      database.write(async (tx) => {
        await tx.run(insertUser, { username: dropped, now: NOW });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await usersNamed(database, dropped)).toBe(0);
  });

  it('runs after-commit callbacks only after COMMIT, and never after a rollback', async () => {
    const username = uniqueName();
    const seen: string[] = [];
    await database.write(async (tx) => {
      await tx.run(insertUser, { username, now: NOW });
      tx.afterCommit(async () => {
        // Read outside the transaction: the row is visible only once committed.
        seen.push((await usersNamed(database, username)) === 1 ? 'committed row visible' : 'not committed');
      });
      seen.push('transaction body done');
    });
    await vi.waitFor(() => expect(seen).toEqual(['transaction body done', 'committed row visible']));

    const called = vi.fn();
    await expect(
      database.write(async (tx) => {
        tx.afterCommit(called);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await sleep(20);
    expect(called).not.toHaveBeenCalled();
  });

  it('writes sent without waiting commit with the transaction, and one that fails rolls it all back with its own error', async () => {
    const [first, second] = [uniqueName(), uniqueName()];
    await database.write(async (tx) => {
      tx.sendWrites([write(insertUser, { username: first, now: NOW })]);
      // A statement after them sees them: they run in the order sent.
      expect((await tx.get(countUsers, { username: first }))!.n).toBe(1);
      tx.sendWrites([write(insertUser, { username: second, now: NOW })]);
    });
    expect([await usersNamed(database, first), await usersNamed(database, second)]).toEqual([1, 1]);

    const [kept, clash] = [uniqueName(), uniqueName()];
    let bodyFinished = false;
    const error = await database
      .write(async (tx) => {
        await tx.run(insertUser, { username: kept, now: NOW });
        tx.sendWrites([write(insertUser, { username: first, now: NOW })]); // the username is taken
        tx.sendWrites([write(insertUser, { username: clash, now: NOW })]);
        bodyFinished = true;
      })
      .catch((err: unknown) => err);
    expect(bodyFinished).toBe(true);
    expect(isUniqueViolation(error)).toBe(true);
    expect([await usersNamed(database, kept), await usersNamed(database, clash)]).toEqual([0, 0]);

    // On PostgreSQL a statement issued after a failed one fails too (the transaction is aborted); the
    // transaction's error is still the first failure.
    const after = await database
      .write(async (tx) => {
        tx.sendWrites([write(insertUser, { username: first, now: NOW })]);
        await tx.get(countUsers, { username: first });
      })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(after)).toBe(true);
  });

  it('refuses a write() nested in a write()', async () => {
    await expect(database.write(async () => database.write(async () => 1))).rejects.toThrow(/inside a transaction/);
  });

  it('20 concurrent full-balance withdrawals: exactly one is accepted, no balance below zero', async () => {
    const userId = await newUser(database);
    await database.write(async (tx) => {
      await lockGameState(tx, userId, NOW);
      await postLedgerTx(tx, userId, [{ asset: 'GOGO', amount: 1000, type: 'deposit', reason: 'test' }], NOW);
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        // Each asks for the whole 1000 the player holds, as a client that read its balance would.
        database.write(async (tx) => {
          await lockGameState(tx, userId, NOW);
          // A service does some work between its read and its write: without the row lock, the
          // others would read the same balance meanwhile.
          await sleep(5);
          await postLedgerTx(tx, userId, [{ asset: 'GOGO', amount: -1000, type: 'withdrawal', reason: 'test' }], NOW);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientBalanceError);
    }
    expect((await readGameState(database.read, userId))!.balance).toBe(0);
    expect((await ledgerSumsOf(database.read, userId)).GOGO).toBe(0);
    expect(await database.read.get(withdrawals, { userId })).toEqual({ n: 1, lowest: 0 });
  });

  it('a retryable failure that exhausts its retries answers 503 and writes nothing', async () => {
    const username = uniqueName();
    let attempts = 0;
    const error = await database
      .write(async (tx) => {
        attempts += 1;
        await tx.run(insertUser, { username: `${username}a${attempts}`, now: NOW });
        // SQLite has no serialization failures; its "try again later" is a busy database.
        throw engine === 'postgres'
          ? retryable()
          : Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as DatabaseUnavailableError).statusCode).toBe(503);
    expect(attempts).toBe(engine === 'postgres' ? 5 : 1);
    for (let i = 1; i <= attempts; i++) expect(await usersNamed(database, `${username}a${i}`)).toBe(0);
  });

  it.runIf(engine === 'postgres')('retries a serialization failure, keeping only the last attempt', async () => {
    const username = uniqueName();
    let attempts = 0;
    const result = await database.write(async (tx) => {
      attempts += 1;
      await tx.run(insertUser, { username, now: NOW });
      if (attempts < 3) throw retryable();
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(3);
    expect(await usersNamed(database, username)).toBe(1);
  });

  it.runIf(engine === 'postgres')('retries the victim of a real deadlock, and both transactions commit', async () => {
    const [a, b] = [await newUser(database), await newUser(database)];
    let locked = 0;
    let bothLocked!: () => void;
    const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
    const attempts = [0, 0];
    // Each locks its first row, waits until the other holds its own, then asks for the other's.
    const crossing = (index: number, first: number, second: number) =>
      database.write(async (tx) => {
        attempts[index]! += 1;
        await tx.get(lockUser, { id: first });
        if (attempts[index] === 1) {
          if ((locked += 1) === 2) bothLocked();
          await barrier;
        }
        await tx.get(lockUser, { id: second });
      });
    await Promise.all([crossing(0, a, b), crossing(1, b, a)]);
    expect(attempts[0]! + attempts[1]!).toBe(3);
  });

  it.runIf(engine === 'postgres' && testPoolerUrl !== null)(
    'behind PgBouncer every transaction sets lz4 for itself (SET LOCAL), where the server has it',
    async () => {
      const { pool } = database as PostgresDatabase;
      const built = await pool.query(
        "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)",
      );
      const setting = await database.write((tx) => tx.get(toastCompression, {}));
      expect(setting?.value).toBe(built.rowCount === 1 ? 'lz4' : 'pglz');
    },
  );

  it.runIf(engine === 'postgres' && testPoolerUrl === null)(
    'every pooled connection compresses large values with lz4 where the server has it',
    async () => {
      const { pool } = database as PostgresDatabase;
      const built = await pool.query(
        "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)",
      );
      // Three connections held at once: at least two of them are opened for this test.
      const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      try {
        const settings = await Promise.all(clients.map((c) => c.query('SHOW default_toast_compression')));
        const expected = built.rowCount === 1 ? 'lz4' : 'pglz';
        for (const { rows } of settings) expect(rows[0].default_toast_compression).toBe(expected);
      } finally {
        for (const c of clients) c.release();
      }
    },
  );
});

interface Cluster {
  url: string;
  stop(): void;
  stopServer(): void;
  startServer(): void;
}

describe.runIf(testEngines.includes('postgres'))('PostgreSQL that goes away', () => {
  it('answers 503 while it is down, fails a start with 503, and recovers when it is back', async () => {
    // Its own throwaway cluster: the shared one serves the other test files.
    const script = pathToFileURL(join(repoRoot, 'scripts', 'lib', 'postgres.mjs')).href;
    const { startPostgres } = (await import(script)) as { startPostgres: () => Promise<Cluster> };
    const cluster = await startPostgres();
    try {
      const database = await connectDatabase({ url: cluster.url, file: '', poolMax: 3 });
      try {
        const first = uniqueName();
        await database.write((tx) => tx.run(insertUser, { username: first, now: NOW }));
        cluster.stopServer();

        const down = uniqueName();
        await expect(database.write((tx) => tx.run(insertUser, { username: down, now: NOW }))).rejects.toMatchObject({
          statusCode: 503,
        });
        await expect(database.read.get(countUsers, { username: first })).rejects.toBeInstanceOf(
          DatabaseUnavailableError,
        );
        await expect(database.ping()).rejects.toBeInstanceOf(DatabaseUnavailableError);
        await expect(connectDatabase({ url: cluster.url, file: '' })).rejects.toBeInstanceOf(DatabaseUnavailableError);

        cluster.startServer();
        const back = uniqueName();
        const deadline = Date.now() + 15_000;
        for (;;) {
          try {
            await database.write((tx) => tx.run(insertUser, { username: back, now: NOW }));
            break;
          } catch (err) {
            if (!(err instanceof DatabaseUnavailableError) || Date.now() > deadline) throw err;
            await sleep(100);
          }
        }
        expect(await usersNamed(database, first)).toBe(1);
        expect(await usersNamed(database, down)).toBe(0);
        expect(await usersNamed(database, back)).toBe(1);
      } finally {
        await database.close();
      }
    } finally {
      cluster.stop();
    }
  }, 60_000);
});
