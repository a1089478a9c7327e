import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type AdminAccount = { username: string; password: string };

// The e2e admin account is created at server start from ADMIN_USERNAME / ADMIN_PASSWORD
// (client/playwright.config.ts, test data folder only).
export const ADMIN: AdminAccount = { username: 'e2e-admin', password: 'e2e-admin-password-1' };

/**
 * Another admin, made with the CLI like `npm run admin:create` (server/dist/admin-create.js, from
 * `npm run build`) in the e2e server's data folder. An admin's logout revokes every one of its
 * sessions, so a spec file that signs in while admin.spec.ts runs in another worker needs its own.
 */
export function createAdmin(admin: AdminAccount) {
  const cli = fileURLToPath(new URL('../../server/dist/admin-create.js', import.meta.url));
  execFileSync(process.execPath, [cli, '--username', admin.username, '--password', admin.password], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: 'test' },
    stdio: 'pipe',
  });
}

export async function adminSignIn(page: Page, admin: AdminAccount = ADMIN) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
}

/** Signs an admin in through the API: the token for specs that act as the back office with `request`. */
export async function adminApiToken(request: APIRequestContext, admin: AdminAccount = ADMIN): Promise<string> {
  const res = await request.post('/api/admin/login', { data: admin });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

export const openTab = (page: Page, name: RegExp) => page.getByRole('tab', { name }).click();
