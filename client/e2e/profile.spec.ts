import { expect, test, type Page, withoutServiceWorker } from './fixtures';
import { scanWithAxe } from './axe';
import { signUpViaApi, uniquePlayer, watchForPageErrors, keepShot } from './support';
import { evmTxHash } from './eligibility';
import { rollViaApi } from './waits';
import { referralText } from '@gogo/shared/messages';

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

test.describe('My Account', () => {
  test('a deposit request appears as pending in the history', async ({ page }, testInfo) => {
    const noErrors = watchForPageErrors(page);
    await signUpViaApi(page);
    await page.goto('/profile?tab=deposit');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByTestId('gogo-balance')).toHaveText('0');
    await expect(page.getByTestId('dice-balance')).toHaveText('10');
    await expect(tab(page, 'Deposit')).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Currency').selectOption('USDT');
    await expect(page.getByTestId('receive-address')).toHaveText('0xTestReceive000000000000000000000000000000');
    const amount = page.getByLabel('Amount (USDT)');
    await expect(amount).toHaveAttribute('step', '0.01');
    await amount.fill('5');
    await expect(page.getByTestId('usd-value')).toHaveText('≈ $5.00 USD');
    await expect(page.getByText('Minimum deposit is $10 USD equivalent.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Submit deposit request' }).click();
    await expect(page.getByText('Minimum deposit is $10 USD equivalent', { exact: true })).toBeVisible();
    await expect(page.getByText('Crypto address is required.')).toBeVisible();

    await amount.fill('25.50');
    await expect(page.getByTestId('usd-value')).toHaveText('≈ $25.50 USD');
    await expect(page.getByText('Minimum deposit is $10 USD equivalent.', { exact: true })).toBeHidden();
    await page.getByLabel('Your sending address').fill('0xMySendingWallet');
    // The reference is the transfer's transaction hash, in the coin's shape.
    const reference = page.getByLabel('Transaction hash (reference)');
    await expect(
      page.getByText(
        'Paste the USDT transaction of your transfer: the transaction hash: 0x followed by 64 hexadecimal characters.',
      ),
    ).toBeVisible();
    await reference.fill('exchange payout 77');
    await page.getByRole('button', { name: 'Submit deposit request' }).click();
    await expect(
      page.getByText('A USDT reference is the transaction hash: 0x followed by 64 hexadecimal characters.'),
    ).toBeVisible();
    await expect(reference).toHaveAttribute('aria-invalid', 'true');
    await reference.fill(evmTxHash());
    await keepShot(page, testInfo, 'deposit-form.png', { fullPage: true });
    await page.getByRole('button', { name: 'Submit deposit request' }).click();
    await expect(page.getByRole('status')).toContainText('Deposit request submitted.');
    const requestId = (await page.getByRole('status').textContent())!.match(/#(\d+)/)![1]!;
    // Nothing is credited before an admin approves.
    await expect(page.getByTestId('dice-balance')).toHaveText('10');

    await tab(page, 'Transaction History').click();
    await expect(page).toHaveURL(/tab=history/);
    const row = page.getByTestId('history-row').filter({ hasText: requestId }).first();
    await expect(row).toContainText('Deposit');
    await expect(row).toContainText('25.5 USDT');
    await expect(row.locator('.status-badge')).toHaveText('pending');
    await expect(row).toContainText(/\ds ago/);
    await keepShot(page, testInfo, 'history.png', { fullPage: true });
    noErrors();
  });

  test('history: empty state, game rows, copy feedback and its failure', async ({ page, context }, testInfo) => {
    // The clipboard permissions granted below are Chromium's; every project in playwright.config.ts
    // is Chromium.
    const player = await signUpViaApi(page);
    await page.goto('/profile?tab=history');
    // A player who never played has no ledger rows yet.
    await expect(page.getByText('No transactions yet.')).toBeVisible();

    // Two rolls through the real engine show up as game rows (the die spend itself is not listed).
    for (let i = 0; i < 2; i++) {
      const res = await rollViaApi(page.request, player.token);
      expect(res.status()).toBe(200);
    }
    await page.reload();
    // The starting dice are the oldest row; the rolls' rewards or penalties (if any) come above it.
    await expect(page.getByTestId('history-row').last()).toContainText('+10 dice rolls');
    await expect(page.getByTestId('history-row').last()).toContainText('Starting dice rolls');
    await expect(page.getByText('No transactions yet.')).toBeHidden();

    const first = page.getByTestId('history-row').first();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await first.getByRole('button', { name: /Copy transaction id/ }).click();
    await expect(first.getByText('Copied')).toBeVisible();
    await expect(first.getByText('Copied')).toBeHidden({ timeout: 3000 });
    await context.clearPermissions();
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });
    await first.getByRole('button', { name: /Copy transaction id/ }).click();
    await expect(first.getByText('Failed to copy')).toBeVisible();
    await keepShot(page, testInfo, 'history-game.png', { fullPage: true });
  });

  test('dice purchase mode shows the USD price and the crypto amount', async ({ page }, testInfo) => {
    await signUpViaApi(page);
    await page.goto('/profile?tab=deposit&diceRolls=true');
    await expect(page.getByRole('button', { name: 'Purchase Dice Rolls' })).toHaveAttribute('aria-pressed', 'true');
    const rolls = page.getByLabel('Dice rolls');
    await expect(rolls).toHaveAttribute('min', '10');
    await expect(rolls).toHaveAttribute('step', '10');
    await expect(rolls).toHaveValue('10');
    await expect(page.getByTestId('dice-price-usd')).toHaveText('$1.00 USD');
    await page.getByLabel('Currency').selectOption('BTC');
    await rolls.fill('50');
    await expect(page.getByTestId('dice-price-usd')).toHaveText('$5.00 USD');
    await expect(page.getByTestId('dice-price-crypto')).toHaveText('0.00008334 BTC');
    await rolls.fill('15');
    await page.getByRole('button', { name: 'Request dice rolls' }).click();
    await expect(page.getByText('Dice rolls must be a multiple of 10, at least 10.')).toBeVisible();
    await rolls.fill('50');
    await keepShot(page, testInfo, 'dice-purchase.png', { fullPage: true });
    await page.getByRole('button', { name: 'Request dice rolls' }).click();
    await expect(page.getByRole('status')).toContainText('Purchase request submitted.');
    await tab(page, 'Transaction History').click();
    const row = page.getByTestId('history-row').first();
    await expect(row).toContainText('Purchase of 50 dice rolls for $5.00 in BTC');
    await expect(row.locator('.status-badge')).toHaveText('pending');
  });

  test('withdrawal form validation', async ({ page }, testInfo) => {
    const noErrors = watchForPageErrors(page);
    await signUpViaApi(page);
    await page.goto('/profile?tab=withdraw');
    await expect(page.getByText(/the amount is\s+held/)).toBeVisible();
    const amount = page.getByLabel('Amount (GOGO)');
    await expect(amount).toHaveAttribute('min', '1');
    await expect(amount).toHaveAttribute('step', '1');
    const submit = page.getByRole('button', { name: 'Request withdrawal' });

    await submit.click();
    await expect(page.getByText('Enter a valid amount.')).toBeVisible();
    await expect(page.getByText('Crypto address is required.')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');

    await amount.fill('50');
    await submit.click();
    await expect(page.getByText('Minimum withdrawal is 100 GOGO.')).toBeVisible();

    await amount.fill('150');
    await page.getByLabel('Payout currency').selectOption('SOL');
    await page.getByLabel('Your SOL address').fill('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV');
    await submit.click();
    await expect(page.getByText('Withdrawal amount exceeds your GOGO balance.')).toBeVisible();
    await expect(page.getByText('Crypto address is required.')).toBeHidden();
    await page.getByLabel('Payout currency').selectOption('ETH');
    await expect(page.getByLabel('Your ETH address')).toHaveValue('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV');
    await keepShot(page, testInfo, 'withdraw.png', { fullPage: true });
    noErrors();
  });

  test('the referral apply flow', async ({ page, browser }, testInfo) => {
    const noErrors = watchForPageErrors(page);
    // The referrer signs up elsewhere and shares a code.
    const referrer = uniquePlayer('ref');
    const reg = await page.request.post('/api/auth/register', { data: referrer });
    const referrerToken = (await reg.json()).data.token as string;
    const codeRes = await page.request.get('/api/referrals/my-code', {
      headers: { authorization: `Bearer ${referrerToken}` },
    });
    const referrerCode = (await codeRes.json()).data.referralCode as string;

    const friend = await signUpViaApi(page);
    await page.goto('/profile?tab=referral');
    const myCode = page.getByTestId('my-referral-code');
    await expect(myCode).toHaveText(/^[A-HJ-KM-NP-Z2-9]{8}$/);
    const ownCode = (await myCode.textContent())!;

    const input = page.getByLabel("Friend's referral code");
    const apply = page.getByRole('button', { name: 'Apply' });
    await input.fill(' ab ');
    await apply.click();
    await expect(page.getByText('Enter a valid code')).toBeVisible();
    await input.fill(ownCode);
    await apply.click();
    await expect(page.getByText('You cannot use your own referral code.')).toBeVisible();
    await input.fill(referrerCode.toLowerCase());
    await apply.click();
    await expect(page.locator('.alert--success')).toContainText(`You were referred by @${referrer.username}`);
    await expect(input).toBeDisabled();
    await expect(input).toHaveAttribute('placeholder', `Referral applied from @${referrer.username}`);
    await expect(apply).toBeDisabled();
    await keepShot(page, testInfo, 'referral-applied.png', { fullPage: true });

    // Still applied after a reload (the server knows).
    await page.reload();
    await expect(page.getByLabel("Friend's referral code")).toHaveAttribute(
      'placeholder',
      `Referral applied from @${referrer.username}`,
    );

    // The referrer sees the friend in the list.
    const other = await withoutServiceWorker(await browser.newContext({ viewport: page.viewportSize() ?? undefined }));
    const referrerPage = await other.newPage();
    await referrerPage.addInitScript(
      ([token, user]) => {
        localStorage.setItem('gogo.token', token);
        localStorage.setItem('gogo.user', JSON.stringify(user));
      },
      [referrerToken, (await reg.json()).data.user] as const,
    );
    await referrerPage.goto('/profile?tab=referral');
    await expect(referrerPage.getByTestId('referred-count')).toHaveText('1');
    await expect(referrerPage.getByText(friend.username)).toBeVisible();
    await expect(referrerPage.getByText(referralText.waitingForDeposit)).toBeVisible();
    await keepShot(referrerPage, testInfo, 'referral-referrer.png', { fullPage: true });
    await other.close();
    noErrors();
  });

  test('tabs follow ?tab= and the keyboard', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/profile?tab=referral');
    await expect(tab(page, 'Referral')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'account-tab-referral');
    await tab(page, 'Referral').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Transaction History')).toBeFocused();
    await expect(page).toHaveURL(/tab=history/);
    await page.keyboard.press('Home');
    await expect(tab(page, 'Deposit')).toHaveAttribute('aria-selected', 'true');
    await page.goto('/profile?tab=nonsense');
    await expect(tab(page, 'Deposit')).toHaveAttribute('aria-selected', 'true');
  });
});

/**
 * Every My Account tab, the dice purchase mode and the delete dialog pass axe (WCAG 2.1 A and AA; a
 * serious or critical finding fails). The whole page is scanned on the first tab and with the dialog
 * open; from one tab to the next only the panel changes, so only the panel is scanned there.
 */
test('every My Account tab and the delete dialog pass an axe scan', async ({ page }) => {
  await signUpViaApi(page, uniquePlayer('axe'));
  const serious = async (label: string, options: { within?: string; tags?: string[] } = {}) => {
    const results = await scanWithAxe(page, {
      tags: options.tags ?? ['wcag2a', 'wcag2aa', 'wcag21aa'],
      within: options.within,
    });
    expect(results.passes.length, `${label}: axe checked something`).toBeGreaterThan(0);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  const panel = page.getByRole('tabpanel');
  await page.goto('/profile?tab=deposit');
  await expect(panel).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  expect(await serious('deposit')).toEqual([]);
  const shown: Record<string, () => Promise<void>> = {
    Withdraw: () => expect(page.getByText('Loading...')).toHaveCount(0),
    'Transaction History': () => expect(page.getByText('Loading...')).toHaveCount(0),
    Referral: () => expect(page.getByText('Loading...')).toHaveCount(0),
    Friends: () => expect(page.getByText('No friends yet.', { exact: false })).toBeVisible(),
    Settings: () => expect(page.getByRole('region', { name: 'Privacy' })).toBeVisible(),
  };
  for (const [name, ready] of Object.entries(shown)) {
    await tab(page, name).click();
    await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toBeVisible();
    await ready();
    expect(await serious(name, { within: '[role="tabpanel"]' })).toEqual([]);
  }
  await page.getByRole('button', { name: 'Delete account' }).click();
  // The kit's ConfirmDialog: an alert dialog, as every confirmation before what cannot be undone.
  await expect(page.getByRole('alertdialog', { name: 'Delete your account for good?' })).toBeVisible();
  expect(await serious('delete dialog')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.goto('/profile?tab=deposit&diceRolls=true');
  await expect(page.getByTestId('dice-price-usd')).toHaveText('$1.00 USD');
  expect(await serious('dice purchase', { within: '[role="tabpanel"]', tags: ['wcag2a', 'wcag2aa'] })).toEqual([]);
});
