import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.js';

// The money routes in the served OpenAPI document.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('OpenAPI', () => {
  it('documents every money route with tags and a summary', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const routes: [string, string][] = [
      ['/api/credits/balance', 'get'],
      ['/api/credits/spend', 'post'],
      ['/api/credits/grant', 'post'],
      ['/api/credits/deposit-request', 'post'],
      ['/api/credits/deposit-info', 'get'],
      ['/api/credits/withdrawal-request', 'post'],
      ['/api/credits/withdraw-request', 'post'],
      ['/api/credits/transactions', 'get'],
      ['/api/dice-rolls/purchase-request', 'post'],
      ['/api/referrals/my-code', 'get'],
      ['/api/referrals/accept', 'post'],
      ['/api/referrals/stats', 'get'],
      ['/api/referrals/friends', 'get'],
      ['/api/referrals/status', 'get'],
      ['/api/prices/latest', 'get'],
      ['/api/prices/quote', 'get'],
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags.length).toBeGreaterThan(0);
      expect(op.summary).toBeTruthy();
    }
  });
});
