import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DAILY_CAP } from '@gogo/shared/rules';
import { sql } from '../src/db/sql.js';
import { createPushSender, scheduleNotification, vapidKeySource, webPushDelivery } from '../src/modules/push/index.js';
import { SETTLE_GRACE_MS, settleDue } from '../src/modules/events/index.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { grantDice, rollOnce } from './engine-helpers.js';
import { createTestAdmin } from './money-helpers.js';
import {
  checkVapid,
  decryptPush,
  newDevice,
  startPushService,
  type PushServiceStandIn,
  type TestDevice,
} from './push-helpers.js';

/**
 * Web push end to end: a device subscribes through the API, the server schedules notifications in
 * the transactions that cause them, a sweep sends them to a push service stand-in over HTTP, and the
 * test decrypts what arrived with the device's private key (RFC 8291) as a browser would.
 */
const states = sql<{ userId: number }, { kind: string; state: string; outcome: string | null; attempts: number }>(
  `SELECT kind, state, outcome, attempts FROM push_notifications WHERE user_id = :userId ORDER BY id`,
);
const insertFriendship = sql<{ low: number; high: number; now: number }>(
  'INSERT INTO friendships (user_low, user_high, created_at) VALUES (:low, :high, :now)',
);

let ctx: TestContext;
let service: PushServiceStandIn;
const log = { warn: () => undefined };

beforeAll(async () => {
  ctx = await createTestApp({
    push: { vapid: null, subject: 'mailto:support@gogoboard.app', sweepMs: 3_600_000, allowLoopbackHttp: true },
  });
  service = await startPushService();
});
afterAll(async () => {
  await ctx?.close();
  await service?.close();
});

/** A sender like each instance's (the app's own sweeps every hour here, so the test says when). */
function sender(database = ctx.database) {
  return createPushSender({
    database,
    clock: ctx.clock,
    deliver: webPushDelivery(vapidKeySource(database, ctx.clock, null), 'mailto:support@gogoboard.app'),
    log,
    usernameOf: async () => 'racer',
  });
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

async function subscribed(device: TestDevice = newDevice(service)) {
  const player = await registerPlayer(ctx.app);
  const res = await call('POST', '/api/push/subscriptions', player.token, {
    endpoint: device.endpoint,
    keys: device.keys,
  });
  expect(res.statusCode).toBe(201);
  return { player, device, deviceId: json(res).data.device.id as number };
}

const message = (device: TestDevice, n = 1) =>
  service.nth(device.path, n).then((r) => JSON.parse(decryptPush(device, r.body)) as Record<string, string>);

describe('subscriptions and switches', () => {
  it('hands out the VAPID public key and keeps one device per endpoint', async () => {
    const player = await registerPlayer(ctx.app);
    const key = json(await call('GET', '/api/push/key', player.token)).data.publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const device = newDevice(service);
    const body = { endpoint: device.endpoint, keys: device.keys, label: 'Test phone' };
    const first = json(await call('POST', '/api/push/subscriptions', player.token, body)).data.device;
    const again = json(await call('POST', '/api/push/subscriptions', player.token, body)).data.device;
    expect(again.id).toBe(first.id);
    const list = json(await call('GET', '/api/push/subscriptions', player.token)).data;
    expect(list.devices).toEqual([
      expect.objectContaining({ id: first.id, label: 'Test phone', endpoint: device.endpoint }),
    ]);
    expect(list.dailyCap).toBe(PUSH_DAILY_CAP);
    expect(Object.values(list.preferences).every((on) => on === true)).toBe(true);
  });

  it('refuses endpoints that are not https push services and keys of the wrong size, naming the field', async () => {
    const player = await registerPlayer(ctx.app);
    const device = newDevice(service);
    const cases: Array<[object, string]> = [
      [{ endpoint: 'http://push.example.com/x', keys: device.keys }, 'endpoint'],
      [{ endpoint: 'ftp://push.example.com/x', keys: device.keys }, 'endpoint'],
      [{ endpoint: 'not a url', keys: device.keys }, 'endpoint'],
      [{ endpoint: 'https://push.example.com/x', keys: { ...device.keys, p256dh: 'AAAA' } }, 'keys.p256dh'],
      [{ endpoint: 'https://push.example.com/x', keys: { ...device.keys, auth: 'AAAA' } }, 'keys.auth'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/push/subscriptions', player.token, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toMatchObject({ code: 'PUSH_SUBSCRIPTION_INVALID', details: { field } });
    }
    const missing = await call('POST', '/api/push/subscriptions', player.token, {
      endpoint: 'https://push.example.com/x',
    });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error.code).toBe('VALIDATION_ERROR');
    const https = await call('POST', '/api/push/subscriptions', player.token, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: device.keys,
    });
    expect(https.statusCode).toBe(201);
  });

  it('removes only the player’s own devices and keeps switches per kind', async () => {
    const { player, deviceId } = await subscribed();
    const other = await registerPlayer(ctx.app);
    const stolen = await call('DELETE', `/api/push/subscriptions/${deviceId}`, other.token);
    expect(stolen.statusCode).toBe(404);
    expect(json(stolen).error.code).toBe('PUSH_DEVICE_NOT_FOUND');
    const set = await call('PUT', '/api/push/preferences', player.token, { dice_full: false });
    expect(json(set).data.preferences).toMatchObject({ dice_full: false, event_prize: true });
    expect((await call('PUT', '/api/push/preferences', player.token, { nonsense: true })).statusCode).toBe(400);
    expect((await call('PUT', '/api/push/preferences', player.token, {})).statusCode).toBe(400);
    expect(json(await call('GET', '/api/push/preferences', player.token)).data.preferences.dice_full).toBe(false);
    expect((await call('DELETE', `/api/push/subscriptions/${deviceId}`, player.token)).statusCode).toBe(200);
    expect(json(await call('GET', '/api/push/subscriptions', player.token)).data.devices).toEqual([]);
  });
});

describe('delivery', () => {
  it('sends a scheduled notification encrypted for the device, signed with the server key', async () => {
    const { player, device } = await subscribed();
    const started = performance.now();
    await ctx.database.write((tx) => scheduleNotification(tx, player.user.id, 'dice_full', ctx.clock()));
    await sender().sweep();
    const arrived = await service.nth(device.path, 1);
    console.info(`push delivered ${(arrived.at - started).toFixed(1)} ms after it was scheduled (one sweep)`);
    expect(arrived.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(arrived.headers.ttl)).toBeGreaterThan(0);
    const vapid = checkVapid(arrived.headers, service.origin);
    expect(vapid.publicKey).toBe(json(await call('GET', '/api/push/key', player.token)).data.publicKey);
    expect(vapid.claims.sub).toBe('mailto:support@gogoboard.app');
    expect(JSON.parse(decryptPush(device, arrived.body))).toEqual({
      kind: 'dice_full',
      title: 'Your dice are full',
      body: 'Every die is back. Come roll before the refill stops.',
      url: '/game',
      tag: 'dice_full',
    });
    const list = json(await call('GET', '/api/push/subscriptions', player.token)).data.devices;
    expect(list[0].lastSentAt).not.toBeNull();
  });

  it('keeps one pending notification per kind and waits for its time', async () => {
    const { player, device } = await subscribed();
    const due = ctx.clock() + 60_000;
    await ctx.database.write((tx) => scheduleNotification(tx, player.user.id, 'dice_full', due - 30_000));
    await ctx.database.write((tx) => scheduleNotification(tx, player.user.id, 'dice_full', due));
    await sender().sweep();
    expect(service.count(device.path)).toBe(0);
    ctx.clock.advance(60_000);
    await sender().sweep();
    await sender().sweep();
    expect((await message(device)).kind).toBe('dice_full');
    expect(service.count(device.path)).toBe(1);
    expect(await ctx.database.read.all(states, { userId: player.user.id })).toEqual([
      { kind: 'dice_full', state: 'sent', outcome: null, attempts: 1 },
    ]);
  });

  it('writes nothing for a player without a device', async () => {
    const player = await registerPlayer(ctx.app);
    await ctx.database.write((tx) => scheduleNotification(tx, player.user.id, 'dice_full', ctx.clock()));
    expect(await ctx.database.read.all(states, { userId: player.user.id })).toEqual([]);
  });

  it(`sends at most ${PUSH_DAILY_CAP} a day across kinds, and none of a kind turned off`, async () => {
    const { player, device } = await subscribed();
    await call('PUT', '/api/push/preferences', player.token, { daily_ready: false });
    const now = ctx.clock();
    await ctx.database.write(async (tx) => {
      await scheduleNotification(tx, player.user.id, 'daily_ready', now);
      await scheduleNotification(tx, player.user.id, 'dice_full', now + 1);
      await scheduleNotification(tx, player.user.id, 'friend_overtake', now + 2, { otherId: 1 });
      await scheduleNotification(tx, player.user.id, 'event_ending', now + 3, { name: 'Cup' }, 'event_ending:1');
      await scheduleNotification(tx, player.user.id, 'event_start', now + 4, { name: 'Cup' }, 'event_start:1');
    });
    ctx.clock.advance(10);
    await Promise.all([sender().sweep(), sender().sweep()]);
    expect(service.count(device.path)).toBe(PUSH_DAILY_CAP);
    const rows = await ctx.database.read.all(states, { userId: player.user.id });
    expect(rows.map((r) => [r.kind, r.state, r.outcome])).toEqual([
      ['daily_ready', 'skipped', 'off'],
      ['dice_full', 'sent', null],
      ['friend_overtake', 'sent', null],
      ['event_ending', 'sent', null],
      ['event_start', 'skipped', 'capped'],
    ]);
    const kinds = await Promise.all([1, 2, 3].map((n) => message(device, n).then((m) => m.kind)));
    expect(kinds.sort()).toEqual(['dice_full', 'event_ending', 'friend_overtake']);
  });

  it('removes a device whose push service says it is gone, and retries a failing one a bounded number of times', async () => {
    const gone = await subscribed();
    service.answer(gone.device.path, 410);
    await ctx.database.write((tx) => scheduleNotification(tx, gone.player.user.id, 'dice_full', ctx.clock()));
    await sender().sweep();
    expect(json(await call('GET', '/api/push/subscriptions', gone.player.token)).data.devices).toEqual([]);

    const flaky = await subscribed();
    service.answer(flaky.device.path, 500, 503);
    await ctx.database.write((tx) => scheduleNotification(tx, flaky.player.user.id, 'dice_full', ctx.clock()));
    await sender().sweep();
    expect(service.count(flaky.device.path)).toBe(1);
    ctx.clock.advance(30_000);
    await sender().sweep();
    ctx.clock.advance(120_000);
    await sender().sweep();
    expect((await message(flaky.device, 3)).kind).toBe('dice_full');
    expect(await ctx.database.read.all(states, { userId: flaky.player.user.id })).toEqual([
      expect.objectContaining({ state: 'sent', attempts: 3 }),
    ]);

    const dead = await subscribed();
    service.answer(dead.device.path, 500, 500, 500, 500);
    await ctx.database.write((tx) => scheduleNotification(tx, dead.player.user.id, 'dice_full', ctx.clock()));
    for (let i = 0; i < 5; i += 1) {
      await sender().sweep();
      ctx.clock.advance(600_000);
    }
    expect(service.count(dead.device.path)).toBe(3);
    expect(await ctx.database.read.all(states, { userId: dead.player.user.id })).toEqual([
      expect.objectContaining({ state: 'failed', attempts: 3 }),
    ]);
  });
});

describe('what the game schedules', () => {
  it('announces the daily dice for the next UTC day when they are claimed', async () => {
    const { player, device } = await subscribed();
    expect((await call('POST', '/api/daily-dice-roll/claim', player.token)).statusCode).toBe(200);
    await sender().sweep();
    expect(service.count(device.path)).toBe(0);
    ctx.clock.set((Math.floor(ctx.clock() / 86_400_000) + 1) * 86_400_000);
    await sender().sweep();
    expect(await message(device)).toMatchObject({ kind: 'daily_ready', title: 'Your daily dice are ready' });
  });

  it('tells an entrant an hour before the end, then about the prize; and reminds of an upcoming start', async () => {
    const admin = await createTestAdmin(ctx);
    const start = ctx.clock() + 10 * 60_000;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: bearer(admin.token),
      payload: {
        name: 'Push cup',
        metric: 'rolls',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 2 * 3_600_000).toISOString(),
        prizes: [{ fromRank: 1, toRank: 1, gogo: 50, dice: 2 }],
      },
    });
    const event = json(created).data.event as { id: number; endsAt: string };
    const { player, device } = await subscribed();
    const unsubscribed = await registerPlayer(ctx.app);
    const refused = await call('POST', `/api/events/${event.id}/remind`, unsubscribed.token);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error.code).toBe('PUSH_NOT_ALLOWED');
    const reminded = await call('POST', `/api/events/${event.id}/remind`, player.token);
    expect(json(reminded).data.event).toMatchObject({ status: 'upcoming', reminder: true });
    const listed = json(await call('GET', '/api/events', player.token)).data.events;
    expect(listed.find((e: { id: number }) => e.id === event.id)).toMatchObject({ reminder: true });

    ctx.clock.set(start);
    await sender().sweep();
    expect(await message(device, 1)).toMatchObject({ kind: 'event_start', title: 'Push cup has started' });
    const late = await call('POST', `/api/events/${event.id}/remind`, player.token);
    expect(json(late).error.code).toBe('EVENT_NOT_UPCOMING');

    expect((await call('POST', `/api/events/${event.id}/join`, player.token)).statusCode).toBe(200);
    await grantDice(ctx, player.user.id, 1);
    expect((await rollOnce(ctx, player.token)).statusCode).toBe(200);
    ctx.clock.set(Date.parse(event.endsAt) - 3_600_000);
    await sender().sweep();
    expect(await message(device, 2)).toMatchObject({ kind: 'event_ending', title: 'Push cup ends within the hour' });
    ctx.clock.set(Date.parse(event.endsAt) + SETTLE_GRACE_MS);
    await settleDue({ database: ctx.database, clock: ctx.clock });
    await sender().sweep();
    expect(await message(device, 3)).toMatchObject({
      kind: 'event_prize',
      title: 'You finished #1 in Push cup',
      body: 'Your prize is in: 50 GOGO and 2 dice.',
      url: '/game?events=1',
    });
  });

  it('drops the reminders and end notices of an event the admin cancels', async () => {
    const admin = await createTestAdmin(ctx);
    const start = ctx.clock() + 30 * 60_000;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: bearer(admin.token),
      payload: {
        name: 'Called off',
        metric: 'rolls',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3_600_000).toISOString(),
        prizes: [],
      },
    });
    const event = json(created).data.event as { id: number };
    const { player, device } = await subscribed();
    expect((await call('POST', `/api/events/${event.id}/remind`, player.token)).statusCode).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/events/${event.id}/cancel`,
      headers: bearer(admin.token),
    });
    expect(cancelled.statusCode).toBe(200);
    ctx.clock.set(start);
    await sender().sweep();
    expect(service.count(device.path)).toBe(0);
    expect(await ctx.database.read.all(states, { userId: player.user.id })).toEqual([]);
  });

  it('tells a player when the refill has filled their dice, at the moment the roll left it to fill', async () => {
    const { player, device } = await subscribed();
    let state = json(await rollOnce(ctx, player.token)).data.state;
    while (state.diceRefill.diceFullAt === null) state = json(await rollOnce(ctx, player.token)).data.state;
    const fullAt = state.diceRefill.diceFullAt as number;
    ctx.clock.set(fullAt - 1000);
    await sender().sweep();
    expect(service.count(device.path)).toBe(0);
    ctx.clock.set(fullAt);
    await sender().sweep();
    expect(await message(device)).toMatchObject({ kind: 'dice_full' });
  });

  it('tells a player when a friend passes them in the weekly race', async () => {
    const { player: a, device } = await subscribed();
    const b = await registerPlayer(ctx.app);
    await ctx.database.write((tx) =>
      tx.run(insertFriendship, {
        low: Math.min(a.user.id, b.user.id),
        high: Math.max(a.user.id, b.user.id),
        now: ctx.clock(),
      }),
    );
    for (const p of [a, b]) await grantDice(ctx, p.user.id, 80);
    let scoreA = 0;
    while (scoreA === 0) scoreA += Math.max(0, json(await rollOnce(ctx, a.token)).data.reward as number);
    let scoreB = 0;
    for (let i = 0; i < 70 && scoreB <= scoreA; i += 1) {
      scoreB += Math.max(0, json(await rollOnce(ctx, b.token)).data.reward as number);
    }
    expect(scoreB).toBeGreaterThan(scoreA);
    await sender().sweep();
    expect(await message(device)).toMatchObject({ kind: 'friend_overtake', title: 'racer just passed you' });
  });
});
