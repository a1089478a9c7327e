import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { connectDatabase, type Database } from '../src/db/client.js';
import { sql } from '../src/db/sql.js';
import { settleDue, settleEvent, SETTLE_GRACE_MS } from '../src/modules/events/index.js';
import { bearer, createTestClock, json, registerPlayer, testConfig } from './helpers.js';
import { grantDice } from './engine-helpers.js';
import { insertTestAdmin } from './money-helpers.js';
import { createPostgresTestDatabase, testDatabaseUrl, type TestDatabase } from './test-databases.js';

/**
 * Two app instances (each its own pool, sweeper and socket fan-out) on ONE PostgreSQL database:
 * an ended event raced by both instances' settlements is paid once, and so is one whose first
 * settlement crashed half-way. Runs only with TEST_DATABASE_URL (npm run test:pg).
 */
const title = testDatabaseUrl
  ? 'event settlement raced by two instances on one PostgreSQL'
  : 'event settlement raced by two instances (skipped: needs TEST_DATABASE_URL, e.g. npm run test:pg)';

const prizeLedger = sql<{ eventId: number }, { userId: number; amount: number; asset: string }>(
  `SELECT user_id AS "userId", amount, asset FROM ledger_entries
   WHERE type = 'prize' AND ref_type = 'event' AND ref_id = :eventId ORDER BY id`,
);
const rounds = sql<{ seriesId: number }, { n: number }>(
  'SELECT count(*) AS n FROM live_events WHERE series_id = :seriesId',
);

describe.skipIf(!testDatabaseUrl)(title, () => {
  const clock = createTestClock();
  let pgdb: TestDatabase;
  let second: Database;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];

  async function instance(database: Database) {
    const dataDir = mkdtempSync(join(tmpdir(), 'gogo-ev-'));
    dirs.push(dataDir);
    const config = testConfig(dataDir, { benchNoCooldown: true, eventsSweepMs: 3_600_000 });

    const app = await buildApp({ config, database, clock });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    pgdb = await createPostgresTestDatabase();
    second = await connectDatabase({ url: pgdb.url, file: '', poolMax: 5 });
    await instance(pgdb.database);
    await instance(second);
  });
  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close();
    await pgdb?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function endedEvent(repeat: 'daily' | null) {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const ctxLike = { database: pgdb.database, clock } as never;
    const adminRow = await insertTestAdmin(
      ctxLike,
      `ops${Math.random().toString(36).slice(2, 8)}`,
      'a-long-admin-pass',
    );
    const token = a.signToken('admin', adminRow.id, 0);
    const created = await a.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: bearer(token),
      payload: {
        name: 'Race',
        metric: 'rolls',
        startsAt: new Date(clock()).toISOString(),
        endsAt: new Date(clock() + 10 * 60_000).toISOString(),
        repeat,
        prizes: [{ fromRank: 1, toRank: 5, gogo: 100, dice: 1 }],
      },
    });
    const event = json(created).data.event as { id: number; endsAt: string };
    const players = [];
    for (let i = 0; i < 6; i += 1) {
      const p = await registerPlayer(i % 2 ? b : a);
      await grantDice(ctxLike, p.user.id, 10);
      // Joins and rolls land on both instances at the same moment.
      players.push(p);
    }
    await Promise.all(
      players.map((p, i) =>
        apps[i % 2]!.inject({ method: 'POST', url: `/api/events/${event.id}/join`, headers: bearer(p.token) }),
      ),
    );
    await Promise.all(
      players.map(async (p, i) => {
        for (let r = 0; r <= i; r += 1) {
          await apps[(i + r) % 2]!.inject({
            method: 'POST',
            url: '/api/game/roll',
            headers: bearer(p.token),
            payload: {},
          });
        }
      }),
    );
    clock.set(Date.parse(event.endsAt) + SETTLE_GRACE_MS);
    return event;
  }

  it('pays once when both instances settle the same ended event at the same moment', async () => {
    const event = await endedEvent('daily');
    const results = await Promise.all([
      settleDue({ database: pgdb.database, clock }),
      settleDue({ database: second, clock }),
      settleEvent({ database: second, clock }, event.id),
      settleEvent({ database: pgdb.database, clock }, event.id),
    ]);
    const settled = results.flat().filter((r) => r !== null && r.eventId === event.id);
    expect(settled).toHaveLength(1);
    const paid = await pgdb.database.read.all(prizeLedger, { eventId: event.id });
    expect(paid).toHaveLength(10); // five winners, GOGO and dice each
    expect(new Set(paid.map((p) => p.userId)).size).toBe(5);
    expect((await pgdb.database.read.get(rounds, { seriesId: event.id }))?.n).toBe(1);
  });

  it('a settlement that crashes half-way on one instance is paid once by the other', async () => {
    const event = await endedEvent(null);
    let release!: () => void;
    let entered!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // Instance A holds the event's lock with its prizes written, then dies; B waits on the lock.
    const crashing = settleEvent(
      {
        database: pgdb.database,
        clock,
        beforeCommit: async () => {
          entered();
          await held;
          throw new Error('instance killed');
        },
      },
      event.id,
    );
    await inside;
    const waiting = settleEvent({ database: second, clock }, event.id);
    setTimeout(release, 200);
    await expect(crashing).rejects.toThrow('instance killed');
    expect((await waiting)?.winners).toBe(5);
    expect(await settleEvent({ database: pgdb.database, clock }, event.id)).toBeNull();
    expect(await pgdb.database.read.all(prizeLedger, { eventId: event.id })).toHaveLength(10);
  });
});
