import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@gogo/shared/api/endpoints';
import type { Endpoint } from '@gogo/shared/api/endpoint';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { grantDice, rollOnce } from './engine-helpers.js';
import { createTestAdmin } from './money-helpers.js';

// Every answer matches the schema its endpoint documents, checked by a strict validator that the
// server does not use for its answers (Ajv 8 with its formats: Fastify only serialises answers).
const requireFromFormats = createRequire(createRequire(import.meta.url).resolve('ajv-formats'));
interface Validator {
  (data: unknown): boolean;
  errors?: unknown;
}
interface StrictAjv {
  compile(schema: object): Validator;
  errorsText(errors: unknown): string;
}
const Ajv = requireFromFormats('ajv') as new (options: object) => StrictAjv;
const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: unknown) => void;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

/** The entry's documented success answer, or null when it documents none (files, pages, the socket). */
function successSchema(entry: Endpoint): object | null {
  if (!entry.response || (entry.status ?? 200) !== 200) return null;
  return JSON.parse(JSON.stringify(entry.response)) as object;
}

describe('answers match their documented schemas', () => {
  it('every GET a player or an admin can call answers what its schema says', { timeout: 120_000 }, async () => {
    const player = await registerPlayer(ctx.app);
    const admin = await createTestAdmin(ctx);
    // A player who has played and chose a volume that is not an exact binary fraction (0.7).
    const prefs = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user/game-preferences/${player.user.id}`,
      headers: bearer(player.token),
      payload: { gamePreferences: { sound: { enabled: true, volume: 0.7 } } },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    await grantDice(ctx, player.user.id, 3);
    await rollOnce(ctx, player.token);

    const checked: string[] = [];
    const failures: string[] = [];
    for (const entry of allEndpoints) {
      if (entry.method !== 'GET' || entry.query) continue;
      const schema = successSchema(entry);
      if (!schema) continue;
      const params = Object.keys((entry.params as { properties?: object } | undefined)?.properties ?? {});
      if (params.some((p) => p !== 'id' && p !== 'userId')) continue;
      const url = entry.path.replace(/:(id|userId)\b/g, String(player.user.id));
      const token = entry.auth === 'admin' ? admin.token : player.token;
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) continue;
      checked.push(url);
      const validate = ajv.compile(schema);
      if (!validate(res.json())) failures.push(`${url}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toContain(`/api/user/profile/${player.user.id}`);
    expect(checked.length).toBeGreaterThan(30);
  });
});
