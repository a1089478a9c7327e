import { describe, expect, it } from 'vitest';
import {
  clientSeedFromBytes,
  isValidClientSeed,
  isValidNonce,
  isValidSeedHash,
  isValidServerSeed,
  serverSeedFromBytes,
} from '../../src/fairness/index.js';

describe('seed validation', () => {
  it.each([
    ['a'.repeat(64), true],
    ['0123456789abcdef'.repeat(4), true],
    ['A'.repeat(64), false],
    ['a'.repeat(63), false],
    ['a'.repeat(65), false],
    ['g'.repeat(64), false],
    [` ${'a'.repeat(63)}`, false],
    ['', false],
  ])('server seed %j is valid: %s', (seed, valid) => {
    expect(isValidServerSeed(seed)).toBe(valid);
    expect(isValidSeedHash(seed)).toBe(valid);
  });

  it.each([
    ['a', true],
    [' ', true],
    ['~', true],
    ['my lucky seed 42!', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['', false],
    ['tab\there', false],
    ['new\nline', false],
    ['\u007f', false],
    ['café', false],
    ['🎲', false],
  ])('client seed %j is valid: %s', (seed, valid) => {
    expect(isValidClientSeed(seed)).toBe(valid);
  });

  it.each([
    [0, true],
    [1, true],
    [Number.MAX_SAFE_INTEGER, true],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [2 ** 53, false],
  ])('nonce %d is valid: %s', (nonce, valid) => {
    expect(isValidNonce(nonce)).toBe(valid);
  });
});

describe('seeds from random bytes (the caller brings the randomness)', () => {
  it('writes 32 bytes as a valid server seed', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    const seed = serverSeedFromBytes(bytes);
    expect(isValidServerSeed(seed)).toBe(true);
    expect(seed.slice(0, 8)).toBe('00070e15');
  });

  it('refuses anything but 32 bytes for a server seed', () => {
    expect(() => serverSeedFromBytes(new Uint8Array(31))).toThrow(RangeError);
  });

  it('writes a valid client seed of at most 64 characters', () => {
    expect(clientSeedFromBytes(new Uint8Array([1, 255]))).toBe('01ff');
    expect(clientSeedFromBytes(new Uint8Array(64))).toHaveLength(64);
    expect(isValidClientSeed(clientSeedFromBytes(new Uint8Array(16)))).toBe(true);
    expect(() => clientSeedFromBytes(new Uint8Array(0))).toThrow(RangeError);
  });
});
