import { expect, test, type Page, withoutServiceWorker } from './fixtures';
import { readFileSync } from 'node:fs';
import { signUpViaApi, watchForPageErrors, keepShot } from './support';
import { evmTxHash, makeEligibleToWithdraw } from './eligibility';
import { ADMIN, adminApiToken, adminSignIn, openTab } from './admin-support';
import { rollViaApi } from './waits';

// The back office is built desktop-first (1440 x 900) and checked at a tablet width in
// admin-a11y.spec.ts; the phone project (390 x 844, touch) is not one of its targets, so this file is not
// one of playwright.config.ts's PHONE_SPECS.

test.describe('back office', () => {
  // One e2e admin account, and its logout revokes every one of its sessions: run these in order.
  test.describe.configure({ mode: 'serial' });

  test('sign-in: spec texts, Signing in..., and the guards of /admin and /admin/dashboard', async ({ page }) => {
    const noErrors = watchForPageErrors(page);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/); // no admin token: back to the login

    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');

    // The button reads 'Signing in...' while the request is in flight.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/login', async (route) => {
      await held; // answered once the test has seen the pending state
      await route.continue();
    });
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.unroute('**/api/admin/login');

    // With a token, /admin goes straight to the dashboard.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // An answer without a token: 'Invalid response from server'.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(await page.evaluate(() => localStorage.getItem('gogo.adminToken'))).toBeNull();
    await page.route('**/api/admin/login', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: {} }),
      }),
    );
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid response from server');
    await expect(page).toHaveURL(/\/admin$/);
    noErrors();
  });

  test('a player token does not open the back office, and the API refuses it', async ({ page }) => {
    const player = await signUpViaApi(page);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
    const res = await page.request.get('/api/admin/summary', { headers: { authorization: `Bearer ${player.token}` } });
    expect(res.status()).toBe(403);

    // A stored admin token the server no longer accepts (expired, revoked) is dropped: back to /admin.
    await page.evaluate(() => localStorage.setItem('gogo.adminToken', 'not.a.valid-token'));
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
    expect(await page.evaluate(() => localStorage.getItem('gogo.adminToken'))).toBeNull();
  });

  test('the money loop: deposit approved, rolls seen and played, a withdrawal refunded, another paid', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const shot = (page: Page, name: string) => keepShot(page, testInfo, `${name}.png`, { fullPage: true });

    // ── The player asks for a deposit in the profile ───────────────────────────
    const playerContext = await withoutServiceWorker(
      await browser.newContext({ viewport: { width: 1440, height: 900 } }),
    );
    const playerPage = await playerContext.newPage();
    const playerErrors = watchForPageErrors(playerPage);
    const player = await signUpViaApi(playerPage);
    makeEligibleToWithdraw(player.user.id); // it withdraws below: verified, and past the 72-hour wait
    const auth = { authorization: `Bearer ${player.token}` };
    await playerPage.goto('/profile?tab=deposit');
    await expect(playerPage.getByTestId('dice-balance')).toHaveText('10');
    await playerPage.getByLabel('Currency').selectOption('USDT');
    await playerPage.getByLabel('Amount (USDT)').fill('25.50');
    await playerPage.getByLabel('Your sending address').fill('0xE2ePlayerWallet');
    await playerPage.getByLabel('Transaction hash (reference)').fill(evmTxHash());
    await playerPage.getByRole('button', { name: 'Submit deposit request' }).click();
    await expect(playerPage.getByRole('status')).toContainText('Deposit request submitted.');
    const depositId = (await playerPage.getByRole('status').textContent())!.match(/#(\d+)/)![1]!;

    // ── The admin approves it (confirmation, double click applies once) ──────────
    const adminContext = await withoutServiceWorker(
      await browser.newContext({ viewport: { width: 1440, height: 900 } }),
    );
    const admin = await adminContext.newPage();
    const adminErrors = watchForPageErrors(admin);
    await adminSignIn(admin);
    await expect(admin.getByRole('region', { name: 'Summary' })).toContainText('Pending Deposits');
    await shot(admin, 'admin-overview');
    await openTab(admin, /Deposit Management/);
    const depositRow = admin.getByRole('row').filter({ hasText: player.username });
    await expect(depositRow).toContainText('25.5 USDT');
    await expect(depositRow).toContainText('$25.50');
    await shot(admin, 'admin-deposits');
    await depositRow.getByRole('button', { name: /Review/ }).click();
    const review = admin.getByRole('dialog', { name: `Review deposit #${depositId}` });
    await expect(review.getByLabel('Dice rolls to credit')).toHaveValue('255'); // USD x 10
    await review.getByLabel('Dice rolls to credit').fill('');
    await review.getByRole('button', { name: 'Approve deposit' }).click();
    await expect(review.getByText('Enter dice rolls to credit')).toBeVisible();
    await review.getByLabel('Dice rolls to credit').fill('255');
    await review.getByLabel('GOGO amount (optional)').fill('300');
    await review.getByLabel('Admin note (optional)').fill('USDT seen on chain');
    // 255 dice and 300 GOGO are worth more than the $25.50 paid: above the bound, a reason is audited.
    await review.getByLabel(/Reason for crediting more/).fill('Launch promotion: 300 GOGO on a first deposit');
    await review.getByRole('button', { name: 'Approve deposit' }).click();
    await expect(review.getByText('Approve this deposit and credit the player?')).toBeVisible();
    await shot(admin, 'admin-deposit-confirm');
    await review.getByRole('button', { name: 'Confirm approval' }).dblclick();
    await expect(review).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: `Deposit #${depositId} approved` })).toContainText(
      `255 dice rolls and 300 GOGO credited to ${player.username}`,
    );
    await expect(admin.getByRole('row').filter({ hasText: player.username })).toHaveCount(0);
    const token = await adminApiToken(request);
    const approvals = await request.get(`/api/admin/audit-log?action=approve_deposit&targetUserId=${player.user.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await approvals.json()).data.entries).toHaveLength(1);

    // ── The player sees the rolls and plays ─────────────────────────────────────
    await playerPage.goto('/profile?tab=history');
    await expect(playerPage.getByTestId('dice-balance')).toHaveText('265');
    await expect(playerPage.getByTestId('gogo-balance')).toHaveText('300');
    let balance = 300;
    let diceLeft = 265;
    for (let i = 0; i < 3; i += 1) {
      const roll = await rollViaApi(playerPage.request, player.token);
      expect(roll.status()).toBe(200);
      // A roll costs one die and may pay dice back (a level-up, a lap).
      const { levelUpDice, lapDice } = (await roll.json()).data;
      diceLeft += levelUpDice + lapDice - 1;
    }
    const afterRolls = await playerPage.request.get('/api/credits/balance', { headers: auth });
    const credits = (await afterRolls.json()).data;
    balance = credits.balance;
    expect(credits.diceRollsRemaining).toBe(diceLeft);
    await playerPage.reload();
    await expect(playerPage.getByTestId('dice-balance')).toHaveText(String(diceLeft));

    // ── A withdrawal, rejected with a reason: the refund shows in the history ────
    await playerPage.goto('/profile?tab=withdraw');
    await playerPage.getByLabel('Amount (GOGO)').fill('150');
    await playerPage.getByLabel('Payout currency').selectOption('SOL');
    await playerPage.getByLabel('Your SOL address').fill('So1anaE2ePayout1111111111111111111111');
    await playerPage.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(playerPage.getByTestId('gogo-balance')).toHaveText(String(balance - 150));

    await admin.reload();
    await openTab(admin, /Withdrawal Management/);
    const card = admin.getByRole('article').filter({ hasText: player.username }).filter({ hasText: '150 GOGO' });
    await expect(card).toContainText('So1anaE2ePayout1111111111111111111111');
    await expect(card.getByRole('group', { name: 'Player balance' })).toContainText(`${balance - 150} GOGO`);
    await expect(card.getByRole('list', { name: 'Recent history' }).getByRole('listitem').first()).toContainText(
      'Withdrawal of 150 GOGO',
    );
    // The risk score with its reasons, as the server scored this request. Which reasons apply
    // depends on what the three rolls paid (the free-earnings share), so the panel is checked against
    // the server's answer; the scoring itself is tested through the API (server/test/risk.test.ts).
    const adminAuth = { authorization: `Bearer ${token}` };
    const queue = await (await request.get('/api/admin/pending-withdrawals', { headers: adminAuth })).json();
    const request150 = queue.data.pendingWithdrawals.find(
      (w: { _id: string; userId: { id: number }; amount: number }) =>
        w.userId.id === player.user.id && Math.abs(w.amount) === 150,
    );
    const scored = await request.get(`/api/admin/withdrawal-risk?ids=${request150._id}`, { headers: adminAuth });
    const [expected] = (await scored.json()).data.risks as Array<{
      score: number;
      reasons: Array<{ text: string; weight: number }>;
    }>;
    const risk = card.getByTestId('withdrawal-risk');
    await expect(risk).toContainText(`Risk score ${expected!.score} of 100`);
    if (expected!.reasons.length === 0) await expect(risk).toContainText('No risk signals');
    else {
      await expect(risk.getByRole('list', { name: 'Risk reasons' }).getByRole('listitem')).toHaveText(
        expected!.reasons.map((r) => `${r.text}+${r.weight}`),
      );
    }
    await shot(admin, 'admin-withdrawals');
    await card.getByRole('button', { name: /Reject/ }).click();
    const rejectDialog = admin.getByRole('dialog', { name: /Review withdrawal/ });
    await rejectDialog.getByRole('button', { name: 'Reject withdrawal' }).click();
    await expect(rejectDialog.getByText('Enter a reason for the rejection.')).toBeVisible();
    await rejectDialog.getByLabel('Reason').fill('The address is not a Solana address');
    await rejectDialog.getByRole('button', { name: 'Reject withdrawal' }).click();
    await expect(rejectDialog.getByText('Reject this withdrawal and refund the player?')).toBeVisible();
    await rejectDialog.getByRole('button', { name: 'Confirm rejection' }).dblclick();
    await expect(rejectDialog).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: 'rejected' })).toContainText(
      `150 GOGO refunded to ${player.username} (balance now ${balance} GOGO)`,
    );

    await playerPage.goto('/profile?tab=history');
    await expect(playerPage.getByTestId('gogo-balance')).toHaveText(String(balance));
    const refundRow = playerPage.getByTestId('history-row').first();
    await expect(refundRow).toContainText('Refund of a rejected withdrawal');
    await expect(refundRow).toContainText('+150 GOGO');
    await expect(playerPage.getByTestId('history-row').filter({ hasText: 'Withdrawal of 150 GOGO' })).toContainText(
      'rejected',
    );
    await shot(playerPage, 'player-history-refund');

    // ── Another withdrawal, approved with the payout reference ──────────────────
    await playerPage.goto('/profile?tab=withdraw');
    await playerPage.getByLabel('Amount (GOGO)').fill('100');
    await playerPage.getByLabel('Payout currency').selectOption('SOL');
    await playerPage.getByLabel('Your SOL address').fill('So1anaE2eSecondPayout111111111111111');
    await playerPage.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(playerPage.getByTestId('gogo-balance')).toHaveText(String(balance - 100));

    await admin.reload();
    await openTab(admin, /Withdrawal Management/);
    const card2 = admin.getByRole('article').filter({ hasText: 'So1anaE2eSecondPayout111111111111111' });
    await card2.getByRole('button', { name: /Approve/ }).click();
    const approveDialog = admin.getByRole('dialog', { name: /Review withdrawal/ });
    await approveDialog.getByLabel('Payout reference (admin note)').fill('sol tx 5e2eXyZ');
    await approveDialog.getByRole('button', { name: 'Approve withdrawal' }).click();
    await approveDialog.getByRole('button', { name: 'Confirm payout' }).dblclick();
    await expect(approveDialog).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: 'marked as paid out' })).toContainText(player.username);
    await expect(card2).toHaveCount(0);

    await playerPage.goto('/profile?tab=history');
    await expect(playerPage.getByTestId('gogo-balance')).toHaveText(String(balance - 100));
    await expect(playerPage.getByTestId('history-row').filter({ hasText: 'Withdrawal of 100 GOGO' })).toContainText(
      'completed',
    );

    // ── All Transactions: filter and export ─────────────────────────────────────
    await openTab(admin, /All Transactions/);
    await admin.getByLabel('Type').selectOption('refund');
    const playerRows = admin.getByRole('row').filter({ hasText: player.username });
    await expect(playerRows).toHaveCount(1); // only the refund once the filter applies
    await expect(playerRows).toContainText('+150 GOGO');
    await admin.getByLabel('Type').selectOption('');
    await admin.getByLabel('Status').selectOption('completed');
    await expect(admin.getByRole('row').filter({ hasText: 'Withdrawal of 100 GOGO' })).toContainText('e2e-admin');
    await shot(admin, 'admin-transactions');
    const downloadPromise = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^gogo-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('id,createdAt,userId,username,email,type,status,amount');
    expect(csv).toContain(`${player.username},${player.email},withdrawal,completed,100,GOGO`);

    // ── Users: the player's detail, ledger, password reset shown once ───────────
    await openTab(admin, /^Users$/);
    await admin.getByLabel('Search').fill(player.username);
    const userRow = admin.getByRole('row').filter({ hasText: player.email });
    await expect(userRow).toHaveCount(1);
    await userRow.getByRole('button', { name: /Details/ }).click();
    const detail = admin.getByRole('dialog', { name: `Player ${player.username}` });
    await expect(detail.getByRole('region', { name: 'Ledger entries' })).toContainText('Deposit approved');
    await expect(detail).toContainText('Refund of a rejected withdrawal');
    await detail.getByLabel('New password').fill('abc');
    await detail.getByRole('button', { name: 'Reset password' }).click();
    await expect(detail.getByText('Password must be at least 6 characters long')).toBeVisible();
    await detail.getByLabel('New password').fill('fresh-e2e-pass1');
    await detail.getByRole('button', { name: 'Reset password' }).click();
    await detail.getByRole('button', { name: 'Confirm reset' }).click();
    await expect(detail.locator('.admin-secret__value')).toHaveText('fresh-e2e-pass1');
    await shot(admin, 'admin-user-detail');
    // The player's old session is revoked; the new password works.
    expect((await playerPage.request.get('/api/auth/me', { headers: auth })).status()).toBe(401);
    const relogin = await playerPage.request.post('/api/auth/login', {
      data: { email: player.email, password: 'fresh-e2e-pass1' },
    });
    expect(relogin.status()).toBe(200);
    await detail.getByRole('button', { name: 'Close' }).click();

    // ── Analytics: real charts; Audit Log: every action ─────────────────────────
    await openTab(admin, /Analytics/);
    await expect(admin.getByRole('img', { name: /Signups/ })).toBeVisible();
    await expect(admin.getByRole('img')).toHaveCount(6); // four charts, plus upgrades spent and boards completed
    await expect(admin.locator('.admin-chart rect:not([height="0"])').first()).toBeVisible(); // today's bars
    await shot(admin, 'admin-analytics');
    await openTab(admin, /Audit Log/);
    for (const action of ['Approve deposit', 'Reject withdrawal', 'Approve withdrawal', 'Reset user password']) {
      await expect(admin.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
    }
    await shot(admin, 'admin-audit');

    // ── Logout removes the admin token and returns to /admin ────────────────────
    await admin.getByRole('button', { name: 'Logout' }).click();
    await expect(admin).toHaveURL(/\/admin$/);
    expect(await admin.evaluate(() => localStorage.getItem('gogo.adminToken'))).toBeNull();
    adminErrors();
    playerErrors();
    await adminContext.close();
    await playerContext.close();
  });

  test('Top winners counts jackpots; the ledger labels each row by what it is', async ({ page }) => {
    const noErrors = watchForPageErrors(page);
    const player = await signUpViaApi(page);
    for (let i = 0; i < 2; i += 1) {
      const roll = await rollViaApi(page.request, player.token);
      expect(roll.status()).toBe(200);
    }
    // A winner with 3 jackpots worth 1,500 GOGO: the column must show the count, not the amount.
    await page.route('**/api/admin/top-winners**', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.topWinners = [
        {
          rank: 1,
          _id: String(player.user.id),
          id: player.user.id,
          username: player.username,
          email: player.email,
          netWinnings: 2000,
          totalWon: 2100,
          jackpotWinnings: 1500,
          jackpotsHit: 3,
          balance: 2250,
        },
      ];
      await route.fulfill({ response: res, json: body });
    });
    await adminSignIn(page);
    const winners = page.getByRole('region', { name: 'Top winners' });
    const row = winners.getByRole('row').filter({ hasText: player.username });
    await expect(row.getByRole('cell').nth(3)).toHaveText('3');

    await openTab(page, /^Users$/);
    await page.getByLabel('Search').fill(player.username);
    await page
      .getByRole('row')
      .filter({ hasText: player.email })
      .getByRole('button', { name: /Details/ })
      .click();
    const detail = page.getByRole('dialog', { name: `Player ${player.username}` });
    const ledger = detail.getByRole('region', { name: 'Ledger entries' });
    const rollRows = ledger
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Dice roll', exact: true }) });
    await expect(rollRows).toHaveCount(2);
    await expect(rollRows.getByTestId('ledger-kind')).toHaveText(['Roll', 'Roll']);
    await expect(
      ledger.getByRole('row').filter({ hasText: 'Starting dice rolls' }).getByTestId('ledger-kind'),
    ).toHaveText('Starting dice');
    await expect(ledger.getByTestId('ledger-kind').filter({ hasText: /^purchase$/i })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    noErrors();
  });
});
