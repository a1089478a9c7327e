import { expect, test } from './fixtures';
import { privateKeyToAccount } from 'viem/accounts';
import { linkedWalletText } from '@gogo/shared/messages';
import { keepShot, signUpViaApi, watchForPageErrors } from './support';

// "Connect wallet" on the deposit tab: with the browser's EIP-1193 provider (here one injected by
// the test, signing with a test key in the test process), and without one.

// Ganache's first deterministic account: a published test key that holds nothing real.
const account = privateKeyToAccount('0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d');

test('connect wallet: links the address the injected wallet signs for, and unlinks it', async ({ page }, testInfo) => {
  const noErrors = watchForPageErrors(page);
  const asked: string[] = [];
  await page.exposeFunction('__e2eSign', async (hex: string) =>
    account.signMessage({ message: { raw: hex as `0x${string}` } }),
  );
  await page.exposeFunction('__e2eAsked', (method: string) => void asked.push(method));
  await page.addInitScript((address) => {
    const w = window as unknown as {
      ethereum: unknown;
      __e2eSign(hex: string): Promise<string>;
      __e2eAsked(method: string): void;
    };
    w.ethereum = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        w.__e2eAsked(method);
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
        if (method === 'eth_chainId') return '0x539';
        if (method === 'personal_sign') return w.__e2eSign(params![0] as string);
        throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      },
    };
  }, account.address);
  await signUpViaApi(page);
  await page.goto('/profile?tab=deposit');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await expect(page.getByTestId('linked-address')).toHaveText(new RegExp(`^${account.address}$`, 'i'));
  expect(asked).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
  await keepShot(page, testInfo, 'wallet-linked.png', { fullPage: true });
  await page.getByRole('button', { name: 'Unlink wallet' }).click();
  await expect(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible();
  noErrors();
});

test('connect wallet: says plainly when the browser has no wallet', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/profile?tab=deposit');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await expect(page.getByText(linkedWalletText.noProvider)).toBeVisible();
});

test('deposit tab: an automatic coin shows the own address, its QR code and the confirmations', async ({
  page,
}, testInfo) => {
  // The e2e server runs without a chain: its answers are given the automatic part a chain adds.
  const own = '0x8ba1f109551bd432803012645ac136ddd64dba72';
  await page.route('**/api/credits/deposit-info', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.automatic = {
      ETH: { address: own, chainId: 1, confirmations: 12, tokenAddress: null },
      USDT: null,
      USDC: null,
    };
    await route.fulfill({ response: res, json: body });
  });
  await page.route('**/api/credits/chain-deposits', (route) =>
    route.fulfill({
      json: {
        success: true,
        data: {
          deposits: [
            {
              id: 1,
              coin: 'ETH',
              amount: '0.05',
              txHash: `0x${'ab'.repeat(32)}`,
              logIndex: -1,
              fromAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
              toAddress: own,
              blockNumber: 100,
              confirmations: 1,
              requiredConfirmations: 12,
              status: 'seen',
              transactionId: null,
              seenAt: new Date().toISOString(),
            },
          ],
        },
      },
    }),
  );
  await signUpViaApi(page);
  await page.goto('/profile?tab=deposit');
  await page.getByLabel('Currency').selectOption('ETH');
  await expect(page.getByTestId('automatic-deposit')).toBeVisible();
  await expect(page.getByTestId('receive-address')).toHaveText(own);
  await expect(page.getByTestId('chain-deposit')).toContainText('Seen, 1 of 12 confirmations');
  await expect(page.getByRole('button', { name: 'Submit deposit request' })).toBeHidden();
  await keepShot(page, testInfo, 'deposit-automatic.png', { fullPage: true });
});
