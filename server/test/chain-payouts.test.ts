import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { chainText, linkedWalletText, treasuryText } from '@gogo/shared/messages';
import { DEFAULT_PRICE_TABLE, defaultPriceConfig } from '../src/settings/index.js';
import { createAdminSession } from './admin-helpers.js';
import { chainConfig, startTestChain, type TestChain } from './chain-helpers.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { creditGogo, makeEligibleToWithdraw } from './money-helpers.js';

// Payouts checked on chain when an admin marks an ETH, USDT or USDC withdrawal paid; linked wallets
// as the default payout address; the chain a SIWE message must name.

const CHAIN_PORT = 8572;
const CONFIRMATIONS = 2;
let chain: TestChain;
let ctx: TestContext;
let usdc: `0x${string}`;
let admin: Awaited<ReturnType<typeof createAdminSession>>;

beforeAll(async () => {
  chain = await startTestChain(CHAIN_PORT);
  try {
    usdc = await chain.deployToken('USDC', 6);
    // The watcher is not under test here: one poll at start, then rarely.
    // 100 GOGO at the redemption price ($0.10) is $10: 0.05 ETH at $200, 10 USDC.
    ctx = await createTestApp({
      prices: { ...defaultPriceConfig(), table: { ...DEFAULT_PRICE_TABLE, eth: 200 } },
      chain: chainConfig(
        chain.url,
        { USDC: { address: usdc, decimals: 6 } },
        { confirmations: CONFIRMATIONS, pollMs: 600_000 },
      ),
    });
    admin = await createAdminSession(ctx);
  } catch (err) {
    await chain.stop();
    throw err;
  }
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await chain?.stop();
});

async function withdrawal(coin: string, cryptoAddress: string | undefined, token?: string) {
  const p = token ? null : await registerPlayer(ctx.app);
  const bearerToken = token ?? p!.token;
  if (p) {
    await creditGogo(ctx, p.user.id, 1000);
    await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
  }
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/credits/withdrawal-request',
    headers: bearer(bearerToken),
    payload: { amount: 100, cryptoType: coin, ...(cryptoAddress === undefined ? {} : { cryptoAddress }), note: '' },
  });
  return { res, id: res.json().data?.transactionId as number, player: p };
}

const markPaid = (transactionId: number, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/approve-withdrawal',
    headers: bearer(admin.token),
    payload: { transactionId, adminNote: 'paid', ...body },
  });

const fresh = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase();

describe('payouts checked on chain', () => {
  it('marks an ETH withdrawal paid once the chain shows it paying that address that amount', async () => {
    const to = fresh();
    const { id } = await withdrawal('ETH', to);
    const hash = await chain.sendEth(1, to, parseEther('0.05'));
    const early = await markPaid(id, { transactionHash: hash, cryptoAmount: '0.05' });
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toMatchObject({
      code: 'PAYOUT_NOT_VERIFIED',
      message: chainText.payoutUnconfirmed(1, CONFIRMATIONS),
    });
    await chain.mine(1);
    // The payout is the quote at today's price: an amount away from it is refused before the chain is asked.
    const wrongAmount = await markPaid(id, { transactionHash: hash, cryptoAmount: '0.06' });
    expect(wrongAmount.json().error).toMatchObject({
      code: 'PAYOUT_NOT_QUOTED',
      message: treasuryText.notQuoted('0.06', '0.05000000', 'ETH'),
    });
    const paid = await markPaid(id, { transactionHash: hash, cryptoAmount: '0.05' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.transaction.status).toBe('completed');
    // The same transaction cannot pay a second withdrawal to that address.
    const { id: second } = await withdrawal('ETH', to);
    const reused = await markPaid(second, { transactionHash: hash, cryptoAmount: '0.05' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toMatchObject({ code: 'PAYOUT_HASH_USED', message: chainText.payoutHashUsed });
  });

  it('refuses a transaction to another address, an unknown hash, and no hash at all', async () => {
    const { id } = await withdrawal('ETH', fresh());
    const elsewhere = fresh();
    const hash = await chain.sendEth(1, elsewhere, parseEther('0.05'));
    await chain.mine(CONFIRMATIONS);
    // Without a stated amount, the quote (0.05 ETH) is what the chain must show.
    const wrong = await markPaid(id, { transactionHash: hash });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toContain(elsewhere);
    const unknown = await markPaid(id, { transactionHash: `0x${'12'.repeat(32)}` });
    expect(unknown.json().error).toMatchObject({ code: 'PAYOUT_NOT_VERIFIED', message: chainText.payoutNotFound });
    const none = await markPaid(id, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      code: 'PAYOUT_HASH_REQUIRED',
      message: chainText.payoutHashRequired('ETH'),
    });
    // Still pending after every refusal.
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/reject-withdrawal',
      headers: bearer(admin.token),
      payload: { transactionId: id, reason: 'test over' },
    });
    expect(rejected.statusCode).toBe(200);
  });

  it('checks a USDC payout by its Transfer log', async () => {
    const to = fresh();
    const { id } = await withdrawal('USDC', to);
    const tooMuch = await chain.sendToken(usdc, 0, to, 12_500_000n); // 12.5 USDC for a $10 quote
    const hash = await chain.sendToken(usdc, 0, to, 10_000_000n); // 10 USDC
    await chain.mine(CONFIRMATIONS);
    const wrong = await markPaid(id, { transactionHash: tooMuch });
    expect(wrong.json().error).toMatchObject({
      code: 'PAYOUT_NOT_VERIFIED',
      message: chainText.payoutWrongAmount('12500000', '10000000'),
    });
    const notToken = await markPaid(id, { transactionHash: await chain.sendEth(1, to, 1n), cryptoAmount: '10' });
    expect(notToken.json().error.code).toBe('PAYOUT_NOT_VERIFIED');
    expect((await markPaid(id, { transactionHash: hash, cryptoAmount: '10' })).statusCode).toBe(200);
  });
});

describe('linked wallets and the chain', () => {
  // The site of PUBLIC_URL in the test config: what a message must name.
  const host = 'localhost:3000';
  async function link(token: string, signer = privateKeyToAccount(generatePrivateKey()), chainId = 1337) {
    const nonce = (await ctx.app.inject({ url: '/api/wallet/nonce', headers: bearer(token) })).json().data;
    expect(nonce.chainId).toBe(1337);
    const message = createSiweMessage({
      address: signer.address,
      chainId,
      domain: host,
      nonce: nonce.nonce,
      uri: `http://${host}`,
      version: '1',
      issuedAt: new Date(ctx.clock()),
    });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/link',
      headers: { ...bearer(token), host },
      payload: { message, signature: await signer.signMessage({ message }) },
    });
  }

  it('refuses a message that names another chain', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await link(p.token, undefined, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'SIWE_WRONG_CHAIN', message: linkedWalletText.wrongChain(1337) });
  });

  it('sends ETH and USDC withdrawals to the linked wallet when no address is given', async () => {
    const p = await registerPlayer(ctx.app);
    await creditGogo(ctx, p.user.id, 1000);
    await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
    const signer = privateKeyToAccount(generatePrivateKey());
    expect((await link(p.token, signer)).statusCode).toBe(200);
    const { res } = await withdrawal('ETH', undefined, p.token);
    expect(res.statusCode).toBe(201);
    const list = (await ctx.app.inject({ url: '/api/credits/transactions', headers: bearer(p.token) })).json().data;
    // Shown checksummed (EIP-55).
    expect(list.transactions[0].metadata.cryptoAddress).toBe(signer.address);
    // SOL has no linked wallet: the address is still required.
    expect((await withdrawal('SOL', undefined, p.token)).res.statusCode).toBe(400);
  });
});
