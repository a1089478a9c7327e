import { expect, test, type Page } from './fixtures';
import { signUpViaApi, watchForPageErrors, keepShot } from './support';
import { evmTxHash } from './eligibility';
import { adminApiToken } from './admin-support';

// The My Account tabs, payout addresses per coin, coins without a receiving address,
// and the celebration of an approved deposit. Receiving addresses of the e2e server: BTC and USDT
// only (client/playwright.config.ts).

const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

async function requestDeposit(page: Page, token: string, amount: number) {
  const res = await page.request.post('/api/credits/deposit-request', {
    headers: { authorization: `Bearer ${token}` },
    data: { amount, cryptoType: 'USDT', cryptoAddress: '0xE2eSender', reference: evmTxHash() },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.transactionId as number;
}

test('withdraw: no silent SOL default, and the address must be of the chosen coin (client and server)', async ({
  page,
}, testInfo) => {
  const noErrors = watchForPageErrors(page);
  const player = await signUpViaApi(page);
  await page.goto('/profile?tab=withdraw');
  const coin = page.getByLabel('Payout currency');
  await expect(coin).toHaveValue('');
  await page.getByLabel('Amount (GOGO)').fill('150');
  await page.getByLabel('Your payout address').fill(EVM);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText('Choose the coin you want to be paid in.')).toBeVisible();

  await coin.selectOption('SOL');
  await page.getByLabel('Your SOL address').fill(EVM);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText(/Enter a Solana address: 32 to 44 base58 characters/)).toBeVisible();
  await keepShot(page, testInfo, 'withdraw-wrong-coin.png', { fullPage: true });
  await page.getByLabel('Your SOL address').fill(SOL);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText(/Enter a Solana address/)).toBeHidden();
  await expect(page.getByText('Withdrawal amount exceeds your GOGO balance.')).toBeVisible();

  // The server refuses the same mistake with the same text, whatever the client does.
  const res = await page.request.post('/api/credits/withdrawal-request', {
    headers: { authorization: `Bearer ${player.token}` },
    data: { amount: 100, cryptoType: 'SOL', cryptoAddress: EVM },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.message).toMatch(/^Enter a Solana address/);
  noErrors();
});

test('deposit: only coins with a receiving address can be chosen; QR, copy and the exact amount', async ({
  page,
}, testInfo) => {
  const noErrors = watchForPageErrors(page);
  const player = await signUpViaApi(page);
  await page.goto('/profile?tab=deposit');
  const currency = page.getByLabel('Currency');
  await expect(currency).toHaveValue('USDT');
  for (const closed of ['ETH', 'SOL', 'USDC']) {
    await expect(currency.locator(`option[value="${closed}"]`)).toBeDisabled();
  }
  await expect(page.getByTestId('closed-coins')).toHaveText(
    'Not available yet (no receiving address published): ETH, SOL, USDC.',
  );
  await expect(page.getByTestId('receive-qr')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('img', { name: 'QR code of the USDT receiving address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy the USDT deposit address' })).toBeVisible();
  await page.getByLabel('Amount (USDT)').fill('25.5');
  await expect(page.getByTestId('send-exactly')).toHaveText('Send exactly 25.5 USDT');
  await keepShot(page, testInfo, 'deposit-receive.png', { fullPage: true });

  await page.getByRole('button', { name: 'Purchase Dice Rolls' }).click();
  await currency.selectOption('BTC');
  await page.getByLabel('Dice rolls').fill('50');
  await expect(page.getByTestId('send-exactly')).toHaveText('Send exactly 0.00008334 BTC');
  await expect(page.getByTestId('receive-address')).toHaveText('bc1qtestreceive0000000000000000000');

  // The server refuses a coin without an address, for deposits and purchases alike.
  const auth = { authorization: `Bearer ${player.token}` };
  const dep = await page.request.post('/api/credits/deposit-request', {
    headers: auth,
    data: { amount: 1, cryptoType: 'ETH', cryptoAddress: '0xsender' },
  });
  expect(dep.status()).toBe(400);
  expect((await dep.json()).error).toMatchObject({ code: 'COIN_UNAVAILABLE' });
  const buy = await page.request.post('/api/dice-rolls/purchase-request', {
    headers: auth,
    data: { diceRollsCount: 50, amount: 5, currency: 'SOL' },
  });
  expect(buy.status()).toBe(400);
  expect((await buy.json()).error.message).toBe(
    'SOL payments are not open yet: no SOL receiving address is published. Choose another coin.',
  );

  // With no address at all, the page says payments are closed and offers no form.
  await page.route('**/api/credits/deposit-info', (route) =>
    route.fulfill({
      json: {
        success: true,
        data: { minDepositUsd: 10, addresses: { BTC: null, ETH: null, SOL: null, USDT: null, USDC: null } },
      },
    }),
  );
  await page.goto('/profile?tab=deposit');
  await expect(page.getByTestId('no-coin')).toHaveText(/payments are closed for now/);
  await expect(page.getByRole('button', { name: 'Submit deposit request' })).toHaveCount(0);
  noErrors();
});

test('an approved deposit is celebrated once; a rejected one shows its reason', async ({ page, request }, testInfo) => {
  const noErrors = watchForPageErrors(page);
  const player = await signUpViaApi(page);
  const approvedId = await requestDeposit(page, player.token, 25);
  const rejectedId = await requestDeposit(page, player.token, 30);
  await page.goto('/profile?tab=history');
  await expect(page.getByTestId('history-row').filter({ hasText: 'Deposit of 25 USDT' })).toContainText('pending');
  await expect(page.getByTestId('credit-celebration')).toHaveCount(0);

  const admin = { authorization: `Bearer ${await adminApiToken(request)}` };
  const approve = await request.post('/api/admin/approve-deposit', {
    headers: admin,
    data: { transactionId: approvedId, diceRollsCount: 250 },
  });
  expect(approve.status()).toBe(200);
  const reject = await request.post('/api/admin/reject-deposit', {
    headers: admin,
    data: { transactionId: rejectedId, reason: 'No USDT transfer of 30 arrived at our address' },
  });
  expect(reject.status()).toBe(200);

  // The history is read again (the poll while a request is pending, or any refetch): the credit shows.
  await page.getByRole('tab', { name: 'Deposit' }).click();
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await expect(page.getByTestId('credit-celebration')).toHaveText(/\+250 dice rolls arrived!/, { timeout: 25_000 });
  await expect(page.getByTestId('dice-balance')).toHaveText('260');
  const rejected = page.getByTestId('history-row').filter({ hasText: 'Deposit of 30 USDT' });
  await expect(rejected).toContainText('rejected');
  await expect(rejected.getByTestId('rejection-reason')).toHaveText(
    'Reason: No USDT transfer of 30 arrived at our address',
  );
  await keepShot(page, testInfo, 'deposit-celebrated.png', { fullPage: true });

  // Seen once: a reload does not celebrate again.
  await page.reload();
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  await expect(page.getByTestId('credit-celebration')).toHaveCount(0);
  noErrors();
});
