import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { createWordStream, hashServerSeed, hmacBlock } from '../../src/fairness/index.js';

/**
 * An independent reference: node:crypto. shared/ compiles without Node types on purpose (its code
 * also runs in browsers), so the module is loaded untyped and given only the types used here.
 */
interface NodeCrypto {
  createHash(algorithm: 'sha256'): { update(data: string, encoding: 'utf8'): { digest(encoding: 'hex'): string } };
  createHmac(
    algorithm: 'sha256',
    key: string,
  ): { update(data: string, encoding: 'utf8'): { digest(encoding: 'hex'): string } };
}
const nodeCryptoSpecifier = 'node:crypto';
const nodeCrypto = (await import(nodeCryptoSpecifier)) as NodeCrypto;

const referenceHash = (seed: string) => nodeCrypto.createHash('sha256').update(seed, 'utf8').digest('hex');
const referenceBlock = (serverSeed: string, clientSeed: string, nonce: number, r: number) =>
  nodeCrypto.createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${r}`, 'utf8').digest('hex');

/** Pinned vector, computed once with node:crypto and kept literal so a change of algorithm shows. */
const SEED_A = '8b364ce1e4ba1e4ee4178a7afcbc0f3719017329c7f004ed1fb324b93b2eb705';
const CLIENT_A = 'lucky-client';

const SEEDS = [
  SEED_A,
  '0000000000000000000000000000000000000000000000000000000000000000',
  'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
];
const CLIENT_SEEDS = ['lucky-client', ' ', '~!@#$%^&*()_+{}|:"<>?`-=[]\\;\',./', 'x'.repeat(64)];

describe('hashServerSeed', () => {
  it('pins the SHA-256 of seed A', () => {
    expect(hashServerSeed(SEED_A)).toBe('d27f6749ba6fa6da0d1bc4088b27f9a44bd9454dea2451b6eb9c95639e47550d');
  });

  it('hashes the seed string as UTF-8 text, not as hex bytes (as node:crypto does)', () => {
    for (const seed of [...SEEDS, '', 'not hex: é ✓']) expect(hashServerSeed(seed)).toBe(referenceHash(seed));
  });

  it('gives the empty-string digest for an empty string', () => {
    expect(hashServerSeed('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('hmacBlock', () => {
  it('pins blocks 0 and 1 of seed A, client seed lucky-client, nonce 0', () => {
    expect(bytesToHex(hmacBlock(SEED_A, CLIENT_A, 0, 0))).toBe(
      '324cb61afac986e9bc170eb1f9ead8fad1c304e37d935826b5add32fb1e988c7',
    );
    expect(bytesToHex(hmacBlock(SEED_A, CLIENT_A, 0, 1))).toBe(
      '6a75767f007cce49f8bd83febb18a3f08bba9487fdf08277ca9757535a8d2cda',
    );
  });

  it('matches node:crypto HMAC-SHA256(key = seed string, message = client:nonce:r)', () => {
    for (const serverSeed of SEEDS) {
      for (const clientSeed of CLIENT_SEEDS) {
        for (const [nonce, r] of [
          [0, 0],
          [0, 1],
          [1, 0],
          [41, 3],
          [9_007_199_254_740_991, 0],
        ] as const) {
          expect(bytesToHex(hmacBlock(serverSeed, clientSeed, nonce, r))).toBe(
            referenceBlock(serverSeed, clientSeed, nonce, r),
          );
        }
      }
    }
  });
});

describe('createWordStream', () => {
  it('reads blocks as big-endian uint32 words, block after block', () => {
    const stream = createWordStream(SEED_A, CLIENT_A, 0);
    const words = Array.from({ length: 16 }, () => stream.next());
    const expectedHex = referenceBlock(SEED_A, CLIENT_A, 0, 0) + referenceBlock(SEED_A, CLIENT_A, 0, 1);
    const expected = Array.from({ length: 16 }, (_, i) => Number.parseInt(expectedHex.slice(i * 8, i * 8 + 8), 16));
    expect(words).toEqual(expected);
    expect(words.slice(0, 2)).toEqual([0x324cb61a, 0xfac986e9]);
    expect(stream.wordsUsed()).toBe(16);
  });

  it('continues into block 2 and beyond', () => {
    const stream = createWordStream(SEED_A, CLIENT_A, 7);
    for (let i = 0; i < 16; i += 1) stream.next();
    expect(stream.next()).toBe(Number.parseInt(referenceBlock(SEED_A, CLIENT_A, 7, 2).slice(0, 8), 16));
  });

  it('gives different streams for different nonces and client seeds', () => {
    const first = (server: string, client: string, nonce: number) => createWordStream(server, client, nonce).next();
    expect(first(SEED_A, CLIENT_A, 0)).not.toBe(first(SEED_A, CLIENT_A, 1));
    expect(first(SEED_A, CLIENT_A, 0)).not.toBe(first(SEED_A, 'other', 0));
  });
});
