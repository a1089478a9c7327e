import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../src/db/client.js';
import { isUniqueViolation } from '../src/db/errors.js';
import { sql } from '../src/db/sql.js';

/**
 * Group commit on SQLite (db/sqlite-writer.ts): writes queued together share one COMMIT, yet each one
 * still commits or rolls back whole, and none is answered before the COMMIT that holds it.
 */
const NOW = Date.UTC(2026, 0, 15, 12);
const insertUser = sql<{ username: string; now: number }>(
  `INSERT INTO users (username, email, password_hash, created_at)
   VALUES (:username, :username || '@example.com', 'x', :now)`,
);
const countUsers = sql<{ username: string }, { n: number }>(
  'SELECT count(*) AS n FROM users WHERE username = :username',
);

let dir: string;
let database: SqliteDatabase;
// A generous time limit, so that only the count cuts a group even on a loaded machine.
const MAX_WRITES = 8;
let names = 0;
const uniqueName = () => `g${(names += 1)}`;
const visible = async (username: string) => (await database.read.get(countUsers, { username }))!.n === 1;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gogo-group-'));
  database = openDatabase(join(dir, 'gogo.sqlite'), { groupCommit: { maxWrites: MAX_WRITES, maxMs: 60_000 } });
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Queues one insert per name at once; answers, per write, which names were committed when it was answered. */
async function writeAll(usernames: string[]): Promise<boolean[][]> {
  return Promise.all(
    usernames.map(async (username) => {
      await database.write((tx) => tx.run(insertUser, { username, now: NOW }));
      return Promise.all(usernames.map(visible));
    }),
  );
}

describe('SQLite group commit', () => {
  it('writes queued together share one COMMIT, and each is answered only once it is committed', async () => {
    const usernames = Array.from({ length: MAX_WRITES }, uniqueName);
    const seen = await writeAll(usernames);
    // Every write, the first included, is answered after all of them are committed: one COMMIT for all.
    for (const atAnswer of seen) expect(atAnswer).toEqual(usernames.map(() => true));
  });

  it('a write that throws in a group rolls back its own rows only', async () => {
    const usernames = Array.from({ length: 6 }, uniqueName);
    const results = await Promise.allSettled(
      usernames.map((username, i) =>
        database.write(async (tx) => {
          await tx.run(insertUser, { username, now: NOW });
          if (i === 0 || i === 3) throw new Error(`write ${i} fails`);
          return i;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await Promise.all(usernames.map(visible))).toEqual([false, true, true, false, true, true]);
  });

  it('a write refused because of an earlier write of its group is told so only once that write is committed', async () => {
    const username = uniqueName();
    const insert = () => database.write((tx) => tx.run(insertUser, { username, now: NOW }));
    const [first, second] = await Promise.allSettled([
      insert(),
      insert().catch(async (err: unknown) => {
        // The refusal rests on the first insert: by the time it is told, that insert is committed.
        expect(await visible(username)).toBe(true);
        throw err;
      }),
      // A third write of the group that takes a few turns, during which an early refusal would be read.
      database.write(async (tx) => {
        for (let i = 0; i < 5; i++) await Promise.resolve();
        await tx.run(insertUser, { username: uniqueName(), now: NOW });
      }),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    expect(isUniqueViolation((second as PromiseRejectedResult).reason)).toBe(true);
  });

  it('when SQLite drops the transaction, every write of the group fails and none is stored', async () => {
    const usernames = Array.from({ length: 4 }, uniqueName);
    const results = await Promise.allSettled(
      usernames.map((username, i) =>
        database.write(async (tx) => {
          await tx.run(insertUser, { username, now: NOW });
          // As after a disk-full or I/O error: SQLite has rolled the whole transaction back.
          if (i === 2) {
            database.sqlite.exec('ROLLBACK');
            throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
          }
        }),
      ),
    );
    // The first three shared the lost transaction; the fourth ran in the next one.
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'fulfilled']);
    expect(await Promise.all(usernames.map(visible))).toEqual([false, false, false, true]);
  });

  it('a group takes at most maxWrites writes; the rest commit in the next one', async () => {
    const usernames = Array.from({ length: MAX_WRITES + 3 }, uniqueName);
    const seen = await writeAll(usernames);
    const first = usernames.map((_, i) => i < MAX_WRITES);
    for (const atAnswer of seen.slice(0, MAX_WRITES)) expect(atAnswer).toEqual(first);
    for (const atAnswer of seen.slice(MAX_WRITES)) expect(atAnswer.every(Boolean)).toBe(true);
  });

  it('a group takes no further write once it has run maxMs: a slow write does not hold back the next ones', async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'gogo-group-'));
    const slow = openDatabase(join(dir2, 'gogo.sqlite'), { groupCommit: { maxWrites: 64, maxMs: 5 } });
    try {
      const committed: boolean[] = [];
      const first = uniqueName();
      const second = uniqueName();
      await Promise.all([
        slow.write(async (tx) => {
          await tx.run(insertUser, { username: first, now: NOW });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }),
        slow
          .write((tx) => tx.run(insertUser, { username: second, now: NOW }))
          .then(async () => {
            committed.push((await slow.read.get(countUsers, { username: first }))!.n === 1);
          }),
      ]);
      // The slow write ran past the limit alone, so it was committed before the second one ran.
      expect(committed).toEqual([true]);
    } finally {
      await slow.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });
});
