import { describe, expect, it } from 'vitest';
import { createDrawer, createWordStream, drawInt } from '../../src/fairness/index.js';

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe('uniformity of the provably-fair draw', () => {
  it('rolls fair dice: chi-square over 120,000 dice (df = 5) is below the 0.001 critical value', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const rolls = 120_000;
    for (let nonce = 0; nonce < rolls; nonce += 1) {
      const die = createDrawer(SEED, 'chi-square', nonce).int(1, 6);
      counts[die - 1] = (counts[die - 1] ?? 0) + 1;
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(rolls);
    expect(chiSquare(counts)).toBeLessThan(20.515);
  });

  it('draws the CHANCE raw range (-200..200) uniformly: chi-square over 401 values', () => {
    const size = 401;
    const counts = Array.from({ length: size }, () => 0);
    // One long stream: 200,000 draws, about 499 per value.
    const stream = createWordStream(SEED, 'raw-range', 0);
    for (let i = 0; i < 200_000; i += 1) {
      const raw = drawInt(stream.next, -200, 200);
      counts[raw + 200] = (counts[raw + 200] ?? 0) + 1;
    }
    expect(counts.every((count) => count > 0)).toBe(true);
    // df = 400: the 0.001 critical value is about 493.0 (Wilson-Hilferty approximation).
    expect(chiSquare(counts)).toBeLessThan(493);
  });

  it('hits both ends of the JACKPOT range (300 and 1000) and nothing outside', () => {
    const stream = createWordStream(SEED, 'jackpot-range', 0);
    const seen = new Set<number>();
    for (let i = 0; i < 50_000; i += 1) seen.add(drawInt(stream.next, 300, 1000));
    expect(Math.min(...seen)).toBe(300);
    expect(Math.max(...seen)).toBe(1000);
    expect(seen.size).toBe(701);
  });
});
