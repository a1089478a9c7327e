import { expect, test, type APIRequestContext } from './fixtures';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { linkedWalletText } from '@gogo/shared/messages';
import { keepShot, signUpViaApi, watchForPageErrors } from './support';
import { adminApiToken } from './admin-support';
import { makeEligibleToWithdraw } from './eligibility';

// The withdraw tab with a linked wallet: ETH, USDT and USDC payouts are addressed to it; another
// address asks for the password again, and the server then pauses withdrawals (the change cooldown).

const OTHER = '0x52908400098527886E0F7030069857D2E4169EE7';

/** Links a fresh test key's wallet through the API, as the Connect wallet button does. */
async function linkWallet(request: APIRequestContext, token: string, baseURL: string) {
  const signer = privateKeyToAccount(generatePrivateKey());
  const auth = { authorization: `Bearer ${token}` };
  const nonce = (await (await request.get('/api/wallet/nonce', { headers: auth })).json()).data.nonce as string;
  // The message names the site of PUBLIC_URL (the e2e server's default, http://localhost:$PORT).
  const site = `http://localhost:${new URL(baseURL).port}`;
  const host = new URL(site).host;
  const message = createSiweMessage({
    address: signer.address,
    chainId: 1,
    domain: host,
    nonce,
    uri: site,
    version: '1',
    issuedAt: new Date(),
  });
  const res = await request.post('/api/wallet/link', {
    headers: auth,
    data: { message, signature: await signer.signMessage({ message }) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return signer.address;
}

test('withdraw: the linked wallet is the default; another address needs the password and starts the pause', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const noErrors = watchForPageErrors(page);
  const player = await signUpViaApi(page);
  makeEligibleToWithdraw(player.user.id);
  const admin = { authorization: `Bearer ${await adminApiToken(request)}` };
  const grant = await request.post('/api/credits/grant', {
    headers: admin,
    data: { userId: player.user.id, amount: 1000, note: 'e2e: withdrawable GOGO' },
  });
  expect(grant.status()).toBe(200);
  const linked = await linkWallet(page.request, player.token, baseURL!);

  await page.goto('/profile?tab=withdraw');
  const address = page.getByLabel('Your ETH address');
  await page.getByLabel('Amount (GOGO)').fill('150');
  await page.getByLabel('Payout currency').selectOption('ETH');
  await expect(address).toHaveValue(linked);
  await expect(page.getByText('Your linked wallet.')).toBeVisible();
  await expect(page.getByLabel('Your password')).toBeHidden();
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('status')).toContainText('150 GOGO');
  await expect(address).toHaveValue(linked);

  // Another address: the password field appears, and is needed.
  await page.getByLabel('Amount (GOGO)').fill('120');
  await address.fill(OTHER);
  await expect(page.getByText(linkedWalletText.otherAddressNote)).toBeVisible();
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText(linkedWalletText.otherAddressNeedsPassword)).toBeVisible();
  await page.getByLabel('Your password').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await keepShot(page, testInfo, 'withdraw-other-address.png', { fullPage: true });
  await page.getByLabel('Your password').fill(player.password);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('status')).toContainText('120 GOGO');

  // The pause has started: the next withdrawal, even to the linked wallet, is refused with its reason.
  await page.getByLabel('Amount (GOGO)').fill('100');
  await expect(address).toHaveValue(linked);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('alert')).toContainText('after a payout goes to a new address');
  await keepShot(page, testInfo, 'withdraw-cooldown.png', { fullPage: true });

  // The password field and its note fit a small phone too.
  await address.fill(OTHER);
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByLabel('Your password')).toBeVisible();
  await keepShot(page, testInfo, 'withdraw-other-address-360.png', { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  noErrors();
});
