import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminApiToken, adminSignIn } from './admin-support';
import { openGame } from './game-support';
import { signUpViaApi, uniquePlayer } from './support';

// The treasury page with real figures, one story of GOGO's value on every page, and the moment of
// dice that arrived for a deposit.

/** A deposit of `amount` USDT, approved by the back office for `dice` dice rolls. */
async function approvedDeposit(request: APIRequestContext, token: string, amount: number, dice: number) {
  const asked = await request.post('/api/credits/deposit-request', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      amount,
      cryptoType: 'USDT',
      cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      reference: `0x${Date.now().toString(16).padStart(64, 'a')}`,
      note: '',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const adminToken = await adminApiToken(request);
  const approved = await request.post('/api/admin/approve-deposit', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { transactionId: (await asked.json()).data.transactionId, diceRollsCount: dice },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return adminToken;
}

test('the treasury shows what the house owes, money in and out, and GOGO minted and spent', async ({
  page,
}, testInfo) => {
  const player = await signUpViaApi(page, uniquePlayer('t'));
  const adminToken = await approvedDeposit(page.request, player.token, 30, 300);
  const figures = (
    await (await page.request.get('/api/admin/treasury', { headers: { authorization: `Bearer ${adminToken}` } })).json()
  ).data;
  expect(figures.outstanding.total).toBe(figures.outstanding.balances + figures.outstanding.pendingWithdrawals);
  expect(figures.totals.depositsUsd).toBeGreaterThanOrEqual(30);

  await adminSignIn(page);
  await page.getByRole('tab', { name: /Treasury/ }).click();
  const outstanding = page.getByTestId('treasury-outstanding');
  await expect(outstanding).toHaveText(/GOGO$/);
  // The page shows the server's figures. Other tests earn and spend GOGO meanwhile, so the figure is
  // compared with the server's a moment later, within what they move in that moment.
  const shown = Number((await outstanding.innerText()).replace(/[^0-9]/g, ''));
  const later = (
    await (await page.request.get('/api/admin/treasury', { headers: { authorization: `Bearer ${adminToken}` } })).json()
  ).data.outstanding.total as number;
  expect(shown).toBeGreaterThan(0);
  expect(Math.abs(shown - later)).toBeLessThanOrEqual(Math.max(500, later * 0.05));
  await expect(page.getByTestId('treasury-owed')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('treasury-net')).toHaveText(/\$/);
  await expect(page.getByRole('figure').filter({ hasText: 'Money in and out' })).toContainText('Deposits received');
  await expect(page.getByRole('figure').filter({ hasText: 'GOGO minted and spent' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Minted by kind' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('treasury.png'), fullPage: true });
  // Nothing spills sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

test('every page values GOGO at what a withdrawal pays', { tag: '@desktop' }, async ({ page }) => {
  const config = (await (await page.request.get('/api/public/config')).json()).data;
  const price = `$${config.redemptionPriceUsd.toFixed(2)}`;
  await page.goto('/');
  await expect(page.getByTestId('gogo-value-line')).toContainText(`Withdrawals pay ${price} per GOGO`);
  await expect(page.getByTestId('gogo-value-line')).not.toContainText('$0.00');

  await openGame(page);
  await expect(page.getByTestId('potential-value')).toBeVisible();
  await expect(page.locator('.side-panel')).toContainText(`Value at withdrawal`);
  await expect(page.locator('.side-panel')).toContainText(`at ${price} per GOGO, what a withdrawal pays`);

  await page.goto('/profile?tab=withdraw');
  await expect(page.getByTestId('gogo-value')).toContainText(`at ${price} per GOGO`);
  await expect(page.getByTestId('withdraw-value')).toContainText(`(${price} per GOGO)`);
});

test('a deposit that arrives while the board is open is a moment that names it', async ({ page }, testInfo) => {
  const player = await openGame(page);
  await approvedDeposit(page.request, player.token, 30, 300);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const moment = page.getByTestId('dice-arrived');
  await expect(moment).toContainText('Your 30 USDT arrived: +300 dice', { timeout: 10_000 });
  await expect(moment).toHaveAttribute('data-source', 'deposit');
  await expect(moment).not.toContainText('approved');
  // A moment, not a roll's small card: wider than the light card's 340 px cap on a desktop.
  const box = (await moment.boundingBox())!;
  expect(box.width).toBeGreaterThan(page.viewportSize()!.width < 500 ? 300 : 341);
  await page.screenshot({ path: testInfo.outputPath('arrival.png') });
  await moment.getByRole('button', { name: 'Roll on' }).click();
  await expect(moment).toHaveCount(0);

  await page.goto('/profile?tab=history');
  await expect(page.getByTestId('history-row').filter({ hasText: 'Deposit of 30 USDT: +300 dice' })).toBeVisible();
});
