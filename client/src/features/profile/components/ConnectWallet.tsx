import { useState } from 'react';
import { linkedWalletText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { messageForError } from '../../../lib/api/errors';
import { usePublicConfig } from '../../../lib/siteConfig';
import { fetchWalletNonce, useLinkedWallet, useLinkWallet, useUnlinkWallet } from '../api/wallet';

/** The browser's EIP-1193 provider (an extension or a wallet app's browser), when there is one. */
interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}
const providerOf = (): Eip1193Provider | null => (globalThis as { ethereum?: Eip1193Provider }).ethereum ?? null;

const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * "Connect wallet": asks the browser's wallet for an account, has it sign a Sign-In with Ethereum
 * message (EIP-4361, built by viem/siwe, loaded on click) naming this site and a fresh nonce, and
 * sends both to the server, which checks them and links the address. Without a wallet in the
 * browser it says so plainly.
 */
export function ConnectWallet() {
  const linked = useLinkedWallet();
  const link = useLinkWallet();
  // The server accepts a message only for its own site (PUBLIC_URL), wherever this page is served from.
  const site = new URL(usePublicConfig().data?.publicUrl ?? window.location.origin);
  const unlink = useUnlinkWallet();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const address = linked.data?.wallet?.address ?? null;

  async function connect() {
    setProblem(null);
    const provider = providerOf();
    if (!provider) {
      setProblem(linkedWalletText.noProvider);
      return;
    }
    setBusy(true);
    try {
      const [account] = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
      if (!account) throw new Error('The wallet shared no account.');
      const chainId = Number.parseInt((await provider.request({ method: 'eth_chainId' })) as string, 16);
      const nonce = await fetchWalletNonce();
      const { createSiweMessage } = await import('viem/siwe');
      const message = createSiweMessage({
        address: account as `0x${string}`,
        chainId: nonce.chainId ?? chainId,
        domain: site.host,
        nonce: nonce.nonce,
        uri: site.origin,
        version: '1',
        statement: nonce.statement,
        issuedAt: new Date(),
        expirationTime: new Date(nonce.expiresAt),
      });
      const signature = (await provider.request({
        method: 'personal_sign',
        params: [utf8Hex(message), account],
      })) as string;
      await link.mutateAsync({ message, signature });
    } catch (err) {
      setProblem(messageForError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account-wallet" aria-label="Linked wallet" data-testid="linked-wallet">
      <h2>Your wallet</h2>
      {address ? (
        <>
          <p>
            Linked: <code data-testid="linked-address">{address}</code>. ETH, USDT and USDC withdrawals go here unless
            you give another address.
          </p>
          <button
            type="button"
            className="button button--ghost"
            disabled={unlink.isPending}
            onClick={() => unlink.mutate()}
          >
            Unlink wallet
          </button>
        </>
      ) : (
        <>
          <p>Link your Ethereum wallet by signing a message: no transaction, no fee.</p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void connect()}>
            {busy ? 'Waiting for your wallet…' : 'Connect wallet'}
          </button>
        </>
      )}
      {problem ? <Alert kind="error">{problem}</Alert> : null}
    </section>
  );
}
