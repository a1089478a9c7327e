import { WalletErrorCode } from '@gogo/shared/api';
import { linkedWalletText } from '@gogo/shared/messages';
import { CHAIN_COINS } from '@gogo/shared/rules';
import { AppError } from '../../lib/errors.js';

/** The coins a linked (EVM) wallet can receive. */
const LINKED_WALLET_COINS = new Set<string>(CHAIN_COINS);

/** What withdrawals ask of linked wallets and of the account. */
export interface LinkedPayouts {
  /** The player's linked wallet (lower case), or null. */
  linkedAddress(userId: number): Promise<string | null>;
  /** Refuses a missing or wrong password (403), or too many wrong ones (429). */
  confirmPassword(userId: number, password: string): Promise<void>;
}

/**
 * Where an ETH, USDT or USDC payout goes by default: the linked wallet (lower case); null for other
 * coins, or when no wallet is linked (the player then always types the address).
 */
export async function linkedPayoutAddress(
  wallets: LinkedPayouts | undefined,
  userId: number,
  coin: unknown,
): Promise<string | null> {
  if (!wallets || typeof coin !== 'string' || !LINKED_WALLET_COINS.has(coin)) return null;
  return wallets.linkedAddress(userId);
}

/**
 * A payout to an address other than the linked wallet needs the account's password again (a stolen
 * session alone cannot redirect money). True when the input's address is such another address: the caller then
 * starts the payout address cooldown in the withdrawal's transaction.
 */
export async function confirmOtherPayoutAddress(
  wallets: LinkedPayouts | undefined,
  userId: number,
  linked: string | null,
  input: { cryptoAddress?: string | null; currentPassword?: string | null },
): Promise<boolean> {
  const address = (input.cryptoAddress ?? '').trim().toLowerCase();
  if (!wallets || linked === null || address === linked) return false;
  const password = input.currentPassword;
  if (!password) {
    throw new AppError(403, WalletErrorCode.PASSWORD_REQUIRED, linkedWalletText.otherAddressNeedsPassword, {
      field: 'currentPassword',
      linkedAddress: linked,
    });
  }
  await wallets.confirmPassword(userId, password);
  return true;
}
