import { expect, test } from './fixtures';
import { scanWithAxe } from './axe';
import { signUpViaApi, keepShot } from './support';
import { adminSignIn, createAdmin, openTab } from './admin-support';

// The back office passes axe on every tab and in a dialog, and stays usable at a tablet width. It is
// built desktop-first (1440 x 900); the phone project (390 x 844, touch) is not one of its targets, so this
// file is not one of playwright.config.ts's PHONE_SPECS.

// Its own admin: the e2e admin of admin.spec.ts logs out there, which would end this one's session
// halfway through the scans when both files run at once.
const ADMIN = { username: `e2e-a11y-${Date.now().toString(36)}`, password: 'e2e-a11y-password-1' };

test.beforeAll(() => createAdmin(ADMIN));

test.describe('back office', () => {
  test('accessibility: login, dashboard tabs and a review dialog pass axe; tablet width stays usable', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000); // eight axe scans
    // A pending request so that the queue and its dialog exist.
    const player = await signUpViaApi(page);
    const res = await request.post('/api/dice-rolls/purchase-request', {
      headers: { authorization: `Bearer ${player.token}` },
      data: { diceRollsCount: 20, amount: 2 },
    });
    expect(res.status()).toBe(201);

    await page.goto('/admin');
    // The whole page on the login screen, the first tab and the dialog; on the other tabs only the
    // panel changes (the header and tab list are the ones scanned on the first tab).
    const scan = async (label: string, within?: string) => {
      const result = await scanWithAxe(page, { within });
      expect(result.violations.map((v) => `${label}: ${v.id} ${v.help}`)).toEqual([]);
    };
    await scan('login');
    await adminSignIn(page, ADMIN);
    for (const [index, tab] of [
      'Overview',
      'Deposit Management',
      'Withdrawal Management',
      'All Transactions',
      'Users',
      'Analytics',
      'Audit Log',
      'Security',
    ].entries()) {
      await openTab(page, new RegExp(`^${tab}`));
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scan(tab, index === 0 ? undefined : '[role="tabpanel"]');
    }
    // Arrow keys move between tabs.
    await page.getByRole('tab', { name: /Security/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    await openTab(page, /Deposit Management/);
    await page
      .getByRole('row')
      .filter({ hasText: player.username })
      .getByRole('button', { name: /Review/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Dice rolls to credit')).toBeFocused();
    await scan('review dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.setViewportSize({ width: 820, height: 1180 });
    await openTab(page, /Withdrawal Management/);
    await openTab(page, /Deposit Management/);
    await keepShot(page, testInfo, 'tablet-deposits.png', { fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
