import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, leaderboardScore } from '@gogo/shared/rules';
import { engineText } from '@gogo/shared/messages';
import { sql } from '../src/db/sql.js';
import { lockGameState, postLedgerTx } from '../src/modules/ledger/postings.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { appForFile, expectLedgerConsistent, get, grantDice, rollOnce } from './engine-helpers.js';

// A hand edit of the cached balance (what only a bug or an operator could do).
const nudgeBalance = sql<{ userId: number; by: number }>(
  'UPDATE game_states SET balance = balance + :by WHERE user_id = :userId',
);

let ctx: TestContext;
appForFile((made) => (ctx = made));

const stateOf = async (token: string) => json(await get(ctx, '/api/game-state/state', token)).data;
const scoreOfState = (s: any) =>
  leaderboardScore({
    totalTokensEarned: s.totalTokensEarned,
    jackpotsHit: s.jackpotsHit,
    achievementsUnlocked: s.unlockedAchievements.length,
    level: s.level,
    totalRolls: s.totalRolls,
  });

describe('GET /api/player-stats/user/:id', () => {
  it('gives the player everything about themselves, another player only public figures', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    await rollOnce(ctx, a.token);
    await rollOnce(ctx, a.token);
    const s = await stateOf(a.token);

    const own = json(await get(ctx, `/api/player-stats/user/${a.user.id}`, a.token)).data;
    expect(own).toMatchObject({
      userId: a.user.id,
      username: a.user.username,
      level: s.level,
      score: scoreOfState(s),
      totalRolls: 2,
      totalTokensEarned: s.totalTokensEarned,
      jackpotsHit: s.jackpotsHit,
      lapsCompleted: s.lapsCompleted,
      achievementsUnlocked: s.unlockedAchievements.length,
      isSelf: true,
      private: {
        email: a.user.email,
        balance: s.balance,
        diceRollsRemaining: s.diceRollsRemaining,
        xp: s.xp,
        xpToNextLevel: 100 * s.level,
        position: s.position,
        lifetimeRolls: 2,
        loginStreakDays: 0,
        dailyDiceStreakDays: 0,
      },
    });
    expect(own.rank).toBeGreaterThanOrEqual(1);

    const seen = await get(ctx, `/api/player-stats/user/${a.user.id}`, b.token);
    expect(seen.statusCode).toBe(200);
    const publicView = json(seen).data;
    expect(publicView).not.toHaveProperty('private');
    expect(seen.body).not.toContain(a.user.email);
    const { private: _hidden, ...publicPart } = own;
    expect(publicView).toEqual({ ...publicPart, isSelf: false });
  });

  it('a player who never rolled has the starting figures and no rank', async () => {
    const a = await registerPlayer(ctx.app);
    const own = json(await get(ctx, `/api/player-stats/user/${a.user.id}`, a.token)).data;
    expect(own).toMatchObject({ level: 1, score: 100, rank: null, totalRolls: 0 });
  });

  it('answers 404 for an unknown player and 400 for a malformed id', async () => {
    const a = await registerPlayer(ctx.app);
    const missing = await get(ctx, '/api/player-stats/user/999999', a.token);
    expect(missing.statusCode).toBe(404);
    expect(json(missing).error.message).toBe(engineText.playerNotFound);
    expect((await get(ctx, '/api/player-stats/user/abc', a.token)).statusCode).toBe(400);
    expect((await get(ctx, `/api/player-stats/user/${a.user.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/player-stats/update', () => {
  it('recomputes from stored data and ignores any values sent', async () => {
    const a = await registerPlayer(ctx.app);
    await rollOnce(ctx, a.token);
    const before = json(await get(ctx, `/api/player-stats/user/${a.user.id}`, a.token)).data;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/player-stats/update',
      headers: bearer(a.token),
      payload: { level: 99, score: 1e9, totalTokensEarned: 1e9, balance: 1e9 },
    });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.stats).toEqual(before);
    expect(data.ledgerConsistent).toBe(true);
    expect(data.recomputedAt).toBe(new Date(ctx.clock()).toISOString());
    expect(json(await get(ctx, `/api/player-stats/user/${a.user.id}`, a.token)).data).toEqual(before);
    // Without a body too.
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/player-stats/update', headers: bearer(a.token) });
    expect(json(bare).data.stats).toEqual(before);
  });

  it('reports a cached balance that drifted from the ledger', async () => {
    const a = await registerPlayer(ctx.app);
    await rollOnce(ctx, a.token);
    await ctx.database.write((tx) => tx.run(nudgeBalance, { userId: a.user.id, by: 5 }));
    const res = await ctx.app.inject({ method: 'POST', url: '/api/player-stats/update', headers: bearer(a.token) });
    expect(json(res).data.ledgerConsistent).toBe(false);
    await ctx.database.write((tx) => tx.run(nudgeBalance, { userId: a.user.id, by: -5 }));
  });
});

describe('GET /api/player-stats/achievements/:id', () => {
  it('lists all eight with unlocked, unlockedAt and whether the reward was paid', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    await rollOnce(ctx, a.token);
    const unlockedAt = new Date(ctx.clock()).toISOString();
    const res = json(await get(ctx, `/api/player-stats/achievements/${a.user.id}`, b.token)).data;
    expect(res.userId).toBe(a.user.id);
    expect(res.achievements.map((x: any) => x.id)).toEqual(ACHIEVEMENTS.map((x) => x.id));
    expect(res.achievements).toHaveLength(8);
    expect(res.unlockedCount).toBe(res.achievements.filter((x: any) => x.unlocked).length);
    expect(res.achievements[0]).toEqual({
      id: 'first_roll',
      name: 'First Roll',
      description: 'Roll the dice for the first time',
      reward: 50,
      icon: 'first-roll',
      unlocked: true,
      unlockedAt,
      rewardPaid: true,
    });
    const locked = res.achievements.find((x: any) => x.id === 'board_master');
    expect(locked).toMatchObject({ unlocked: false, unlockedAt: null, rewardPaid: false, reward: 1000 });

    // After a reset: not unlocked, but the reward stays paid; unlocking again shows the new time.
    await ctx.app.inject({ method: 'DELETE', url: '/api/game-state/state', headers: bearer(a.token) });
    const afterReset = json(await get(ctx, `/api/player-stats/achievements/${a.user.id}`, a.token)).data;
    expect(afterReset.achievements[0]).toMatchObject({ unlocked: false, unlockedAt: null, rewardPaid: true });
    await rollOnce(ctx, a.token);
    const again = json(await get(ctx, `/api/player-stats/achievements/${a.user.id}`, a.token)).data;
    expect(again.achievements[0]).toMatchObject({ unlocked: true, unlockedAt: new Date(ctx.clock()).toISOString() });
    expect((await get(ctx, '/api/player-stats/achievements/999999', a.token)).statusCode).toBe(404);
  });
});

describe('leaderboards', () => {
  let board: TestContext;
  const players: { token: string; id: number; username: string }[] = [];
  beforeAll(async () => {
    board = await createTestApp();
    // Thursday 2026-01-15 12:00 UTC (the ISO week began on Monday the 12th).
    for (let i = 0; i < 4; i += 1) {
      const p = await registerPlayer(board.app);
      await grantDice(board, p.user.id, 10);
      players.push({ token: p.token, id: p.user.id, username: p.user.username });
    }
    // Player i rolls 3*(i+1) times today, so they differ in rolls at least.
    for (const [i, p] of players.entries()) {
      for (let r = 0; r < 3 * (i + 1); r += 1) await rollOnce(board, p.token);
    }
  });
  afterAll(async () => {
    await expectLedgerConsistent(board);
    await board.close();
  });
  const lb = async (token: string, query = '') =>
    json(await get(board, `/api/player-stats/leaderboard${query}`, token)).data;

  it('ranks all players with a roll by the spec score, best first; default limit 10', async () => {
    const idle = await registerPlayer(board.app); // never rolls: not ranked
    const data = await lb(players[0]!.token);
    expect(data.period).toBe('all');
    expect(data.since).toBeNull();
    expect(data.totalRanked).toBe(4);
    expect(data.entries).toHaveLength(4);
    const expected = await Promise.all(
      players.map(async (p) => {
        const s = json(await get(board, '/api/game-state/state', p.token)).data;
        return { userId: p.id, score: scoreOfState(s), s };
      }),
    );
    expected.sort((a, b) => b.score - a.score || a.userId - b.userId);
    expect(data.entries.map((e: any) => [e.userId, e.score])).toEqual(expected.map((e) => [e.userId, e.score]));
    expect(data.entries.map((e: any) => e.rank)).toEqual([1, 2, 3, 4]);
    const top = data.entries[0];
    const topState = expected[0]!.s;
    expect(top).toMatchObject({
      level: topState.level,
      totalTokensEarned: topState.totalTokensEarned,
      totalRolls: topState.totalRolls,
      jackpotsHit: topState.jackpotsHit,
      achievementsUnlocked: topState.unlockedAchievements.length,
    });
    expect(data.entries.filter((e: any) => e.isSelf).map((e: any) => e.userId)).toEqual([players[0]!.id]);
    const mine = data.entries.find((e: any) => e.userId === players[0]!.id);
    expect(data.me).toEqual({ rank: mine.rank, score: mine.score });
    expect((await lb(idle.token)).me).toBeNull();
  });

  it('limits: default 10, at most 100', async () => {
    expect((await lb(players[0]!.token, '?limit=2')).entries).toHaveLength(2);
    expect((await get(board, '/api/player-stats/leaderboard?limit=101', players[0]!.token)).statusCode).toBe(400);
    expect((await get(board, '/api/player-stats/leaderboard?period=year', players[0]!.token)).statusCode).toBe(400);
    for (let i = 0; i < 9; i += 1) {
      const p = await registerPlayer(board.app);
      await rollOnce(board, p.token);
    }
    const data = await lb(players[0]!.token);
    expect(data.entries).toHaveLength(10);
    expect(data.totalRanked).toBe(13);
    expect((await lb(players[0]!.token, '?limit=100')).entries).toHaveLength(13);
  });

  it('day, week and month rank the activity of the current UTC period', async () => {
    const p = players[3]!;
    const today = await lb(p.token, '?period=day');
    expect(today.since).toBe('2026-01-15T00:00:00.000Z');
    expect(today.totalRanked).toBe(13);
    const entry = today.entries.find((e: any) => e.userId === p.id);
    expect(entry.totalRolls).toBe(12);
    const s = json(await get(board, '/api/game-state/state', p.token)).data;
    // Everything happened today: the period figures equal the totals; level is shown, not scored.
    expect(entry).toMatchObject({
      totalTokensEarned: s.totalTokensEarned,
      jackpotsHit: s.jackpotsHit,
      achievementsUnlocked: s.unlockedAchievements.length,
      level: s.level,
      score: scoreOfState(s) - 100 * s.level,
    });

    // Friday: only Friday's rolls count for the day; the week still has Thursday's.
    board.clock.set(Date.UTC(2026, 0, 16, 9, 0, 0));
    const friday = players[0]!;
    const fridayToken = board.app.signToken('player', friday.id, 0);
    await rollOnce(board, fridayToken);
    const day = await lb(fridayToken, '?period=day');
    expect(day.since).toBe('2026-01-16T00:00:00.000Z');
    expect(day.entries.map((e: any) => [e.userId, e.totalRolls])).toEqual([[friday.id, 1]]);
    expect(day.me).toEqual({ rank: 1, score: day.entries[0].score });
    const week = await lb(fridayToken, '?period=week&limit=100');
    expect(week.since).toBe('2026-01-12T00:00:00.000Z');
    expect(week.entries.find((e: any) => e.userId === friday.id).totalRolls).toBe(4);

    // Next Monday: a new week; the month still counts everything.
    board.clock.set(Date.UTC(2026, 0, 19, 0, 0, 0));
    const mondayToken = board.app.signToken('player', friday.id, 0);
    expect((await lb(mondayToken, '?period=week')).totalRanked).toBe(0);
    const month = await lb(mondayToken, '?period=month&limit=100');
    expect(month.since).toBe('2026-01-01T00:00:00.000Z');
    expect(month.totalRanked).toBe(13);
    // February: nothing this month, all time unchanged.
    board.clock.set(Date.UTC(2026, 1, 1, 0, 0, 0));
    const febToken = board.app.signToken('player', friday.id, 0);
    expect((await lb(febToken, '?period=month')).entries).toEqual([]);
    expect((await lb(febToken)).totalRanked).toBe(13);
  });
});

describe('GET /api/public/stats (no auth)', () => {
  it('gives real figures and the top 5, recomputed at most every 10 s', async () => {
    const pub = await createTestApp();
    try {
      const empty = await pub.app.inject({ method: 'GET', url: '/api/public/stats' });
      expect(empty.statusCode).toBe(200);
      expect(json(empty).data).toEqual({
        totalPlayers: 0,
        playersOnline: 0,
        gogoDistributed: 0,
        rollsToday: 0,
        topPlayers: [],
      });
      const made: Awaited<ReturnType<typeof registerPlayer>>[] = [];
      for (let i = 0; i < 6; i += 1) {
        const p = await registerPlayer(pub.app);
        await grantDice(pub, p.user.id, 10);
        for (let r = 0; r < i + 1; r += 1) await rollOnce(pub, p.token);
        made.push(p);
      }
      const first = json(await pub.app.inject({ method: 'GET', url: '/api/public/stats' })).data;
      expect(first).toMatchObject({ totalPlayers: 6, rollsToday: 21 });
      // An admin-credited deposit of GOGO is not "distributed by the game".
      await pub.database.write(async (tx) => {
        await lockGameState(tx, made[0]!.user.id, pub.clock());
        await postLedgerTx(
          tx,
          made[0]!.user.id,
          [{ asset: 'GOGO', amount: 1000, type: 'deposit', reason: 'test' }],
          pub.clock(),
        );
      });
      await rollOnce(pub, made[5]!.token);
      expect(json(await pub.app.inject({ method: 'GET', url: '/api/public/stats' })).data).toEqual(first);
      pub.clock.advance(9000);
      const stats = json(await pub.app.inject({ method: 'GET', url: '/api/public/stats' })).data;
      expect(stats.totalPlayers).toBe(6);
      expect(stats.rollsToday).toBe(22);
      // Everyone was seen within 5 minutes except those whose last request is older.
      expect(stats.playersOnline).toBe(6);
      let distributed = 0;
      for (const p of made) {
        const s = json(await get(pub, '/api/game-state/state', p.token)).data;
        distributed += s.totalTokensEarned; // no penalties reduce it; only game credits count
      }
      expect(stats.gogoDistributed).toBe(distributed);
      expect(stats.topPlayers).toHaveLength(5);
      expect(stats.topPlayers.map((t: any) => t.rank)).toEqual([1, 2, 3, 4, 5]);
      const board = json(await get(pub, '/api/player-stats/leaderboard?limit=5', made[0]!.token)).data;
      expect(stats.topPlayers).toEqual(
        board.entries.map((e: any) => ({
          rank: e.rank,
          username: e.username,
          score: e.score,
          level: e.level,
          totalTokensEarned: e.totalTokensEarned,
        })),
      );
      expect(JSON.stringify(stats)).not.toContain('@');
      // Online = seen in the last 5 minutes.
      pub.clock.advance(5 * 60_000 + 1);
      expect(json(await pub.app.inject({ method: 'GET', url: '/api/public/stats' })).data.playersOnline).toBe(0);
    } finally {
      await expectLedgerConsistent(pub);
      await pub.close();
    }
  });
});
