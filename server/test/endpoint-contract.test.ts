/**
 * The endpoint table (shared/src/api/endpoints) and the server's routes are the same list.
 * A route registered without an entry, or an entry no route registers, fails here. The app's routes
 * are the ones its onRoute hook recorded (plugins/strict-inputs.ts, `app.routeTable`); HEAD routes
 * are Fastify's automatic twins of the GET routes. The client build's static files (plugins/spa.ts)
 * are files, not endpoints, and are not registered in tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@gogo/shared/api/endpoints';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const registered = () =>
  new Set(ctx.app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`));
const table = () => new Set(allEndpoints.map((e) => `${e.method} ${e.path}`));

describe('endpoint table and registered routes', () => {
  it('every registered route has a table entry with the same method and path', () => {
    const missing = [...registered()].filter((route) => !table().has(route));
    expect(missing).toEqual([]);
  });

  it('every table entry is registered by the server', () => {
    const unregistered = [...table()].filter((route) => !registered().has(route));
    expect(unregistered).toEqual([]);
  });

  it('guards each route as its entry says: no token is 401 on player and admin routes, a player token is 403 on admin ones', async () => {
    expect(registered().size).toBe(allEndpoints.length);
    // GET routes without parameters or querystring: nothing is validated before the auth check.
    const plain = allEndpoints.filter((e) => e.method === 'GET' && !e.params && !e.query);
    const player = await registerPlayer(ctx.app);
    let checked = 0;
    for (const entry of plain) {
      const anonymous = await ctx.app.inject({ method: 'GET', url: entry.path });
      const asPlayer = await ctx.app.inject({ method: 'GET', url: entry.path, headers: bearer(player.token) });
      if (entry.auth === 'none') {
        expect(anonymous.statusCode, entry.path).not.toBe(401);
        continue;
      }
      checked++;
      expect(anonymous.statusCode, entry.path).toBe(401);
      expect(anonymous.json(), entry.path).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      expect(asPlayer.statusCode, entry.path).toBe(entry.auth === 'admin' ? 403 : 200);
    }
    expect(checked).toBeGreaterThan(15);
  });
});
