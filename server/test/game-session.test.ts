import { describe, expect, it } from 'vitest';
import { sql } from '../src/db/sql.js';
import { bearer, json, registerPlayer, type TestContext } from './helpers.js';
import { appForFile, rollOnce } from './engine-helpers.js';

// The roll checks its token version and moves the player's presence inside its own transaction
// (one commit per roll): the same answers as every other player route, nothing written on a refusal.
let ctx: TestContext;
appForFile((made) => (ctx = made));

const revoke = sql<{ id: number }>('UPDATE users SET token_version = token_version + 1 WHERE id = :id');
const setLastSeen = sql<{ id: number; at: number }>('UPDATE users SET last_seen = :at WHERE id = :id');
const lastSeen = sql<{ id: number }, { at: number | null }>('SELECT last_seen AS at FROM users WHERE id = :id');
const setLastRoll = sql<{ userId: number; at: number }>(
  'UPDATE game_states SET last_roll_at = :at WHERE user_id = :userId',
);
const rollCount = sql<{ userId: number }, { n: number }>('SELECT count(*) AS n FROM rolls WHERE user_id = :userId');
const stateOf = sql<{ userId: number }, { dice: number }>(
  'SELECT dice_rolls_remaining AS dice FROM game_states WHERE user_id = :userId',
);
const rollsOf = async (userId: number) => (await ctx.database.read.get(rollCount, { userId }))?.n ?? 0;
const diceOf = async (userId: number) => (await ctx.database.read.get(stateOf, { userId }))?.dice;

describe('the roll checks its token in its own transaction', () => {
  it('refuses a revoked token with 401 INVALID_TOKEN, rolls nothing and replays nothing', async () => {
    const p = await registerPlayer(ctx.app);
    const first = await rollOnce(ctx, p.token, { requestId: 'before-revoke' });
    expect(first.statusCode).toBe(200);
    const dice = await diceOf(p.user.id);
    await ctx.database.write((tx) => tx.run(revoke, { id: p.user.id }));

    for (const payload of [{}, { requestId: 'after-revoke' }, { requestId: 'before-revoke' }]) {
      const res = await rollOnce(ctx, p.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(401);
      expect(json(res).error.code).toBe('INVALID_TOKEN');
      expect(res.headers['x-roll-replayed']).toBeUndefined();
    }
    expect(await rollsOf(p.user.id)).toBe(1);
    expect(await diceOf(p.user.id)).toBe(dice);
  });

  it("refuses a revoked token on the player's very first roll without creating a game state", async () => {
    const p = await registerPlayer(ctx.app);
    await ctx.database.write((tx) => tx.run(revoke, { id: p.user.id }));
    const res = await rollOnce(ctx, p.token);
    expect(res.statusCode).toBe(401);
    expect(json(res).error.code).toBe('INVALID_TOKEN');
    expect(await diceOf(p.user.id)).toBeUndefined();
    expect(await rollsOf(p.user.id)).toBe(0);
  });

  it('refuses a support session (test-login token) with 403 FORBIDDEN', async () => {
    const p = await registerPlayer(ctx.app);
    const support = ctx.app.signToken('player', p.user.id, 0, { actingAdminId: 1, ttlSeconds: 600 });
    const res = await rollOnce(ctx, support);
    expect(res.statusCode).toBe(403);
    expect(json(res).error.code).toBe('FORBIDDEN');
    expect(await rollsOf(p.user.id)).toBe(0);
  });

  it("moves the player's presence at most once a minute, and not on a refused roll", async () => {
    const p = await registerPlayer(ctx.app);
    const longAgo = ctx.clock() - 3_600_000;
    await ctx.database.write((tx) => tx.run(setLastSeen, { id: p.user.id, at: longAgo }));
    ctx.clock.advance(120_000); // past what this instance remembers of the registration
    const rolled = await rollOnce(ctx, p.token);
    expect(rolled.statusCode).toBe(200);
    const seen = (await ctx.database.read.get(lastSeen, { id: p.user.id }))?.at;
    expect(seen).toBe(ctx.clock());
    await rollOnce(ctx, p.token);
    expect((await ctx.database.read.get(lastSeen, { id: p.user.id }))?.at).toBe(seen);

    // A refused roll (here the cooldown) still shows the player present, as any request does.
    ctx.clock.advance(120_000);
    await ctx.database.write((tx) => tx.run(setLastSeen, { id: p.user.id, at: longAgo }));
    await ctx.database.write((tx) => tx.run(setLastRoll, { userId: p.user.id, at: ctx.clock() }));
    const cooling = await ctx.app.inject({ method: 'POST', url: '/api/game/roll', headers: bearer(p.token) });
    expect(cooling.statusCode).toBe(429);
    expect((await ctx.database.read.get(lastSeen, { id: p.user.id }))?.at).toBe(ctx.clock());
  });

  it('serves one roll to requests sent at once with one requestId; the others replay it', async () => {
    const p = await registerPlayer(ctx.app);
    ctx.clock.advance(1000);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/game/roll',
          headers: bearer(p.token),
          payload: { requestId: 'same-request' },
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(answers.filter((res) => res.headers['x-roll-replayed'] === '1')).toHaveLength(7);
    expect(await rollsOf(p.user.id)).toBe(1);
  });
});
