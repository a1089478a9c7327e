import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/settings/index.js';
import { openDatabase, type SqliteDatabase } from '../src/db/client.js';

// A paid-out withdrawal must not roll back on power loss, and the data stays private.
const roots: string[] = [];
const opened: SqliteDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function root(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gogo-durable-'));
  roots.push(dir);
  return dir;
}

function open(file: string): SqliteDatabase {
  const database = openDatabase(file);
  opened.push(database);
  return database;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('SQLite durability and privacy', () => {
  it('runs in WAL mode with synchronous=FULL, so a commit is on disk before it is acknowledged', () => {
    const database = open(join(root(), 'gogo.sqlite'));
    expect(database.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(database.sqlite.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL (NORMAL is 1)
    expect(database.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('creates the data directory 0700, nested folders included', () => {
    const dir = join(root(), 'a', 'b', 'data');
    open(join(dir, 'gogo.sqlite'));
    expect(modeOf(dir)).toBe(0o700);
  });

  it('tightens an existing data directory that others could read to 0700', () => {
    const dir = join(root(), 'data');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    open(join(dir, 'gogo.sqlite'));
    expect(modeOf(dir)).toBe(0o700);
  });

  it('the server configuration DATA_DIR ends up 0700 once its database is open', () => {
    const dataDir = join(root(), 'server-data');
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    open(config.databaseFile);
    expect(modeOf(config.dataDir)).toBe(0o700);
  });
});
