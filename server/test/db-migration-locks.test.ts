import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres.js';
import { pgMigrationsDir } from '../src/paths.js';
import { createPostgresTestDatabase, testDatabaseUrl, testTempDir, type TestDatabase } from './test-databases.js';

/**
 * A migration behind a held lock: it waits at most its lock timeout, rolls back, pauses and tries
 * again, a bounded number of times; meanwhile the table's readers (the players' rolls) are never
 * queued behind it for longer than that timeout. PostgreSQL only: SQLite migrates one process's file.
 */
const title = testDatabaseUrl
  ? 'migrations behind a held lock (PostgreSQL)'
  : 'migrations behind a held lock (skipped: set TEST_DATABASE_URL, e.g. via npm run test:pg)';

describe.skipIf(!testDatabaseUrl)(title, () => {
  let db: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    db = await createPostgresTestDatabase({ poolMax: 2 });
    // The committed migrations (applied) and one more that needs game_states' ACCESS EXCLUSIVE lock.
    folder = testTempDir('gogo-migrations');
    cpSync(pgMigrationsDir, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_lock_probe' });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(join(folder, '9999_lock_probe.sql'), 'ALTER TABLE "game_states" ADD COLUMN "lock_probe" integer;');
  });
  afterAll(async () => {
    await db?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A session that holds ACCESS SHARE on game_states (an open transaction that read it) until released. */
  async function holdLock() {
    const client = new pg.Client({ connectionString: db.url! });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT count(*) FROM game_states');
    return {
      release: async () => {
        await client.query('COMMIT');
        await client.end();
      },
    };
  }

  /** Reads game_states once every 50 ms until stopped; answers the slowest read in ms. */
  function readLoop() {
    let stop = false;
    const reader = new pg.Client({ connectionString: db.url! });
    reader.on('error', () => undefined);
    const done = (async () => {
      await reader.connect();
      let slowest = 0;
      let reads = 0;
      while (!stop) {
        const t0 = performance.now();
        await reader.query('SELECT count(*) FROM game_states');
        slowest = Math.max(slowest, performance.now() - t0);
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await reader.end();
      return { slowest, reads };
    })();
    return {
      stop: async () => {
        stop = true;
        return done;
      },
    };
  }

  async function hasProbe(): Promise<boolean> {
    const client = new pg.Client({ connectionString: db.url! });
    await client.connect();
    try {
      const found = await client.query(
        "SELECT 1 FROM information_schema.columns WHERE table_name = 'game_states' AND column_name = 'lock_probe'",
      );
      return found.rowCount === 1;
    } finally {
      await client.end();
    }
  }

  it('gives up after its attempts with a clear message, and changes nothing', async () => {
    const lock = await holdLock();
    const retries: string[] = [];
    try {
      const failed = await openPostgres(db.url!, {
        migrationsFolder: folder,
        migrationLockTimeoutMs: 150,
        migrationAttempts: 2,
        onMigrationRetry: (message) => retries.push(message),
      }).catch((err: Error) => err);
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toMatch(/waited for a table lock 2 times \(150 ms each\) and gave up/);
      expect(retries).toHaveLength(1);
      expect(retries[0]).toMatch(/not free within 150 ms \(try 1 of 2\)/);
    } finally {
      await lock.release();
    }
    expect(await hasProbe()).toBe(false);
  });

  it('tries again while the lock is held, succeeds once it is free, and never stalls the readers', async () => {
    const lock = await holdLock();
    const readers = readLoop();
    const retries: string[] = [];
    const migrated = openPostgres(db.url!, {
      poolMax: 1,
      migrationsFolder: folder,
      migrationLockTimeoutMs: 200,
      migrationAttempts: 8,
      onMigrationRetry: (message) => retries.push(message),
    });
    // Released once the migration has given up twice.
    while (retries.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    await lock.release();
    const database = await migrated;
    await database.close();
    const { slowest, reads } = await readers.stop();
    expect(await hasProbe()).toBe(true);
    expect(reads).toBeGreaterThan(3);
    // A reader waits at most one lock timeout behind the migration's queued lock, never the whole hold.
    expect(slowest).toBeLessThan(1_000);
  });
});
