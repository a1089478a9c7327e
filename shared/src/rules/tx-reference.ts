import type { CryptoType } from './money.js';

/**
 * The shape of an on-chain transaction id per coin: what a deposit's reference must look
 * like before an admin spends time looking for it. A shape check only; the admin still checks the chain.
 * BTC: 64 hex digits (a txid). ETH and its ERC-20 tokens: 0x and 64 hex digits. SOL: a base58
 * signature of 64 bytes, 80 to 90 characters.
 */
const TX_SHAPES: Record<CryptoType, RegExp> = {
  BTC: /^[0-9a-fA-F]{64}$/,
  ETH: /^0x[0-9a-fA-F]{64}$/,
  USDT: /^0x[0-9a-fA-F]{64}$/,
  USDC: /^0x[0-9a-fA-F]{64}$/,
  SOL: /^[1-9A-HJ-NP-Za-km-z]{80,90}$/,
};

export function isPlausibleTxReference(coin: CryptoType, value: string): boolean {
  return TX_SHAPES[coin].test(value.trim());
}
