import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DAILY_CAP } from '@gogo/shared/rules';
import { buildApp } from '../src/app.js';
import { connectDatabase, type Database } from '../src/db/client.js';
import { createPushSender, scheduleNotification, vapidKeySource, webPushDelivery } from '../src/modules/push/index.js';
import { bearer, createTestClock, json, registerPlayer, testConfig } from './helpers.js';
import { newDevice, startPushService, type PushServiceStandIn, type TestDevice } from './push-helpers.js';
import { createPostgresTestDatabase, testDatabaseUrl, type TestDatabase } from './test-databases.js';

/**
 * Two app instances (each its own pool and sender) on ONE PostgreSQL database: each sends what is
 * due at the same moment, and every notification still reaches its device once, the daily cap still
 * holds, and both instances sign with the one VAPID pair the database keeps. Runs only with
 * TEST_DATABASE_URL (npm run test:pg).
 */
const title = testDatabaseUrl
  ? 'push notifications raced by two instances on one PostgreSQL'
  : 'push notifications raced by two instances (skipped: needs TEST_DATABASE_URL, e.g. npm run test:pg)';

describe.skipIf(!testDatabaseUrl)(title, () => {
  const clock = createTestClock();
  let pgdb: TestDatabase;
  let second: Database;
  let service: PushServiceStandIn;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  const push = { vapid: null, subject: 'mailto:ops@gogoboard.app', sweepMs: 3_600_000, allowLoopbackHttp: true };

  async function instance(database: Database) {
    const dataDir = mkdtempSync(join(tmpdir(), 'gogo-push-'));
    dirs.push(dataDir);
    const app = await buildApp({ config: testConfig(dataDir, { push }), database, clock });
    await app.ready();
    apps.push(app);
    return app;
  }
  const senderOn = (database: Database) =>
    createPushSender({
      database,
      clock,
      deliver: webPushDelivery(vapidKeySource(database, clock, null), push.subject),
      log: { warn: () => undefined },
      usernameOf: async () => 'racer',
    });

  beforeAll(async () => {
    pgdb = await createPostgresTestDatabase();
    second = await connectDatabase({ url: pgdb.url, file: '', poolMax: 5 });
    service = await startPushService();
    // Both start at once: each finds no key pair and offers one; the database keeps the first.
    await Promise.all([instance(pgdb.database), instance(second)]);
  });
  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close();
    await second?.close();
    await pgdb?.close();
    await service?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('shares one VAPID pair between the instances', async () => {
    const player = await registerPlayer(apps[0]!);
    const keys = await Promise.all(
      apps.map(
        async (app) => json(await app.inject({ url: '/api/push/key', headers: bearer(player.token) })).data.publicKey,
      ),
    );
    expect(keys[0]).toBe(keys[1]);
  });

  it('sends each due notification once when both instances sweep at the same moment', async () => {
    const devices: Array<{ player: Awaited<ReturnType<typeof registerPlayer>>; device: TestDevice }> = [];
    for (let i = 0; i < 6; i += 1) {
      const app = apps[i % 2]!;
      const player = await registerPlayer(app);
      const device = newDevice(service);
      const res = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: bearer(player.token),
        payload: { endpoint: device.endpoint, keys: device.keys },
      });
      expect(res.statusCode).toBe(201);
      devices.push({ player, device });
    }
    const now = clock();
    await pgdb.database.write(async (tx) => {
      for (const { player } of devices) await scheduleNotification(tx, player.user.id, 'dice_full', now);
    });
    const a = senderOn(pgdb.database);
    const b = senderOn(second);
    await Promise.all([a.sweep(), b.sweep(), a.sweep(), b.sweep()]);
    await Promise.all(devices.map(({ device }) => service.nth(device.path, 1)));
    for (const { device } of devices) expect(service.count(device.path)).toBe(1);
  });

  it(`holds the cap of ${PUSH_DAILY_CAP} a day when both instances send one player's notifications at once`, async () => {
    const player = await registerPlayer(apps[0]!);
    const device = newDevice(service);
    await apps[1]!.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: bearer(player.token),
      payload: { endpoint: device.endpoint, keys: device.keys },
    });
    const now = clock();
    await pgdb.database.write(async (tx) => {
      for (let i = 0; i < 6; i += 1) {
        await scheduleNotification(tx, player.user.id, 'event_start', now, { name: `Cup ${i}` }, `event_start:${i}`);
      }
    });
    const a = senderOn(pgdb.database);
    const b = senderOn(second);
    await Promise.all([a.sweep(), b.sweep()]);
    await service.nth(device.path, PUSH_DAILY_CAP);
    await Promise.all([a.sweep(), b.sweep()]);
    expect(service.count(device.path)).toBe(PUSH_DAILY_CAP);
  });
});
