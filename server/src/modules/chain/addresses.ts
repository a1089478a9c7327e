import { HDKey } from '@scure/bip32';
import { publicKeyToAddress } from 'viem/accounts';
import { bytesToHex } from 'viem';
import { secp256k1 } from '@noble/curves/secp256k1';

/** The largest non-hardened child index (BIP-32): a player id above it has no address of its own. */
export const MAX_CHILD_INDEX = 0x7fff_ffff;

/**
 * Derives players' deposit addresses from the account-level extended public key: the child m/0/i
 * (external chain, index i) of DEPOSIT_XPUB, the path wallets use under m/44'/60'/0'. Watch-only:
 * only public keys are derived, so the server can receive but never spend.
 */
export function createAddressDeriver(xpub: string) {
  const external = HDKey.fromExtendedKey(xpub).deriveChild(0);
  return (index: number): `0x${string}` => {
    if (!Number.isSafeInteger(index) || index < 0 || index > MAX_CHILD_INDEX) {
      throw new Error(`no deposit address for index ${index}`);
    }
    const child = external.deriveChild(index);
    if (!child.publicKey) throw new Error('the extended key has no public key');
    // BIP-32 keeps public keys compressed; an Ethereum address hashes the uncompressed point.
    const uncompressed = secp256k1.ProjectivePoint.fromHex(child.publicKey).toRawBytes(false);
    return publicKeyToAddress(bytesToHex(uncompressed)).toLowerCase() as `0x${string}`;
  };
}

export type AddressDeriver = ReturnType<typeof createAddressDeriver>;
