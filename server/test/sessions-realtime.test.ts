import { describe, expect, it } from 'vitest';
import { engineText } from '@gogo/shared/messages';
import { sql } from '../src/db/sql.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { appForFile, expectLedgerConsistent, get, grantDice, rollOnce } from './engine-helpers.js';

const activeServerSeed = sql<{ userId: number }, { s: string }>(
  'SELECT server_seed AS s FROM fairness_seeds WHERE user_id = :userId AND revealed_at IS NULL',
);

let ctx: TestContext;
appForFile((made) => (ctx = made));

const start = (token: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/game-session/session', headers: bearer(token), payload });
const put = (token: string, id: number, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/game-session/session/${id}`, headers: bearer(token), payload });
const iso = () => new Date(ctx.clock()).toISOString();
const netOf = (rolls: any[]) =>
  rolls.reduce(
    (acc, r) => {
      const achievements = r.achievementsUnlocked.reduce((t: number, a: any) => t + a.reward, 0);
      acc.won += Math.max(r.reward, 0) + r.salary + achievements; // passing Start pays a salary
      acc.lost += Math.max(-r.reward, 0);
      return acc;
    },
    { won: 0, lost: 0 },
  );

describe('play sessions', () => {
  it('spans a visit: start, rolls and net GOGO from the rolls in its time span, end', async () => {
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 20);
    await rollOnce(ctx, p.token); // before the session: not counted
    ctx.clock.advance(5000);

    const created = await start(p.token, { device: 'phone' });
    expect(created.statusCode).toBe(201);
    const session = json(created).data;
    expect(session).toEqual({
      id: session.id,
      userId: p.user.id,
      startedAt: iso(),
      endedAt: null,
      active: true,
      durationSeconds: 0,
      rolls: 0,
      gogoWon: 0,
      gogoLost: 0,
      netGogo: 0,
      device: 'phone',
    });

    const served = [];
    for (let i = 0; i < 6; i += 1) served.push(json(await rollOnce(ctx, p.token)).data);
    const { won, lost } = netOf(served);
    const during = json(await get(ctx, `/api/game-session/session/${session.id}`, p.token)).data;
    expect(during).toMatchObject({ active: true, rolls: 6, gogoWon: won, gogoLost: lost, netGogo: won - lost });
    expect(during.durationSeconds).toBe(6);

    ctx.clock.advance(4000);
    const ended = json(await put(p.token, session.id, { ended: true })).data;
    expect(ended).toMatchObject({ active: false, endedAt: iso(), durationSeconds: 10, rolls: 6, netGogo: won - lost });
    // Rolls after the end do not count, and a second end keeps the first.
    await rollOnce(ctx, p.token);
    const later = json(await put(p.token, session.id, { ended: true })).data;
    expect(later).toEqual(ended);
    expect(json(await put(p.token, session.id, { device: 'desktop' })).data).toEqual({ ...ended, device: 'desktop' });
  });

  it('starts without a body; a new session ends the open one at its last roll', async () => {
    const p = await registerPlayer(ctx.app);
    const first = json(
      await ctx.app.inject({ method: 'POST', url: '/api/game-session/session', headers: bearer(p.token) }),
    ).data;
    expect(first.device).toBeNull();
    await rollOnce(ctx, p.token);
    const lastRoll = iso();
    ctx.clock.advance(3_600_000); // the tab was left open an hour
    const second = json(await start(p.token)).data;
    const closed = json(await get(ctx, `/api/game-session/session/${first.id}`, p.token)).data;
    expect(closed).toMatchObject({ active: false, endedAt: lastRoll, rolls: 1 });
    expect(second.active).toBe(true);
    const list = json(await get(ctx, `/api/game-session/sessions/user/${p.user.id}`, p.token)).data.sessions;
    expect(list.map((s: any) => s.id)).toEqual([second.id, first.id]);
  });

  it('a player sees and changes only their own sessions', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const mine = json(await start(a.token)).data;
    for (const res of [
      await get(ctx, `/api/game-session/session/${mine.id}`, b.token),
      await put(b.token, mine.id, { ended: true }),
      await ctx.app.inject({ method: 'DELETE', url: `/api/game-session/session/${mine.id}`, headers: bearer(b.token) }),
      await get(ctx, `/api/game-session/sessions/user/${a.user.id}`, b.token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(json(res).error.code).toBe('FORBIDDEN');
    }
    expect(json(await get(ctx, `/api/game-session/session/${mine.id}`, a.token)).data.active).toBe(true);
    const missing = await get(ctx, '/api/game-session/session/999999', a.token);
    expect(missing.statusCode).toBe(404);
    expect(json(missing).error.message).toBe(engineText.sessionNotFound);
    expect((await get(ctx, `/api/game-session/session/${mine.id}`)).statusCode).toBe(401);
  });

  it('DELETE removes the session from the history, not the rolls', async () => {
    const p = await registerPlayer(ctx.app);
    const s = json(await start(p.token)).data;
    await rollOnce(ctx, p.token);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/game-session/session/${s.id}`,
      headers: bearer(p.token),
    });
    expect(json(res).data).toEqual({ deleted: true, id: s.id });
    expect((await get(ctx, `/api/game-session/session/${s.id}`, p.token)).statusCode).toBe(404);
    expect(json(await get(ctx, `/api/game-session/sessions/user/${p.user.id}`, p.token)).data.sessions).toEqual([]);
    expect(json(await get(ctx, '/api/fairness/rolls', p.token)).data.rolls).toHaveLength(1);
  });

  it('lists newest first, 20 by default, at most 100', async () => {
    const p = await registerPlayer(ctx.app);
    for (let i = 0; i < 22; i += 1) {
      await start(p.token);
      ctx.clock.advance(1000);
    }
    const url = `/api/game-session/sessions/user/${p.user.id}`;
    const list = json(await get(ctx, url, p.token)).data.sessions;
    expect(list).toHaveLength(20);
    expect(list.filter((s: any) => s.active)).toHaveLength(1);
    expect(list[0].active).toBe(true);
    expect(json(await get(ctx, `${url}?limit=100`, p.token)).data.sessions).toHaveLength(22);
    expect((await get(ctx, `${url}?limit=101`, p.token)).statusCode).toBe(400);
  });
});

describe('realtime', () => {
  it('status, live leaderboard, recent achievements, metrics and active games', async () => {
    const rt = await createTestApp();
    try {
      const a = await registerPlayer(rt.app);
      const b = await registerPlayer(rt.app);
      await rt.app.inject({ method: 'POST', url: '/api/game-session/session', headers: bearer(a.token) });
      await rollOnce(rt, a.token);
      await rollOnce(rt, b.token);
      const now = () => new Date(rt.clock()).toISOString();

      const status = json(await get(rt, '/api/realtime/status', a.token)).data;
      expect(status).toEqual({
        status: 'ok',
        transport: 'websocket',
        websocketPath: '/api/ws',
        fanOut: process.env.TEST_DATABASE_URL ? 'postgres' : 'in-process',
        pollIntervalMs: 5000,
        serverTime: now(),
        playersOnline: 2,
      });

      const live = json(await get(rt, '/api/realtime/leaderboard/live', a.token)).data;
      const board = json(await get(rt, '/api/player-stats/leaderboard', a.token)).data;
      expect(live).toEqual(board);
      expect(live.entries).toHaveLength(2);

      const recent = json(await get(rt, '/api/realtime/achievements/recent', a.token)).data.achievements;
      expect(recent.map((r: any) => [r.username, r.achievementId, r.rewardPaid])).toEqual([
        [b.user.username, 'first_roll', 50],
        [a.user.username, 'first_roll', 50],
      ]);
      expect(recent[0]).toMatchObject({ name: 'First Roll', icon: 'first-roll', unlockedAt: now(), userId: b.user.id });
      expect(json(await get(rt, '/api/realtime/achievements/recent?limit=1', a.token)).data.achievements).toHaveLength(
        1,
      );

      const metrics = json(await get(rt, '/api/realtime/metrics', a.token)).data;
      const sa = json(await get(rt, '/api/game-state/state', a.token)).data;
      const sb = json(await get(rt, '/api/game-state/state', b.token)).data;
      expect(metrics).toEqual({
        playersOnline: 2,
        totalPlayers: 2,
        gogoDistributed: sa.totalTokensEarned + sb.totalTokensEarned,
        rollsToday: 2,
        rollsLastHour: 2,
        activeGames: 1,
        serverTime: now(),
      });

      const active = json(await get(rt, '/api/realtime/games/active', b.token)).data;
      expect(active.count).toBe(1);
      expect(active.games).toEqual([
        expect.objectContaining({ userId: a.user.id, username: a.user.username, level: sa.level, rolls: 1 }),
      ]);

      // Six minutes later only b (who asks) is online; a's open session no longer counts as active.
      rt.clock.advance(6 * 60_000);
      const laterMetrics = json(await get(rt, '/api/realtime/metrics', b.token)).data;
      expect(laterMetrics).toMatchObject({ playersOnline: 1, activeGames: 0, rollsToday: 2 });
      expect(json(await get(rt, '/api/realtime/games/active', b.token)).data).toEqual({ count: 0, games: [] });
      // Rolls of yesterday are not today's.
      rt.clock.advance(24 * 3_600_000);
      expect(json(await get(rt, '/api/realtime/metrics', b.token)).data.rollsToday).toBe(0);
    } finally {
      await expectLedgerConsistent(rt);
      await rt.close();
    }
  });

  it("user/:id/game-data gives the player's own state, fairness, recent rolls and open session; 403 otherwise", async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const session = json(await start(a.token)).data;
    const roll = json(await rollOnce(ctx, a.token)).data;
    const res = await get(ctx, `/api/realtime/user/${a.user.id}/game-data`, a.token);
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.state).toEqual(json(await get(ctx, '/api/game-state/state', a.token)).data);
    expect(data.fairness).toEqual(json(await get(ctx, '/api/fairness', a.token)).data);
    expect(data.recentRolls.map((r: any) => r.rollId)).toEqual([roll.rollId]);
    expect(data.session).toMatchObject({ id: session.id, rolls: 1, active: true });
    expect(data.serverTime).toBe(iso());
    // The secret server seed never leaves the server before rotation.
    const secret = (await ctx.database.read.get(activeServerSeed, { userId: a.user.id }))!;
    expect(secret.s).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body).not.toContain(secret.s);

    const other = await get(ctx, `/api/realtime/user/${a.user.id}/game-data`, b.token);
    expect(other.statusCode).toBe(403);
    expect(json(other).error.message).toBe(engineText.ownDataOnly);
    expect(json(await get(ctx, `/api/realtime/user/${b.user.id}/game-data`, b.token)).data.session).toBeNull();
  });

  it('every realtime endpoint needs a player token', async () => {
    for (const url of [
      '/api/realtime/status',
      '/api/realtime/leaderboard/live',
      '/api/realtime/achievements/recent',
      '/api/realtime/user/1/game-data',
      '/api/realtime/metrics',
      '/api/realtime/games/active',
    ]) {
      expect((await get(ctx, url)).statusCode).toBe(401);
    }
  });
});

describe('OpenAPI document', () => {
  it('documents every engine endpoint with tags, a summary and its responses', async () => {
    const doc = json(await ctx.app.inject({ method: 'GET', url: '/api/docs' }));
    const routes: [string, string][] = [
      ['post', '/api/game/roll'],
      ['post', '/api/dice-rolls/use'],
      ['get', '/api/dice-rolls/balance'],
      ['get', '/api/game-state/state'],
      ['put', '/api/game-state/state'],
      ['delete', '/api/game-state/state'],
      ['get', '/api/daily-dice-roll/can-claim'],
      ['post', '/api/daily-dice-roll/claim'],
      ['post', '/api/daily-login'],
      ['get', '/api/fairness'],
      ['put', '/api/fairness/client-seed'],
      ['post', '/api/fairness/rotate'],
      ['get', '/api/fairness/rolls'],
      ['get', '/api/player-stats/user/{id}'],
      ['post', '/api/player-stats/update'],
      ['get', '/api/player-stats/leaderboard'],
      ['get', '/api/player-stats/achievements/{id}'],
      ['post', '/api/game-session/session'],
      ['get', '/api/game-session/session/{id}'],
      ['put', '/api/game-session/session/{id}'],
      ['delete', '/api/game-session/session/{id}'],
      ['get', '/api/game-session/sessions/user/{id}'],
      ['get', '/api/realtime/status'],
      ['get', '/api/realtime/leaderboard/live'],
      ['get', '/api/realtime/achievements/recent'],
      ['get', '/api/realtime/user/{id}/game-data'],
      ['get', '/api/realtime/metrics'],
      ['get', '/api/realtime/games/active'],
      ['get', '/api/public/stats'],
    ];
    for (const [method, path] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(op.summary, `${method} ${path}`).toMatch(/\w/);
      const ok = op.responses['200'] ?? op.responses['201'];
      expect(ok, `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/public/stats'].get.security).toBeUndefined();
    expect(doc.paths['/api/game/roll'].post.security).toEqual([{ playerToken: [] }]);
  });
});
