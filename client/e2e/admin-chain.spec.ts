import { scanWithAxe } from './axe';
import { expect, test } from './fixtures';
import { chainAdminText } from '@gogo/shared/messages';
import { adminSignIn, createAdmin, openTab } from './admin-support';
import { keepShot, watchForPageErrors } from './support';

// The deposits page of the back office: automatic deposits with their chain facts and the chain
// watcher's panel, below the manual queue. The e2e server runs without a chain, so the first test
// reads its real answer ("off"); the second gives the panel what a running watcher answers (the
// server's side of that answer is tested against ganache in server/test/chain-deposits.test.ts).

// Each test signs in as an admin of its own: an admin's logout revokes all of its sessions.
function ownAdmin() {
  const admin = { username: `e2e-chain-${Math.random().toString(36).slice(2, 10)}`, password: 'e2e-chain-password-1' };
  createAdmin(admin);
  return admin;
}

test('deposits page: without the chain settings the automatic part says it is off', async ({ page }) => {
  const noErrors = watchForPageErrors(page);
  await adminSignIn(page, ownAdmin());
  await openTab(page, /Deposit Management/);
  const panel = page.getByRole('region', { name: 'On-chain deposits' });
  await expect(panel.getByText(chainAdminText.off)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Pending deposits/ })).toBeVisible();
  noErrors();
});

test('deposits page: the chain watcher panel and the automatic deposits with block, confirmations and sender', async ({
  page,
}, testInfo) => {
  const noErrors = watchForPageErrors(page);
  const now = Date.now();
  const hash = (b: string) => `0x${b.repeat(32)}`;
  await page.route('**/api/admin/chain', (route) =>
    route.fulfill({
      json: {
        success: true,
        data: {
          watcher: {
            enabled: true,
            chainId: 1337,
            lastBlock: 1204,
            head: 1206,
            lag: 2,
            confirmations: 12,
            lastError: 'RPC refused the connection (ECONNREFUSED)',
            errorAt: new Date(now - 90_000).toISOString(),
            polledAt: new Date(now - 4_000).toISOString(),
          },
          deposits: [
            {
              id: 2,
              coin: 'USDC',
              amount: '25',
              txHash: hash('cd'),
              logIndex: 3,
              fromAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
              toAddress: '0x8ba1f109551bd432803012645ac136ddd64dba72',
              blockNumber: 1200,
              confirmations: 5,
              requiredConfirmations: 12,
              status: 'seen',
              transactionId: null,
              seenAt: new Date(now - 60_000).toISOString(),
              userId: 7,
              username: 'alice',
            },
            {
              id: 1,
              coin: 'ETH',
              amount: '0.05',
              txHash: hash('ab'),
              logIndex: -1,
              fromAddress: '0x90f8bf6a479f320ead074411a4b0e7944ea8c9c1',
              toAddress: '0x8ba1f109551bd432803012645ac136ddd64dba72',
              blockNumber: 1100,
              confirmations: 12,
              requiredConfirmations: 12,
              status: 'credited',
              transactionId: 41,
              seenAt: new Date(now - 3_600_000).toISOString(),
              userId: 7,
              username: 'alice',
            },
          ],
        },
      },
    }),
  );
  await adminSignIn(page, ownAdmin());
  await openTab(page, /Deposit Management/);
  const watcher = page.getByTestId('chain-watcher');
  await expect(watcher).toContainText('Last block scanned1,204');
  await expect(watcher).toContainText('Lag (blocks)2');
  await expect(watcher).toContainText('Failing');
  await expect(page.getByRole('alert')).toContainText('ECONNREFUSED');
  const rows = page.getByRole('region', { name: 'Automatic deposits' }).getByRole('row');
  await expect(rows.filter({ hasText: 'USDC' })).toContainText('5 of 12');
  await expect(rows.filter({ hasText: 'USDC' })).toContainText('1,200');
  await expect(rows.filter({ hasText: 'USDC' })).toContainText('0x529084');
  await expect(rows.filter({ hasText: 'ETH' })).toContainText('credited (deposit #41)');
  await page.getByRole('region', { name: 'On-chain deposits' }).scrollIntoViewIfNeeded();
  await keepShot(page, testInfo, 'admin-chain.png', { fullPage: true });
  const axe = await scanWithAxe(page, { within: '[aria-label="On-chain deposits"]' });
  expect(axe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  noErrors();
});
