import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

const BYTES_PER_WORD = 4;

/** Block r of a roll's byte stream: HMAC-SHA256(key = server seed string, message = `client:nonce:r`). */
export function hmacBlock(serverSeed: string, clientSeed: string, nonce: number, r: number): Uint8Array {
  return hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`${clientSeed}:${nonce}:${r}`));
}

/** Big-endian uint32 words of a roll's blocks, in order (8 words per block). */
export interface WordStream {
  /** The next word; a plain function so it can be passed around unbound. */
  readonly next: () => number;
  /** How many words have been taken so far. */
  readonly wordsUsed: () => number;
}

export function createWordStream(serverSeed: string, clientSeed: string, nonce: number): WordStream {
  let block: Uint8Array = new Uint8Array(0);
  let blockIndex = 0;
  let offset = 0;
  let used = 0;

  const next = (): number => {
    if (offset >= block.length) {
      block = hmacBlock(serverSeed, clientSeed, nonce, blockIndex);
      blockIndex += 1;
      offset = 0;
    }
    const word = readUint32BE(block, offset);
    offset += BYTES_PER_WORD;
    used += 1;
    return word;
  };

  return { next, wordsUsed: () => used };
}

function readUint32BE(bytes: Uint8Array, offset: number): number {
  // DataView keeps this byte-order-explicit and free of Node's Buffer.
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, false);
}
