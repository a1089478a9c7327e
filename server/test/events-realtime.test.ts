import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/sql.js';
import { SETTLE_GRACE_MS } from '../src/modules/events/index.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { grantDice, rollOnce } from './engine-helpers.js';
import { createTestAdmin } from './money-helpers.js';
import { authedSocket, type SocketClient } from './realtime-helpers.js';

/** Live ranks, prizes and overtakes reach the player's socket (a real listening server). */
let ctx: TestContext;
let url: string;
const sockets: SocketClient[] = [];
beforeAll(async () => {
  // A short sweep: the settlement is left to the app's own sweeper here.
  ctx = await createTestApp({ eventsSweepMs: 100 });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/ws`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx.close();
});

const open = async (token: string) => {
  const s = await authedSocket(url, token);
  sockets.push(s);
  return s;
};
const post = (path: string, token: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: path, headers: bearer(token), payload });
const insertFriendship = sql<{ low: number; high: number; now: number }>(
  'INSERT INTO friendships (user_low, user_high, created_at) VALUES (:low, :high, :now)',
);

describe('live events on the socket', () => {
  it('pushes the rank as rolls move it, then the prize once the sweeper settles the end', async () => {
    const admin = await createTestAdmin(ctx);
    const created = await post('/api/admin/events', admin.token, {
      name: 'Socket cup',
      metric: 'rolls',
      startsAt: new Date(ctx.clock()).toISOString(),
      endsAt: new Date(ctx.clock() + 10 * 60_000).toISOString(),
      prizes: [{ fromRank: 1, toRank: 1, gogo: 50, dice: 0 }],
    });
    const event = json(created).data.event as { id: number; endsAt: string };
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    for (const p of [a, b]) {
      await grantDice(ctx, p.user.id, 10);
      await post(`/api/events/${event.id}/join`, p.token);
    }
    const socketA = await open(a.token);
    await rollOnce(ctx, b.token);
    const behind = await socketA.next('eventRank');
    expect(behind.data).toMatchObject({ eventId: event.id, rank: 2, score: 0, entrants: 2 });
    const started = performance.now();
    await rollOnce(ctx, a.token);
    await rollOnce(ctx, a.token);
    let pushed = await socketA.next('eventRank');
    while (pushed.data.score < 2) pushed = await socketA.next('eventRank');
    expect(pushed.data).toMatchObject({ rank: 1, score: 2 });
    console.info(`rank push after the roll: ${Math.round(performance.now() - started)} ms`);

    ctx.clock.set(Date.parse(event.endsAt) + SETTLE_GRACE_MS);
    const prize = await socketA.next('eventPrize', 10_000);
    expect(prize.data).toEqual({ eventId: event.id, name: 'Socket cup', rank: 1, gogo: 50, dice: 0 });
  });

  it('tells a player when a friend overtakes them in the weekly race', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    await ctx.database.write((tx) =>
      tx.run(insertFriendship, {
        low: Math.min(a.user.id, b.user.id),
        high: Math.max(a.user.id, b.user.id),
        now: ctx.clock(),
      }),
    );
    for (const p of [a, b]) await grantDice(ctx, p.user.id, 60);
    const socketA = await open(a.token);
    // A wins something first; B rolls until B's week passes A's.
    let scoreA = 0;
    while (scoreA === 0) scoreA += Math.max(0, json(await rollOnce(ctx, a.token)).data.reward as number);
    let scoreB = 0;
    for (let i = 0; i < 50 && scoreB <= scoreA; i += 1) {
      scoreB += Math.max(0, json(await rollOnce(ctx, b.token)).data.reward as number);
    }
    expect(scoreB).toBeGreaterThan(scoreA);
    const overtake = await socketA.next('overtake');
    expect(overtake.data).toEqual({ userId: b.user.id, username: b.user.username });
    const race = json(await ctx.app.inject({ method: 'GET', url: '/api/friends-race', headers: bearer(a.token) })).data;
    expect(race.entries.map((e: { userId: number; score: number }) => [e.userId, e.score])).toEqual([
      [b.user.id, scoreB],
      [a.user.id, scoreA],
    ]);
    expect(race.eligible).toBe(false);
  });
});
