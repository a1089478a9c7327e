import { expect, test, type Page, withoutServiceWorker } from './fixtures';
import { keepShot, signUpViaApi, uniquePlayer, watchForPageErrors } from './support';
import { evmTxHash } from './eligibility';
import { adminApiToken, adminSignIn } from './admin-support';

// An admin approves a deposit in one browser context; the player's open /game shows the new
// dice count within 3 s, without a reload, because the server pushed it over the realtime socket.

test.use({ reducedMotion: 'reduce' });
// The back office is desktop-only (see admin.spec.ts): playwright.config.ts runs this file in the
// desktop project only (it is not one of PHONE_SPECS).

async function requestDeposit(page: Page, token: string) {
  const res = await page.request.post('/api/credits/deposit-request', {
    headers: { authorization: `Bearer ${token}` },
    data: { amount: 25.5, cryptoType: 'USDT', cryptoAddress: '0xE2eRealtimeWallet', reference: evmTxHash() },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.transactionId as number;
}

/** Counts the realtime socket's server messages of one type on a page. */
function socketMessages(page: Page) {
  const seen: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/api/ws')) return;
    ws.on('framereceived', ({ payload }) => {
      try {
        seen.push((JSON.parse(String(payload)) as { type: string }).type);
      } catch {
        // not JSON: not ours
      }
    });
  });
  return seen;
}

test('an approved deposit reaches the open game within 3 s, and the admin queue follows new requests live', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  // The player plays on a phone.
  const playerContext = await withoutServiceWorker(
    await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true }),
  );
  const player = await playerContext.newPage();
  const playerErrors = watchForPageErrors(player);
  const pushed = socketMessages(player);
  const account = await signUpViaApi(player);
  const depositId = await requestDeposit(player, account.token);

  await player.goto('/game');
  await expect(player.getByTestId('hud-rolls')).toHaveText('10', { timeout: 20_000 }); // set-up, not measured
  // A mark in the page: a reload (or any new document) would lose it. The router's own history
  // updates are not reloads.
  await player.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  const live = player.locator('.game-header [data-live-status]');
  await expect(live).toHaveAttribute('data-live-status', 'live');

  // The admin, in another browser context, approves the deposit through the dashboard.
  const adminContext = await withoutServiceWorker(await browser.newContext({ viewport: { width: 1440, height: 900 } }));
  const admin = await adminContext.newPage();
  const adminErrors = watchForPageErrors(admin);
  await adminSignIn(admin);
  await expect(admin.locator('.admin-topbar [data-live-status]')).toHaveAttribute('data-live-status', 'live');
  await admin.getByRole('tab', { name: /Deposit Management/ }).click();
  await admin
    .getByRole('row')
    .filter({ hasText: account.username })
    .getByRole('button', { name: /Review/ })
    .click();
  const review = admin.getByRole('dialog', { name: `Review deposit #${depositId}` });
  await review.getByLabel('Dice rolls to credit').fill('255');
  await review.getByRole('button', { name: 'Approve deposit' }).click();
  await review.getByRole('button', { name: 'Confirm approval' }).click();
  const approvedAt = Date.now();
  await expect(review).toBeHidden();

  await expect(player.getByTestId('hud-rolls')).toHaveText('265', { timeout: 3_000 });
  const tookMs = Date.now() - approvedAt;
  // No reload: the count came over the socket.
  expect(await player.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(pushed).toContain('state');
  testInfo.annotations.push({ type: 'push latency', description: `${tookMs} ms from the confirmation` });
  await keepShot(player, testInfo, 'player-after-push.png');

  // A second player asks for a deposit: the admin's open queue shows it without a reload.
  const otherContext = await withoutServiceWorker(await browser.newContext());
  const otherPage = await otherContext.newPage();
  const other = await signUpViaApi(otherPage, uniquePlayer('rt'));
  const otherDeposit = await requestDeposit(otherPage, other.token);
  await expect(admin.getByRole('row').filter({ hasText: other.username })).toBeVisible({ timeout: 3_000 });
  await keepShot(admin, testInfo, 'admin-queue-live.png');

  // Two admins: while this one reviews the request, another decides it; the open dialog says so
  // instead of offering a second decision from a stale screen.
  await admin
    .getByRole('row')
    .filter({ hasText: other.username })
    .getByRole('button', { name: /Review/ })
    .click();
  const stale = admin.getByRole('dialog', { name: `Review deposit #${otherDeposit}` });
  await expect(stale.getByRole('button', { name: 'Approve deposit' })).toBeVisible();
  const secondAdmin = { authorization: `Bearer ${await adminApiToken(otherPage.request)}` };
  const decided = await otherPage.request.post('/api/admin/reject-deposit', {
    headers: secondAdmin,
    data: { transactionId: otherDeposit, reason: 'no such transfer' },
  });
  expect(decided.status()).toBe(200);
  await expect(stale.getByText(/Another admin has just decided this request/)).toBeVisible({ timeout: 3_000 });
  await expect(stale.getByRole('button', { name: 'Approve deposit' })).toHaveCount(0);
  await keepShot(admin, testInfo, 'admin-decided-elsewhere.png');

  playerErrors();
  adminErrors();
  await Promise.all([playerContext.close(), adminContext.close(), otherContext.close()]);
});
