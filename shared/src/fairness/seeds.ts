import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const SERVER_SEED_BYTES = 32;
export const CLIENT_SEED_MAX_LENGTH = 64;

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
const SEED_HASH_PATTERN = /^[0-9a-f]{64}$/;
// Printable ASCII, space (0x20) to tilde (0x7E).
const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;

/** The commitment shown before play: lower-case hex SHA-256 of the seed string's UTF-8 bytes. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** A server seed is 32 bytes written as 64 lower-case hex characters. */
export function isValidServerSeed(serverSeed: string): boolean {
  return SERVER_SEED_PATTERN.test(serverSeed);
}

export function isValidSeedHash(hash: string): boolean {
  return SEED_HASH_PATTERN.test(hash);
}

/** A client seed is 1 to 64 printable ASCII characters (0x20..0x7E). */
export function isValidClientSeed(clientSeed: string): boolean {
  return CLIENT_SEED_PATTERN.test(clientSeed);
}

/** A nonce counts rolls from 0. */
export function isValidNonce(nonce: number): boolean {
  return Number.isSafeInteger(nonce) && nonce >= 0;
}

/**
 * Turns 32 random bytes (from crypto.getRandomValues or node:crypto, which the caller owns: this
 * module has no randomness) into a server seed.
 */
export function serverSeedFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== SERVER_SEED_BYTES) {
    throw new RangeError(`A server seed needs ${SERVER_SEED_BYTES} bytes, got ${bytes.length}`);
  }
  return bytesToHex(bytes);
}

/** A default client seed from random bytes: their hex, at most 64 characters. */
export function clientSeedFromBytes(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new RangeError('A client seed needs at least one byte');
  return bytesToHex(bytes).slice(0, CLIENT_SEED_MAX_LENGTH);
}
