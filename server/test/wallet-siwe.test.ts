import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { linkedWalletText } from '@gogo/shared/messages';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';

// Linked wallets by Sign-In with Ethereum (EIP-4361): every refusal names its reason.

// The site of PUBLIC_URL in the test config: what a message must name.
const HOST = 'localhost:3000';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function player() {
  const p = await registerPlayer(ctx.app);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, host = HOST) =>
    ctx.app.inject({ method, url, headers: { ...bearer(p.token), host }, ...(payload ? { payload } : {}) });
  return { ...p, call };
}

async function nonceOf(p: Awaited<ReturnType<typeof player>>): Promise<string> {
  const res = await p.call('GET', '/api/wallet/nonce');
  expect(res.statusCode).toBe(200);
  return res.json().data.nonce;
}

const account = () => privateKeyToAccount(generatePrivateKey());

function message(address: `0x${string}`, nonce: string, extra: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  return createSiweMessage({
    address,
    chainId: 1337,
    domain: HOST,
    nonce,
    uri: `http://${HOST}/profile`,
    version: '1',
    issuedAt: new Date(ctx.clock()),
    statement: linkedWalletText.statement,
    ...extra,
  });
}

async function signed(signer: ReturnType<typeof account>, msg: string) {
  return { message: msg, signature: await signer.signMessage({ message: msg }) };
}

describe('Sign-In with Ethereum', () => {
  it('links the wallet that signed, shows it, and unlinks it', async () => {
    const p = await player();
    const signer = account();
    const res = await p.call(
      'POST',
      '/api/wallet/link',
      await signed(signer, message(signer.address, await nonceOf(p))),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.address).toBe(signer.address); // EIP-55, as the wallet shows it
    expect((await p.call('GET', '/api/wallet')).json().data.wallet.address).toBe(signer.address);
    expect((await p.call('DELETE', '/api/wallet')).json().data).toEqual({ unlinked: true });
    expect((await p.call('GET', '/api/wallet')).json().data).toEqual({ wallet: null });
  });

  it('refuses a message signed by another address than it names', async () => {
    const p = await player();
    const named = account();
    const res = await p.call(
      'POST',
      '/api/wallet/link',
      await signed(account(), message(named.address, await nonceOf(p))),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'SIWE_BAD_SIGNATURE', message: linkedWalletText.badSignature });
  });

  it('refuses a replayed signature, also when both arrive at once', async () => {
    const p = await player();
    const signer = account();
    const body = await signed(signer, message(signer.address, await nonceOf(p)));
    const both = await Promise.all([
      p.call('POST', '/api/wallet/link', body),
      p.call('POST', '/api/wallet/link', body),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = await p.call('POST', '/api/wallet/link', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'SIWE_NONCE_USED', message: linkedWalletText.nonceUsed });
  });

  it('refuses a message for another domain', async () => {
    const p = await player();
    const signer = account();
    const body = await signed(signer, message(signer.address, await nonceOf(p), { domain: 'evil.test' }));
    const res = await p.call('POST', '/api/wallet/link', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'SIWE_WRONG_DOMAIN', message: linkedWalletText.wrongDomain(HOST) });
    // A forged Host header naming the message's domain changes nothing: the site is PUBLIC_URL's.
    const forged = await p.call('POST', '/api/wallet/link', body, 'evil.test');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toMatchObject({
      code: 'SIWE_WRONG_DOMAIN',
      message: linkedWalletText.wrongDomain(HOST),
    });
  });

  it("refuses a message whose URI is on another origin, whatever the request's Host", async () => {
    const p = await player();
    const signer = account();
    const body = await signed(signer, message(signer.address, await nonceOf(p), { uri: 'https://evil.test/profile' }));
    const res = await p.call('POST', '/api/wallet/link', body, 'evil.test');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SIWE_WRONG_DOMAIN');
    // The same site's message sent with any Host header links: the request's Host plays no part.
    const good = await signed(signer, message(signer.address, await nonceOf(p)));
    expect((await p.call('POST', '/api/wallet/link', good, 'evil.test')).statusCode).toBe(200);
  });

  it('refuses an expired nonce, an unknown one and one of another player', async () => {
    const p = await player();
    const other = await player();
    const signer = account();
    const stale = await nonceOf(p);
    ctx.clock.advance(10 * 60_000 + 1);
    const expired = await p.call('POST', '/api/wallet/link', await signed(signer, message(signer.address, stale)));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({ code: 'SIWE_NONCE_EXPIRED', message: linkedWalletText.nonceExpired });
    const unknown = await p.call(
      'POST',
      '/api/wallet/link',
      await signed(signer, message(signer.address, 'abcdefgh12345678')),
    );
    expect(unknown.json().error.code).toBe('SIWE_NONCE_UNKNOWN');
    const theirs = await nonceOf(other);
    const stolen = await p.call('POST', '/api/wallet/link', await signed(signer, message(signer.address, theirs)));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('SIWE_NONCE_UNKNOWN');
  });

  it('refuses a message outside its own times, and text that is not a SIWE message', async () => {
    const p = await player();
    const signer = account();
    const late = message(signer.address, await nonceOf(p), { expirationTime: new Date(ctx.clock() - 1000) });
    const res1 = await p.call('POST', '/api/wallet/link', await signed(signer, late));
    expect(res1.json().error).toMatchObject({ code: 'SIWE_EXPIRED', message: linkedWalletText.messageExpired });
    const early = message(signer.address, await nonceOf(p), { notBefore: new Date(ctx.clock() + 60_000) });
    const res2 = await p.call('POST', '/api/wallet/link', await signed(signer, early));
    expect(res2.json().error).toMatchObject({ code: 'SIWE_NOT_YET_VALID', message: linkedWalletText.notYetValid });
    const res3 = await p.call('POST', '/api/wallet/link', await signed(signer, 'please link me'));
    expect(res3.statusCode).toBe(400);
    expect(res3.json().error.code).toBe('SIWE_INVALID_MESSAGE');
  });

  it('links one wallet to one account', async () => {
    const a = await player();
    const b = await player();
    const signer = account();
    expect(
      (await a.call('POST', '/api/wallet/link', await signed(signer, message(signer.address, await nonceOf(a)))))
        .statusCode,
    ).toBe(200);
    const res = await b.call(
      'POST',
      '/api/wallet/link',
      await signed(signer, message(signer.address, await nonceOf(b))),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'WALLET_TAKEN', message: linkedWalletText.addressTaken });
  });

  it('needs a signed-in player', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/wallet/nonce' });
    expect(res.statusCode).toBe(401);
  });
});
