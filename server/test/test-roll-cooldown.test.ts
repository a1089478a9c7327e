import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/settings/index.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';

/** GOGO_TEST_ROLL_COOLDOWN_MS: browser tests may shorten the roll cooldown; production refuses it. */
describe('a test roll cooldown', () => {
  const env = (extra: Record<string, string>) => ({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'gogo-cooldown-config-')),
    JWT_SECRET: 'x'.repeat(40),
    ...extra,
  });

  it('is read in test mode, absent by default, and refused in production', () => {
    expect(loadConfig(env({ NODE_ENV: 'test', GOGO_TEST_ROLL_COOLDOWN_MS: '200' })).testRollCooldownMs).toBe(200);
    expect(loadConfig(env({ NODE_ENV: 'test' })).testRollCooldownMs).toBeNull();
    expect(() => loadConfig(env({ NODE_ENV: 'production', GOGO_TEST_ROLL_COOLDOWN_MS: '0' }))).toThrow(
      /GOGO_TEST_ROLL_COOLDOWN_MS/,
    );
    expect(() => loadConfig(env({ NODE_ENV: 'test', GOGO_TEST_ROLL_COOLDOWN_MS: 'soon' }))).toThrow(
      /GOGO_TEST_ROLL_COOLDOWN_MS/,
    );
  });

  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ testRollCooldownMs: 200 });
  });
  afterAll(async () => ctx.close());

  it('replaces the 1 s between two rolls of a player', async () => {
    const p = await registerPlayer(ctx.app);
    const roll = () => ctx.app.inject({ method: 'POST', url: '/api/game/roll', headers: bearer(p.token), payload: {} });
    expect((await roll()).statusCode).toBe(200);
    ctx.clock.advance(199);
    const early = await roll();
    expect(early.statusCode).toBe(429);
    expect(json(early).error.code).toBe('ROLL_COOLDOWN');
    ctx.clock.advance(1);
    expect((await roll()).statusCode).toBe(200);
  });
});
