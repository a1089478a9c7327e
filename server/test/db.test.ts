import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../src/db/client.js';
import { startBackgroundCheckpoints } from '../src/db/checkpointer.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dirs: string[] = [];
const opened: SqliteDatabase[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fresh(options: Parameters<typeof openDatabase>[1]) {
  const dir = mkdtempSync(join(tmpdir(), 'gogo-db-'));
  dirs.push(dir);
  const file = join(dir, 'gogo.sqlite');
  const database = openDatabase(file, options);
  opened.push(database);
  return { database, file };
}

/** Writes about 4 MB through the write-ahead log. */
function writeMegabytes(database: SqliteDatabase) {
  database.sqlite.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, blob TEXT NOT NULL)');
  const insert = database.sqlite.prepare('INSERT INTO filler (blob) VALUES (?)');
  database.sqlite.transaction(() => {
    for (let i = 0; i < 1000; i += 1) insert.run('x'.repeat(4000));
  })();
}

describe('background WAL checkpoints', () => {
  it('fold the log into the database file from a worker, with no checkpoint in the commits', async () => {
    const { database, file } = fresh({ backgroundCheckpoint: true });
    expect(database.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = statSync(file).size;
    writeMegabytes(database);
    expect(statSync(file).size).toBe(before); // the commit did not checkpoint
    const deadline = Date.now() + 5000;
    // The worker copies pages while we look: wait for the whole log, not for the first page.
    while (statSync(file).size <= before + 3_000_000 && Date.now() < deadline) await sleep(100);
    expect(statSync(file).size).toBeGreaterThan(before + 3_000_000);
  });

  it('without the option, SQLite checkpoints automatically as before', () => {
    const { database } = fresh({});
    expect(database.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });

  it('reports a failing worker so that the automatic checkpoint can be restored', async () => {
    const reason = await new Promise<string>((resolve) => {
      startBackgroundCheckpoints(join(tmpdir(), 'no-such-dir-gogo', 'x', 'gogo.sqlite'), resolve, 50);
    });
    expect(reason).toMatch(/unable to open|directory does not exist|SQLITE_CANTOPEN/i);
  });
});
