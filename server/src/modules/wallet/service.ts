import { WalletErrorCode, type LinkedWallet, type WalletNonce } from '@gogo/shared/api';
import { linkedWalletText as t } from '@gogo/shared/messages';
import { getAddress, verifyMessage } from 'viem';
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { startPayoutAddressCooldown } from '../withdrawal-rules/index.js';
import { walletRepo as repo } from './repo.js';

/** How long a Sign-In with Ethereum nonce may be used. */
export const NONCE_TTL_MS = 10 * 60_000;

const refused = (status: number, code: string, message: string) => new AppError(status, code, message);

export interface WalletDeps {
  database: Database;
  clock: Clock;
  /** The chain the messages must name, once known (null: any chain, the chain settings are unset). */
  chainId: () => Promise<number | null>;
  /** PUBLIC_URL: the site a message must name (its host as the domain, its origin as the URI's). */
  publicUrl: string;
}

/** The message's URI is on the site's origin; a URI that does not parse is on none. */
function sameOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Linked wallets by Sign-In with Ethereum (EIP-4361, parsed by viem/siwe): the player asks for a nonce,
 * signs a message naming this site, the nonce and their address, and the server checks the message
 * before the signature, then spends the nonce and links the address in one transaction.
 */
export function createWalletService(deps: WalletDeps) {
  const { database, clock } = deps;
  // Bound to the site, never to the request's Host header: a forged Host cannot make another site's
  // signed message (or one made for a phishing copy) link a wallet here.
  const site = new URL(deps.publicUrl);

  async function checkNonce(nonce: string, userId: number, now: number) {
    const row = await repo.nonce(database.read, nonce);
    if (!row || row.userId !== userId) throw refused(400, WalletErrorCode.SIWE_NONCE_UNKNOWN, t.nonceUnknown);
    if (row.usedAt !== null) throw refused(409, WalletErrorCode.SIWE_NONCE_USED, t.nonceUsed);
    if (row.expiresAt <= now) throw refused(400, WalletErrorCode.SIWE_NONCE_EXPIRED, t.nonceExpired);
  }

  return {
    async nonce(userId: number): Promise<WalletNonce> {
      const now = clock();
      const nonce = generateSiweNonce();
      const expiresAt = now + NONCE_TTL_MS;
      await database.write(async (tx) => {
        await repo.pruneNonces(tx, now - NONCE_TTL_MS);
        await repo.addNonce(tx, nonce, userId, expiresAt);
      });
      return {
        nonce,
        expiresAt: new Date(expiresAt).toISOString(),
        chainId: await deps.chainId().catch(() => null),
        statement: t.statement,
      };
    },

    /** The message must name this site (PUBLIC_URL) as its domain and the URI's origin. */
    async link(userId: number, body: { message: string; signature: string }): Promise<LinkedWallet> {
      const now = clock();
      const fields = parseSiweMessage(body.message);
      if (!fields.address || !fields.nonce || !fields.domain || !fields.uri || fields.version !== '1') {
        throw refused(400, WalletErrorCode.SIWE_INVALID_MESSAGE, t.messageInvalid);
      }
      if (fields.domain.toLowerCase() !== site.host.toLowerCase() || !sameOrigin(fields.uri, site.origin)) {
        throw refused(400, WalletErrorCode.SIWE_WRONG_DOMAIN, t.wrongDomain(site.host));
      }
      const chainId = await deps.chainId().catch(() => null);
      if (chainId !== null && fields.chainId !== chainId) {
        throw refused(400, WalletErrorCode.SIWE_WRONG_CHAIN, t.wrongChain(chainId));
      }
      await checkNonce(fields.nonce, userId, now);
      if (fields.notBefore && fields.notBefore.getTime() > now) {
        throw refused(400, WalletErrorCode.SIWE_NOT_YET_VALID, t.notYetValid);
      }
      if (fields.expirationTime && fields.expirationTime.getTime() <= now) {
        throw refused(400, WalletErrorCode.SIWE_EXPIRED, t.messageExpired);
      }
      const valid = await verifyMessage({
        address: fields.address,
        message: body.message,
        signature: body.signature as `0x${string}`,
      }).catch(() => false);
      if (!valid) throw refused(400, WalletErrorCode.SIWE_BAD_SIGNATURE, t.badSignature);
      const address = fields.address.toLowerCase();
      try {
        await database.write(async (tx) => {
          if (!(await repo.useNonce(tx, fields.nonce!, userId, now))) {
            throw refused(409, WalletErrorCode.SIWE_NONCE_USED, t.nonceUsed);
          }
          // Replacing a linked wallet moves where payouts go by default: it cools down like a new address.
          const before = await repo.link(tx, userId);
          if (before && before.address !== address) await startPayoutAddressCooldown(tx, userId, now);
          await repo.saveLink(tx, userId, address, now);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw refused(409, WalletErrorCode.WALLET_TAKEN, t.addressTaken);
        throw err;
      }
      // Stored in lower case (one wallet, one account, whatever its case); shown with its EIP-55 checksum.
      return { address: getAddress(address), linkedAt: new Date(now).toISOString() };
    },

    async get(userId: number): Promise<LinkedWallet | null> {
      const row = await repo.link(database.read, userId);
      return row ? { address: getAddress(row.address), linkedAt: new Date(row.linkedAt).toISOString() } : null;
    },

    /** The linked address (lower case), or null: what withdrawals default to. */
    linkedAddress: async (userId: number) => (await repo.link(database.read, userId))?.address ?? null,

    /** Unlinking lets the next payout go anywhere without the password: it starts the cooldown too. */
    async unlink(userId: number): Promise<boolean> {
      const now = clock();
      return database.write(async (tx) => {
        if ((await repo.unlink(tx, userId)) !== 1) return false;
        await startPayoutAddressCooldown(tx, userId, now);
        return true;
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
