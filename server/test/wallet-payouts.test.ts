import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { linkedWalletText } from '@gogo/shared/messages';
import { defaultWithdrawRules } from '../src/settings/index.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { creditGogo, makeEligibleToWithdraw } from './money-helpers.js';

// Linked wallets and withdrawals: ETH, USDT and USDC payouts default to the linked wallet; another
// address needs the account's password again and starts the change cooldown. None of this needs the
// chain settings (the wallet is linked by signature alone).

// The site of PUBLIC_URL in the test config: what a message must name.
const HOST = 'localhost:3000';
const OTHER = '0x52908400098527886E0F7030069857D2E4169EE7';
const HOUR = 3_600_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Player = Awaited<ReturnType<typeof registerPlayer>>;

async function link(p: Player, signer = privateKeyToAccount(generatePrivateKey())) {
  const nonce = (await ctx.app.inject({ url: '/api/wallet/nonce', headers: { ...bearer(p.token), host: HOST } })).json()
    .data.nonce;
  const message = createSiweMessage({
    address: signer.address,
    chainId: 1337,
    domain: HOST,
    nonce,
    uri: `http://${HOST}/profile`,
    version: '1',
    issuedAt: new Date(ctx.clock()),
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/wallet/link',
    headers: { ...bearer(p.token), host: HOST },
    payload: { message, signature: await signer.signMessage({ message }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return signer.address;
}

/** A player with 1,000 GOGO who may withdraw, and a linked wallet. */
async function linkedPlayer() {
  const p = await registerPlayer(ctx.app);
  await creditGogo(ctx, p.user.id, 1000);
  await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
  const wallet = await link(p);
  return { ...p, wallet };
}

const withdraw = (p: Player, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/credits/withdrawal-request',
    headers: bearer(p.token),
    payload: { amount: 100, cryptoType: 'ETH', note: '', ...body },
  });

const balanceOf = async (p: Player) =>
  (await ctx.app.inject({ url: '/api/credits/balance', headers: bearer(p.token) })).json().data.balance as number;

const lastAddress = async (p: Player) =>
  (await ctx.app.inject({ url: '/api/credits/transactions', headers: bearer(p.token) })).json().data.transactions[0]
    .metadata.cryptoAddress as string;

describe('withdrawals and the linked wallet', () => {
  it('pays ETH, USDT and USDC to the linked wallet by default', async () => {
    const p = await linkedPlayer();
    for (const coin of ['ETH', 'USDT', 'USDC']) {
      const res = await withdraw(p, { cryptoType: coin });
      expect(res.statusCode, res.body).toBe(201);
      expect(await lastAddress(p)).toBe(getAddress(p.wallet)); // shown checksummed (EIP-55)
    }
  });

  it('takes the linked address typed in (any case) as the linked wallet: no password, no cooldown', async () => {
    const p = await linkedPlayer();
    expect((await withdraw(p, { cryptoAddress: p.wallet.toUpperCase().replace('0X', '0x') })).statusCode).toBe(201);
    expect((await withdraw(p, { cryptoAddress: p.wallet, cryptoType: 'USDT' })).statusCode).toBe(201);
  });

  it('asks for the password before paying another address, and holds nothing until then', async () => {
    const p = await linkedPlayer();
    const missing = await withdraw(p, { cryptoAddress: OTHER });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error).toMatchObject({
      code: 'PASSWORD_REQUIRED',
      message: linkedWalletText.otherAddressNeedsPassword,
    });
    const wrong = await withdraw(p, { cryptoAddress: OTHER, currentPassword: 'not-my-password1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('INVALID_PASSWORD');
    expect(await balanceOf(p)).toBe(1000);

    const right = await withdraw(p, { cryptoAddress: OTHER, currentPassword: p.password });
    expect(right.statusCode, right.body).toBe(201);
    expect(await lastAddress(p)).toBe(OTHER);
    expect(await balanceOf(p)).toBe(900);
  });

  it('starts the change cooldown: no further withdrawal, even to the linked wallet, until it ends', async () => {
    const p = await linkedPlayer();
    expect((await withdraw(p, { cryptoAddress: OTHER, currentPassword: p.password })).statusCode).toBe(201);
    const next = await withdraw(p, {});
    expect(next.statusCode).toBe(403);
    expect(next.json().error).toMatchObject({
      code: 'WITHDRAW_COOLDOWN',
      message: linkedWalletText.payoutAddressCooldown(defaultWithdrawRules.changeCooldownHours, 24 * HOUR),
    });
    ctx.clock.advance(defaultWithdrawRules.changeCooldownHours * HOUR);
    const after = await withdraw(p, {});
    expect(after.statusCode, after.body).toBe(201);
    expect(await lastAddress(p)).toBe(getAddress(p.wallet)); // shown checksummed (EIP-55)
  });

  it('of two withdrawals to another address sent at once, one is paid and the other cools down', async () => {
    const p = await linkedPlayer();
    const both = await Promise.all([
      withdraw(p, { cryptoAddress: OTHER, currentPassword: p.password }),
      withdraw(p, { cryptoAddress: OTHER, currentPassword: p.password, amount: 200 }),
    ]);
    const codes = both.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 403]);
    const refusedOne = both.find((r) => r.statusCode === 403)!;
    expect(refusedOne.json().error.code).toBe('WITHDRAW_COOLDOWN');
    const paid = both.find((r) => r.statusCode === 201)!.json().data.amount as number;
    expect(await balanceOf(p)).toBe(1000 - paid);
  });

  it('replacing or unlinking the wallet starts the cooldown; linking the first one does not', async () => {
    const p = await linkedPlayer(); // linked for the first time: withdrawals stay open
    expect((await withdraw(p, {})).statusCode).toBe(201);
    ctx.clock.advance(1);
    await link(p); // another wallet replaces it
    expect((await withdraw(p, {})).json().error.code).toBe('WITHDRAW_COOLDOWN');

    const q = await linkedPlayer();
    const unlinked = await ctx.app.inject({ method: 'DELETE', url: '/api/wallet', headers: bearer(q.token) });
    expect(unlinked.json().data).toEqual({ unlinked: true });
    const res = await withdraw(q, { cryptoAddress: OTHER });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('WITHDRAW_COOLDOWN');
  });

  it('without a linked wallet, any address is paid with no password, as before', async () => {
    const p = await registerPlayer(ctx.app);
    await creditGogo(ctx, p.user.id, 1000);
    await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
    expect((await withdraw(p, { cryptoAddress: OTHER })).statusCode).toBe(201);
    expect((await withdraw(p, { cryptoAddress: OTHER })).statusCode).toBe(201);
    expect((await withdraw(p, {})).json().error.code).toBe('ADDRESS_REQUIRED');
  });
});
