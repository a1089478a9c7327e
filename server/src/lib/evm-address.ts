import { getAddress } from 'viem';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * An Ethereum address as it is shown and returned: EIP-55 mixed case, whose letters carry a checksum
 * that wallets verify on paste. Stored addresses stay lower case (they are compared that way); any
 * other text (a BTC or SOL address, null) passes unchanged.
 */
export function checksummed<T extends string | null | undefined>(address: T): T {
  if (typeof address !== 'string' || !EVM_ADDRESS.test(address)) return address;
  return getAddress(address.toLowerCase()) as T;
}
