import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_EVENT, HOUSE_EVENT_SERIES, houseEventWindow } from '@gogo/shared/rules';
import { sql } from '../src/db/sql.js';
import { scheduleHouseEvent, settleDue } from '../src/modules/events/index.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { expectLedgerConsistent, grantDice, rollOnce } from './engine-helpers.js';
import { createTestAdmin } from './money-helpers.js';
import { until } from './chain-helpers.js';

const DAY = 86_400_000;
const houseRounds = sql<{ series: number }, { id: number; round: number; status: string; startsAt: number }>(
  `SELECT id, round, status, starts_at AS "startsAt" FROM live_events WHERE series_id = :series ORDER BY round`,
);
const eventsOf = async (ctx: TestContext, token: string) =>
  json(await ctx.app.inject({ method: 'GET', url: '/api/events', headers: bearer(token) })).data.events as Array<
    Record<string, any>
  >;

describe('the house event (HOUSE_EVENT on)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The sweep runs once at start (which schedules the house event), then is left to explicit calls.
    ctx = await createTestApp({ houseEvent: true, eventsSweepMs: 3_600_000 });
  });
  afterAll(async () => {
    await expectLedgerConsistent(ctx);
    await ctx.close();
  });

  it('a fresh server has the daily tournament live: today, UTC, with its prizes, listed for admins too', async () => {
    const p = await registerPlayer(ctx.app);
    const [event] = await until(async () => {
      const events = await eventsOf(ctx, p.token);
      return events.length > 0 ? events : null;
    }, 'the house event');
    const window = houseEventWindow(ctx.clock());
    expect(event).toMatchObject({
      name: HOUSE_EVENT.name,
      metric: HOUSE_EVENT.metric,
      status: 'live',
      joined: false,
      startsAt: new Date(window.startsAt).toISOString(),
      endsAt: new Date(window.endsAt).toISOString(),
      prizes: HOUSE_EVENT.prizes,
    });
    const admin = await createTestAdmin(ctx);
    const listed = json(await ctx.app.inject({ method: 'GET', url: '/api/admin/events', headers: bearer(admin.token) }))
      .data.events as Array<Record<string, any>>;
    expect(listed.find((e) => e.id === event!.id)).toMatchObject({ repeat: 'daily', status: 'live', round: 1 });
  });

  it('is created once, however many instances try at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => scheduleHouseEvent(ctx)));
    expect(ids.every((id) => id === null)).toBe(true);
    expect(await ctx.database.read.all(houseRounds, { series: HOUSE_EVENT_SERIES })).toHaveLength(1);
  });

  it('scores a joined player, pays the day’s winner from the ledger and opens the next day’s round', async () => {
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 20);
    const [event] = await eventsOf(ctx, p.token);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/events/${event!.id}/join`, headers: bearer(p.token) }))
        .statusCode,
    ).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
    const mine = (await eventsOf(ctx, p.token)).find((e) => e.id === event!.id);
    expect(mine?.myScore).toBeGreaterThan(0);

    ctx.clock.set(houseEventWindow(ctx.clock()).endsAt + 5_000);
    await settleDue(ctx);
    const rounds = await ctx.database.read.all(houseRounds, { series: HOUSE_EVENT_SERIES });
    expect(rounds.map((r) => [r.round, r.status])).toEqual([
      [1, 'settled'],
      [2, 'scheduled'],
    ]);
    expect(rounds[1]!.startsAt - rounds[0]!.startsAt).toBe(DAY);
    const after = await eventsOf(ctx, p.token);
    expect(after.find((e) => e.id === event!.id)?.result).toMatchObject({ rank: 1, gogo: HOUSE_EVENT.prizes[0]!.gogo });
    expect(after.find((e) => e.status === 'live')).toMatchObject({ name: HOUSE_EVENT.name, joined: false });
  });

  it('an admin’s cancel ends the series: nothing schedules it again', async () => {
    const admin = await createTestAdmin(ctx);
    const live = (await ctx.database.read.all(houseRounds, { series: HOUSE_EVENT_SERIES })).at(-1)!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/events/${live.id}/cancel`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await scheduleHouseEvent(ctx)).toBeNull();
    ctx.clock.set(live.startsAt + DAY + 5_000);
    await settleDue(ctx);
    const rounds = await ctx.database.read.all(houseRounds, { series: HOUSE_EVENT_SERIES });
    expect(rounds.at(-1)).toMatchObject({ id: live.id, status: 'cancelled' });
  });
});

describe('HOUSE_EVENT off', () => {
  it('a server without it schedules nothing of its own', async () => {
    const ctx = await createTestApp({ houseEvent: false });
    try {
      const p = await registerPlayer(ctx.app);
      expect(await eventsOf(ctx, p.token)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
