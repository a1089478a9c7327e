import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treasuryReadText } from '@gogo/shared/messages';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';

// READ_RATE_LIMIT_PER_PLAYER: a per-player bound on GET requests in the shared counter store,
// answered 429 with Retry-After; other players and requests without a player are not counted.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ readsPerMinute: 5 });
});
afterAll(async () => ctx?.close());

describe('per-player read limit', () => {
  it('answers 429 with Retry-After past the limit, for that player only, until the minute ends', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const read = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/dice-rolls/balance', headers: bearer(token) });
    for (let i = 0; i < 5; i += 1) expect((await read(a.token)).statusCode).toBe(200);
    const refused = await read(a.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      message: treasuryReadText.readRateLimit,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read(b.token)).statusCode).toBe(200);
    // Public reads carry no player: never counted.
    for (let i = 0; i < 7; i += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/prices/latest' })).statusCode).toBe(200);
    }
    ctx.clock.advance(61_000);
    expect((await read(a.token)).statusCode).toBe(200);
  });
});
