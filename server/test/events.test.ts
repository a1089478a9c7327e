import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/sql.js';
import { EVENT_METRICS, rollFacts, scoreDeltas, type EventMetric } from '@gogo/shared/rules';
import { settleDue, settleEvent, SETTLE_GRACE_MS } from '../src/modules/events/index.js';
import { SCORE_DELTA_SQL } from '../src/modules/events/repo.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { expectLedgerConsistent, grantDice, rollOnce } from './engine-helpers.js';
import { createTestAdmin } from './money-helpers.js';

let ctx: TestContext;
let admin: { token: string };
beforeAll(async () => {
  // The sweep is left to the explicit calls below (the sweeper itself is tested with a socket).
  ctx = await createTestApp({ eventsSweepMs: 3_600_000 });
  admin = await createTestAdmin(ctx);
});
afterAll(async () => {
  await expectLedgerConsistent(ctx);
  await ctx.close();
});

const MIN = 60_000;
const at = (offsetMs: number) => new Date(ctx.clock() + offsetMs).toISOString();
const prizeRows = sql<{ eventId: number }, { userId: number; rank: number; gogo: number; dice: number }>(
  'SELECT user_id AS "userId", rank, gogo, dice FROM event_prizes WHERE event_id = :eventId ORDER BY rank',
);
const prizeLedger = sql<{ reason: string }, { userId: number; asset: string; amount: number; type: string }>(
  'SELECT user_id AS "userId", asset, amount, type FROM ledger_entries WHERE reason = :reason ORDER BY id',
);

async function createEvent(body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/events',
    headers: bearer(admin.token),
    payload: { name: 'Sprint', metric: 'rolls', startsAt: at(0), endsAt: at(30 * MIN), prizes: [], ...body },
  });
}
async function liveEvent(body: Record<string, unknown> = {}) {
  const res = await createEvent(body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.event as { id: number; endsAt: string };
}
const player = async () => {
  const p = await registerPlayer(ctx.app);
  await grantDice(ctx, p.user.id, 50);
  return p;
};
const call = (method: 'GET' | 'POST', url: string, token: string) =>
  ctx.app.inject({ method, url, headers: bearer(token) });
const myEvent = async (token: string, id: number) =>
  (json(await call('GET', '/api/events', token)).data.events as Array<Record<string, any>>).find((e) => e.id === id);

describe('admin events', () => {
  it.each<[string, () => Record<string, unknown>, string | null]>([
    ['schema', () => ({ endsAt: 'x' }), null],
    ['schema', () => ({ startsAt: undefined }), null],
    ['endsAt', () => ({ endsAt: new Date(Date.UTC(2026, 0, 15, 11)).toISOString() }), 'endsAt'],
    ['endsAt', () => ({ endsAt: at(MIN) }), 'endsAt'],
    ['repeat', () => ({ repeat: 'daily', endsAt: at(2 * 86_400_000) }), 'repeat'],
    [
      'prizes[1].fromRank',
      () => ({
        prizes: [
          { fromRank: 1, toRank: 3, gogo: 10, dice: 0 },
          { fromRank: 3, toRank: 5, gogo: 5, dice: 0 },
        ],
      }),
      'prizes[1].fromRank',
    ],
    ['prizes[0].gogo', () => ({ prizes: [{ fromRank: 1, toRank: 1, gogo: -5, dice: 0 }] }), 'prizes[0].gogo'],
    ['prizes[0].toRank', () => ({ prizes: [{ fromRank: 2, toRank: 1, gogo: 5, dice: 0 }] }), 'prizes[0].toRank'],
  ])('refuses a bad %s with a 400 naming the field', async (_name, body, field) => {
    const res = await createEvent(body());
    expect(res.statusCode).toBe(400);
    expect(json(res).success).toBe(false);
    if (field) {
      expect(json(res).error.details).toEqual({ field });
      expect(json(res).error.message).toContain(field);
    }
  });

  it('needs an admin token; creates, lists, edits before the start, cancels, and audits each', async () => {
    const p = await player();
    expect((await call('GET', '/api/admin/events', p.token)).statusCode).toBe(403);
    const upcoming = await liveEvent({ startsAt: at(60 * MIN), endsAt: at(120 * MIN), maxEntrants: 5 });
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${upcoming.id}`,
      headers: bearer(admin.token),
      payload: { name: 'Renamed', metric: 'laps', startsAt: at(60 * MIN), endsAt: at(90 * MIN), prizes: [] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(json(edit).data.event).toMatchObject({ name: 'Renamed', metric: 'laps', status: 'upcoming' });
    const list = json(await call('GET', '/api/admin/events', admin.token)).data.events as Array<{ id: number }>;
    expect(list.some((e) => e.id === upcoming.id)).toBe(true);
    const cancelled = await call('POST', `/api/admin/events/${upcoming.id}/cancel`, admin.token);
    expect(json(cancelled).data.event.status).toBe('cancelled');
    expect((await call('POST', `/api/admin/events/${upcoming.id}/cancel`, admin.token)).statusCode).toBe(409);
    expect(await myEvent(p.token, upcoming.id)).toBeUndefined();
    const started = await liveEvent();
    const late = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${started.id}`,
      headers: bearer(admin.token),
      payload: { name: 'Late', metric: 'rolls', startsAt: at(0), endsAt: at(90 * MIN), prizes: [] },
    });
    expect(json(late).error.code).toBe('EVENT_NOT_EDITABLE');
    const audit = json(await call('GET', '/api/admin/audit-log?limit=200', admin.token)).data;
    const actions = (audit.entries ?? audit.logs ?? []).map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['create_event', 'update_event', 'cancel_event']));
  });
});

describe('joining and scoring', () => {
  it('counts only rolls made after joining, while live, in the roll transaction', async () => {
    const a = await player();
    const event = await liveEvent();
    expect(json(await rollOnce(ctx, a.token)).success).toBe(true); // before joining: not counted
    const joined = await call('POST', `/api/events/${event.id}/join`, a.token);
    expect(joined.statusCode).toBe(200);
    expect(json(joined).data.event).toMatchObject({ joined: true, myScore: 0, myRank: 1, status: 'live' });
    expect((await call('POST', `/api/events/${event.id}/join`, a.token)).statusCode).toBe(200); // harmless
    for (let i = 0; i < 3; i += 1) expect((await rollOnce(ctx, a.token)).statusCode).toBe(200);
    expect(await myEvent(a.token, event.id)).toMatchObject({ myScore: 3, myRank: 1, entrants: 1 });
  });

  it('scores gogo_won as the sum of positive roll rewards', async () => {
    const a = await player();
    const event = await liveEvent({ metric: 'gogo_won' });
    await call('POST', `/api/events/${event.id}/join`, a.token);
    let won = 0;
    for (let i = 0; i < 8; i += 1) won += Math.max(0, json(await rollOnce(ctx, a.token)).data.reward as number);
    expect((await myEvent(a.token, event.id))?.myScore).toBe(won);
  });

  it('answers 409 EVENT_NOT_LIVE before the start and EVENT_FULL at the cap, even when joins race', async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    const later = await liveEvent({ startsAt: at(10 * MIN), endsAt: at(20 * MIN) });
    expect(json(await call('POST', `/api/events/${later.id}/join`, a.token)).error.code).toBe('EVENT_NOT_LIVE');
    const capped = await liveEvent({ maxEntrants: 2 });
    const answers = await Promise.all([a, b, c].map((p) => call('POST', `/api/events/${capped.id}/join`, p.token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    expect(json(answers.find((r) => r.statusCode === 409)!).error.code).toBe('EVENT_FULL');
    expect((await myEvent(a.token, capped.id))?.entrants).toBe(2);
  });

  it('ranks a tie to whoever reached the score first, and pages around me', async () => {
    const players = [await player(), await player(), await player(), await player()];
    const event = await liveEvent();
    for (const p of players) await call('POST', `/api/events/${event.id}/join`, p.token);
    // Everyone rolls once, in order; the last one rolls twice.
    for (const p of players) await rollOnce(ctx, p.token);
    await rollOnce(ctx, players[3]!.token);
    const board = json(await call('GET', `/api/events/${event.id}/leaderboard?limit=10`, players[0]!.token)).data;
    expect(board.entries.map((e: { username: string }) => e.username)).toEqual(
      [players[3], players[0], players[1], players[2]].map((p) => p!.user.username),
    );
    expect(board.entries.map((e: { score: number }) => e.score)).toEqual([2, 1, 1, 1]);
    expect(board.me).toEqual({ rank: 2, score: 1 });
    const around = json(
      await call('GET', `/api/events/${event.id}/leaderboard?limit=1&around=me`, players[2]!.token),
    ).data;
    expect(around.entries).toEqual([{ rank: 4, username: players[2]!.user.username, score: 1 }]);
  });
});

describe('settlement', () => {
  const prizes = [
    { fromRank: 1, toRank: 1, gogo: 500, dice: 10 },
    { fromRank: 2, toRank: 3, gogo: 100, dice: 0 },
  ];

  async function endedEvent(entrants: number, extra: Record<string, unknown> = {}) {
    const ps = [];
    for (let i = 0; i < entrants; i += 1) ps.push(await player());
    const event = await liveEvent({ prizes, endsAt: at(10 * MIN), ...extra });
    for (const p of ps) await call('POST', `/api/events/${event.id}/join`, p.token);
    // Player i rolls entrants - i times: ranks follow the join order.
    for (const [i, p] of ps.entries()) for (let r = 0; r < entrants - i; r += 1) await rollOnce(ctx, p.token);
    ctx.clock.set(Date.parse(event.endsAt) + SETTLE_GRACE_MS);
    return { event, ps };
  }

  it('pays each ranked winner once, as prize ledger entries in both histories, and starts the next round', async () => {
    const { event, ps } = await endedEvent(4, { repeat: 'daily' });
    const [first, second] = await Promise.all([
      settleDue({ database: ctx.database, clock: ctx.clock }),
      settleDue({ database: ctx.database, clock: ctx.clock }),
    ]);
    expect([...first!, ...second!].filter((r) => r.eventId === event.id)).toHaveLength(1);
    expect(await settleDue({ database: ctx.database, clock: ctx.clock })).toEqual([]);
    const rows = await ctx.database.read.all(prizeRows, { eventId: event.id });
    expect(rows).toEqual([
      { userId: ps[0]!.user.id, rank: 1, gogo: 500, dice: 10 },
      { userId: ps[1]!.user.id, rank: 2, gogo: 100, dice: 0 },
      { userId: ps[2]!.user.id, rank: 3, gogo: 100, dice: 0 },
    ]);
    const ledger = await ctx.database.read.all(prizeLedger, { reason: `event_prize:${event.id}:1` });
    expect(ledger).toEqual([
      { userId: ps[0]!.user.id, asset: 'GOGO', amount: 500, type: 'prize' },
      { userId: ps[0]!.user.id, asset: 'DICE', amount: 10, type: 'prize' },
    ]);
    const history = json(await call('GET', '/api/credits/transactions', ps[0]!.token)).data.transactions;
    expect(
      history
        .filter((t: { type: string }) => t.type === 'prize')
        .map((t: { amount: number }) => t.amount)
        .sort(),
    ).toEqual([10, 500]);
    const adminRows = json(await call('GET', '/api/admin/all-transactions?type=prize&limit=200', admin.token)).data;
    expect(JSON.stringify(adminRows)).toContain(`"type":"prize"`);
    const mine = await myEvent(ps[0]!.token, event.id);
    expect(mine).toMatchObject({
      status: 'ended',
      settled: true,
      result: { rank: 1, gogo: 500, dice: 10, seen: false },
    });
    expect((await call('POST', `/api/events/${event.id}/result/seen`, ps[0]!.token)).statusCode).toBe(200);
    expect((await myEvent(ps[0]!.token, event.id))?.result?.seen).toBe(true);
    expect((await myEvent(ps[3]!.token, event.id))?.result).toBeNull();
    const next = (json(await call('GET', '/api/events', ps[0]!.token)).data.events as Array<Record<string, any>>).find(
      (e) =>
        e.name === 'Sprint' &&
        e.id !== event.id &&
        e.startsAt === new Date(Date.parse(event.endsAt) + 86_400_000 - 10 * MIN).toISOString(),
    );
    expect(next).toMatchObject({ status: 'upcoming', joined: false, settled: false });
  });

  it('a crash in the middle of a settlement pays nothing; the next sweep pays once', async () => {
    const { event, ps } = await endedEvent(2);
    const crash = settleEvent(
      {
        database: ctx.database,
        clock: ctx.clock,
        beforeCommit: () => {
          throw new Error('process died');
        },
      },
      event.id,
    );
    await expect(crash).rejects.toThrow('process died');
    expect(await ctx.database.read.all(prizeRows, { eventId: event.id })).toEqual([]);
    expect(await ctx.database.read.all(prizeLedger, { reason: `event_prize:${event.id}:1` })).toEqual([]);
    const results = await settleDue({ database: ctx.database, clock: ctx.clock });
    expect(results.find((r) => r.eventId === event.id)?.winners).toBe(2);
    expect(await ctx.database.read.all(prizeLedger, { reason: `event_prize:${event.id}:1` })).toHaveLength(2);
    expect((await myEvent(ps[1]!.token, event.id))?.result).toMatchObject({ rank: 2, gogo: 100 });
  });

  it('a cancelled event pays nothing and does not repeat', async () => {
    const { event } = await endedEvent(1, { repeat: 'weekly' });
    ctx.clock.set(Date.parse(event.endsAt) - MIN);
    await call('POST', `/api/admin/events/${event.id}/cancel`, admin.token);
    ctx.clock.set(Date.parse(event.endsAt) + SETTLE_GRACE_MS);
    expect((await settleDue({ database: ctx.database, clock: ctx.clock })).some((r) => r.eventId === event.id)).toBe(
      false,
    );
    expect(await ctx.database.read.all(prizeRows, { eventId: event.id })).toEqual([]);
  });
});

describe('scoring by metric', () => {
  it('scores every metric of the rules exactly as the rules score a roll', async () => {
    const a = await player();
    await grantDice(ctx, a.user.id, 250);
    const events = new Map<EventMetric, number>();
    for (const metric of EVENT_METRICS) {
      const event = await liveEvent({ metric, name: `By ${metric}` });
      await call('POST', `/api/events/${event.id}/join`, a.token);
      events.set(metric, event.id);
    }
    const expected = Object.fromEntries(EVENT_METRICS.map((m) => [m, 0])) as Record<EventMetric, number>;
    // Rolls until every metric has scored (a lap counts only on landing exactly on Start).
    for (let i = 0; i < 250 && EVENT_METRICS.some((m) => expected[m] === 0); i += 1) {
      const roll = json(await rollOnce(ctx, a.token)).data;
      const deltas = scoreDeltas(rollFacts(roll));
      for (const metric of EVENT_METRICS) expected[metric] += deltas[metric];
    }
    for (const metric of EVENT_METRICS) {
      // Every metric scored: one the statement left out would show 0.
      expect(expected[metric], metric).toBeGreaterThan(0);
      expect((await myEvent(a.token, events.get(metric)!))?.myScore, metric).toBe(expected[metric]);
    }
  });

  it('names every metric of the rules in the scoring statement, and scores an unknown one 0', () => {
    for (const metric of EVENT_METRICS) expect(SCORE_DELTA_SQL).toContain(`WHEN '${metric}' THEN :delta_${metric}`);
    expect(SCORE_DELTA_SQL).toMatch(/ELSE 0 END\)$/);
  });
});
