import { decodeEventLog, TransactionReceiptNotFoundError, TransactionNotFoundError, type Hash } from 'viem';
import { chainText } from '@gogo/shared/messages';
import type { ChainCoin, ChainConfig } from '../../settings/chain.js';
import { TRANSFER_EVENT, type ChainReader } from './rpc.js';

const MINOR_DIGITS = 8n;

/** Minor units (1e-8) to the coin's base units: the exact amount a payout must move. */
export function toBaseFromMinor(amountUnits: number, decimals: number): bigint | null {
  const units = BigInt(amountUnits);
  const d = BigInt(decimals);
  if (d >= MINOR_DIGITS) return units * 10n ** (d - MINOR_DIGITS);
  const scale = 10n ** (MINOR_DIGITS - d);
  return units % scale === 0n ? units / scale : null;
}

export interface PayoutClaim {
  coin: ChainCoin;
  txHash: string;
  /** Where the player asked to be paid (any case). */
  to: string;
  /** The amount of the coin paid, in minor units (1e-8). */
  amountUnits: number;
}

const notFound = (err: unknown) =>
  err instanceof TransactionReceiptNotFoundError || err instanceof TransactionNotFoundError;

/**
 * Checks on chain that a payout transaction pays the requested address the requested amount, with the
 * confirmations: native value for ETH, the token's Transfer log for USDT and USDC. Answers null when it
 * does, else the reason (a sentence for the admin). Throws when the node cannot be asked.
 */
export async function payoutProblem(
  reader: ChainReader,
  config: ChainConfig,
  claim: PayoutClaim,
): Promise<string | null> {
  const hash = claim.txHash.toLowerCase() as Hash;
  const to = claim.to.toLowerCase();
  const decimals = claim.coin === 'ETH' ? 18 : config.tokens[claim.coin]?.decimals;
  const token = claim.coin === 'ETH' ? null : config.tokens[claim.coin];
  if (decimals === undefined || (claim.coin !== 'ETH' && !token)) return chainText.payoutTokenUnknown(claim.coin);
  const expected = toBaseFromMinor(claim.amountUnits, decimals);
  if (expected === null) return chainText.payoutAmountPrecision(claim.coin, decimals);
  let receipt;
  try {
    receipt = await reader.receipt(hash);
  } catch (err) {
    if (notFound(err)) return chainText.payoutNotFound;
    throw err;
  }
  if (receipt.status !== 'success') return chainText.payoutReverted;
  const confirmations = Number((await reader.head()) - receipt.blockNumber) + 1;
  if (confirmations < config.confirmations) return chainText.payoutUnconfirmed(confirmations, config.confirmations);
  if (!token) {
    const tx = await reader.transaction(hash);
    if (tx.to?.toLowerCase() !== to) return chainText.payoutWrongAddress(tx.to ?? 'a contract creation', claim.to);
    if (tx.value !== expected) return chainText.payoutWrongAmount(tx.value.toString(), expected.toString());
    return null;
  }
  const transfers = receipt.logs
    .filter((log) => log.address.toLowerCase() === token.address)
    .flatMap((log) => {
      try {
        return [decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics, strict: true }).args];
      } catch {
        return [];
      }
    });
  if (transfers.length === 0) return chainText.payoutNoTransfer(claim.coin);
  const toThem = transfers.filter((t) => t.to.toLowerCase() === to);
  if (toThem.length === 0) return chainText.payoutWrongAddress(transfers[0]!.to, claim.to);
  if (!toThem.some((t) => t.value === expected)) {
    return chainText.payoutWrongAmount(toThem[0]!.value.toString(), expected.toString());
  }
  return null;
}
