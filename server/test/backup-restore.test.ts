import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backup, restore, verifiedManifest } from '../../scripts/lib/backup.mjs';
import { openProjectDb } from '../../scripts/lib/project-db.mjs';
import { buildApp } from '../src/app.js';
import { connectDatabase, type Database } from '../src/db/client.js';
import { bearer, createTestClock, registerPlayer, testConfig } from './helpers.js';
import {
  createPostgresTestDatabase,
  openFreshSqlite,
  testDatabaseUrl,
  testTempDir,
  withAdminClient,
} from './test-databases.js';

// npm run backup / npm run restore on the engine under test: a backup taken while the app writes,
// restored into a fresh DATA_DIR (SQLite) or an empty database (PostgreSQL), passes the ledger audit,
// holds exactly what was there at backup time, and serves the players again.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyPostgresDatabase(): Promise<string> {
  const name = `gogo_restore_${process.pid}_${Date.now()}`;
  await withAdminClient((admin) => admin.query(`CREATE DATABASE "${name}"`));
  cleanups.push(() =>
    withAdminClient((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  );
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe(`backup and restore (${testDatabaseUrl ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('restores a backup taken under writes into a fresh place; the ledger audit passes and players play on', async () => {
    const dataDir = testTempDir('gogo-backup-src');
    const out = testTempDir('gogo-backups');
    const restoredDir = testTempDir('gogo-backup-dst');
    cleanups.push(async () => [dataDir, out, restoredDir].forEach((d) => rmSync(d, { recursive: true, force: true })));
    const config = testConfig(dataDir);
    const source = testDatabaseUrl ? await createPostgresTestDatabase() : null;
    if (source) cleanups.push(() => source.close());
    const database: Database = source ? source.database : await openFreshSqlite(config.databaseFile);
    const clock = createTestClock();
    const app = await buildApp({ config, database, clock });
    cleanups.push(() => app.close());

    const alice = await registerPlayer(app);
    const bob = await registerPlayer(app);
    const roll = async (token: string) => {
      clock.advance(1_000);
      const res = await app.inject({ method: 'POST', url: '/api/game/roll', headers: bearer(token), payload: {} });
      expect(res.statusCode).toBe(200);
    };
    for (const token of [alice.token, alice.token, bob.token]) await roll(token);
    mkdirSync(join(dataDir, 'uploads', 'avatars'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'avatars', 'a.webp'), 'avatar bytes');
    const stateBefore = (
      await app.inject({ method: 'GET', url: '/api/game-state/state', headers: bearer(alice.token) })
    ).json().data;

    // Taken while the app is open, then one more roll that the backup must not hold.
    const writes = roll(bob.token);
    const { dir, manifest } = await backup({ dataDir, databaseUrl: source?.url ?? null, out });
    await writes;
    expect(manifest.engine).toBe(testDatabaseUrl ? 'postgres' : 'sqlite');
    expect(Object.keys(manifest.files)).toContain('uploads/avatars/a.webp');

    const targetUrl = testDatabaseUrl ? await emptyPostgresDatabase() : null;
    await restore({ from: dir, dataDir: restoredDir, databaseUrl: targetUrl });
    const db = openProjectDb({ dataDir: restoredDir, databaseUrl: targetUrl });
    try {
      const audit = await db.audit();
      expect(audit).toMatchObject({ ok: true, players: 2 });
      // Three rolls were in before the backup; the fourth raced it and is in or out whole.
      expect([3, 4]).toContain(audit.rolls);
    } finally {
      await db.close();
    }
    expect(readFileSync(join(restoredDir, 'uploads', 'avatars', 'a.webp'), 'utf8')).toBe('avatar bytes');

    // The server runs on the restored data: the same secret signs, alice's state is hers.
    const restored = await connectDatabase({ url: targetUrl, file: join(restoredDir, 'gogo.sqlite'), poolMax: 2 });
    const again = await buildApp({ config: testConfig(restoredDir), database: restored, clock });
    cleanups.push(() => again.close());
    const state = await again.inject({ method: 'GET', url: '/api/game-state/state', headers: bearer(alice.token) });
    expect(state.statusCode).toBe(200);
    expect(state.json().data).toMatchObject({
      balance: stateBefore.balance,
      diceRollsRemaining: stateBefore.diceRollsRemaining,
    });

    // A second restore onto the restored data is refused, and a damaged backup is caught.
    await expect(restore({ from: dir, dataDir: restoredDir, databaseUrl: targetUrl })).rejects.toThrow(/replace/);
    const dump = Object.keys(manifest.files).find((f) => f.startsWith('gogo.'))!;
    writeFileSync(join(dir, dump), Buffer.concat([readFileSync(join(dir, dump)), Buffer.from('x')]));
    expect(() => verifiedManifest(dir)).toThrow(/does not match its SHA-256/);
    expect(existsSync(join(dir, 'manifest.json'))).toBe(true);
  });
});
