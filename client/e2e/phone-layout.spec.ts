import { expect, test, type Page } from './fixtures';
import { publicRoutes } from './site-support';
import { signUpViaApi, watchForPageErrors } from './support';

// The phone project runs the flows whose screens differ on a phone (see PHONE_SPECS in
// client/playwright.config.ts). Every other screen gets this sweep instead: it must fit 390 px
// without sideways scrolling, show its heading, and raise no page error.

async function expectFitsThePhone(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('every public page fits a phone: heading, footer links, nothing sideways', async ({ page }) => {
  test.setTimeout(150_000); // one page after another, each checked: eight pages in one browser context
  const noErrors = watchForPageErrors(page);
  for (const route of publicRoutes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy', exact: true }), route).toBeVisible();
    await expectFitsThePhone(page, route);
  }
  noErrors();
});

test('every My Account tab is fully visible and each tab fits the phone', async ({ page }) => {
  const noErrors = watchForPageErrors(page);
  await signUpViaApi(page);
  await page.goto('/profile?tab=deposit');
  const list = page.getByRole('tablist', { name: 'My Account sections' });
  await expect(list).toBeVisible();
  const box = (await list.boundingBox())!;
  const viewport = page.viewportSize()!;
  const names = ['Deposit', 'Withdraw', 'Transaction History', 'Referral', 'Friends', 'Settings'];
  for (const name of names) {
    const tab = page.getByRole('tab', { name });
    const t = (await tab.boundingBox())!;
    expect(t.x, `${name} starts inside the strip`).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(t.x + t.width, `${name} ends inside the strip`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(t.x + t.width, `${name} ends inside the screen`).toBeLessThanOrEqual(viewport.width);
    const clipped = await tab.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(clipped, `${name} label is not cut`).toBe(false);
  }
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth + 1)).toBe(false);

  // Each section, opened the way a thumb does, fits the screen.
  for (const name of names) {
    await page.getByRole('tab', { name }).tap();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectFitsThePhone(page, `My Account ${name}`);
  }
  noErrors();
});

test('the mail link pages and the forgot-password dialog fit the phone', async ({ page }) => {
  const noErrors = watchForPageErrors(page);
  for (const route of ['/verify-email?token=not-a-real-token-000000000000', '/reset-password?token=x']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
    await expectFitsThePhone(page, route);
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.getByRole('button', { name: 'Send reset link' })).toBeInViewport();
  await expectFitsThePhone(page, 'forgot-password dialog');
  noErrors();
});
