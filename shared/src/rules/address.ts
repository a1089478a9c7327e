import type { CryptoType } from './money.js';

/** Why a payout address is refused: missing, or not the shape of an address of that coin. */
export type AddressProblem = 'required' | 'format';

const BASE58 = '1-9A-HJ-NP-Za-km-z';
const BECH32 = '02-9ac-hj-np-z';
const EVM = [/^0x[0-9a-fA-F]{40}$/];

/**
 * The accepted shapes per coin. Shapes, not checksums: the check catches an address of the wrong
 * coin or a truncated paste; the admin still pays by hand and checks the chain. USDT and USDC are
 * paid as ERC-20 tokens on Ethereum (CHANGELOG.md).
 */
export const PAYOUT_ADDRESS_SHAPES: Readonly<Record<CryptoType, readonly RegExp[]>> = {
  // bech32 / bech32m (bc1q... 42 or 62 characters, bc1p... 62) or legacy base58 P2PKH (1...) / P2SH (3...).
  BTC: [new RegExp(`^bc1[${BECH32}]{39,59}$`), new RegExp(`^[13][${BASE58}]{25,34}$`)],
  ETH: EVM,
  USDT: EVM,
  USDC: EVM,
  // A base58 ed25519 public key: 32 to 44 characters.
  SOL: [new RegExp(`^[${BASE58}]{32,44}$`)],
};

/** Null when `address` has the shape of a `crypto` payout address; bech32 may be all upper case. */
export function payoutAddressProblem(crypto: CryptoType, address: string | null | undefined): AddressProblem | null {
  const trimmed = (address ?? '').trim();
  if (trimmed === '') return 'required';
  const candidates = trimmed === trimmed.toUpperCase() ? [trimmed, trimmed.toLowerCase()] : [trimmed];
  const shapes = PAYOUT_ADDRESS_SHAPES[crypto];
  const ok = candidates.some((c) => shapes.some((shape) => shape.test(c) && (c === trimmed || c.startsWith('bc1'))));
  return ok ? null : 'format';
}
