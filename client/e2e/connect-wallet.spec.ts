import { expect, test } from '@playwright/test';
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
  await page.exposeFunction('__e2eSign', async (hex: string) => account.signMessage({ message: { raw: hex as `0x${string}` } }));
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
  await expect(page.getByTestId('linked-address')).toHaveText(account.address.toLowerCase());
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
