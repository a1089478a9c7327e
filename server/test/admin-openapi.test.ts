import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.js';
import { createAdminSession, createRecorder } from './admin-helpers.js';

// The admin routes in the served OpenAPI document.

let ctx: TestContext;
let http: ReturnType<typeof createRecorder>;

beforeAll(async () => {
  ctx = await createTestApp();
  http = createRecorder(ctx);
  await createAdminSession(ctx); // an admin's hash for the recorder's check to look for in the answers
});
afterAll(async () => {
  await http.expectNoPasswordHashes();
  await ctx.close();
});

describe('OpenAPI', () => {
  it('documents every admin route with a tag, a summary and the admin token', async () => {
    const doc = (await http.get('/api/docs', null)).json();
    const routes: Array<[string, 'get' | 'post' | 'put']> = [
      ['/api/admin/login', 'post'],
      ['/api/admin/me', 'get'],
      ['/api/admin/logout', 'post'],
      ['/api/admin/summary', 'get'],
      ['/api/admin/transactions', 'get'],
      ['/api/admin/active-users', 'get'],
      ['/api/admin/top-winners', 'get'],
      ['/api/admin/locked-users', 'get'],
      ['/api/admin/pending-deposits', 'get'],
      ['/api/admin/pending-withdrawals', 'get'],
      ['/api/admin/all-transactions', 'get'],
      ['/api/admin/all-users', 'get'],
      ['/api/admin/users/{userId}', 'get'],
      ['/api/admin/unlock-user', 'post'],
      ['/api/admin/sync-user-balance/{userId}', 'post'],
      ['/api/admin/cleanup-corrupted-deposits', 'post'],
      ['/api/admin/approve-deposit', 'post'],
      ['/api/admin/reject-deposit', 'post'],
      ['/api/admin/approve-withdrawal', 'post'],
      ['/api/admin/reject-withdrawal', 'post'],
      ['/api/admin/withdrawal-risk', 'get'],
      ['/api/admin/reset-user-password', 'post'],
      ['/api/admin/test-login', 'post'],
      ['/api/admin/audit-log', 'get'],
      ['/api/admin/chain', 'get'],
      ['/api/admin/analytics', 'get'],
      ['/api/admin/login/second-factor', 'post'],
      ['/api/admin/security', 'get'],
      ['/api/admin/security/totp/setup', 'post'],
      ['/api/admin/security/totp/confirm', 'post'],
      ['/api/admin/events', 'post'],
      ['/api/admin/events', 'get'],
      ['/api/admin/events/{id}', 'put'],
      ['/api/admin/events/{id}/cancel', 'post'],
      ['/api/admin/treasury', 'get'],
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags[0]).toBe('admin');
      expect(op.summary).toBeTruthy();
      if (!path.startsWith('/api/admin/login')) expect(op.security).toEqual([{ adminToken: [] }]);
    }
    const documented = Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/'));
    expect(documented.sort()).toEqual([...new Set(routes.map(([p]) => p))].sort());
  });
});
