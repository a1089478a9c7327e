import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDrawer, drawerFromStream, drawInt, type WordStream } from '../../src/fairness/index.js';

/** A word stream that returns the given words in order. */
function words(...values: number[]): WordStream & { remaining: () => number } {
  let used = 0;
  return {
    next: () => {
      const value = values[used];
      if (value === undefined) throw new Error('Word stream exhausted');
      used += 1;
      return value;
    },
    wordsUsed: () => used,
    remaining: () => values.length - used,
  };
}

const TWO_32 = 2 ** 32;

describe('drawInt', () => {
  it('maps a word to min + (w mod n)', () => {
    expect(drawInt(words(0).next, 1, 6)).toBe(1);
    expect(drawInt(words(5).next, 1, 6)).toBe(6);
    expect(drawInt(words(6).next, 1, 6)).toBe(1);
    expect(drawInt(words(0x324cb61a).next, 1, 6)).toBe(1 + (0x324cb61a % 6));
    expect(drawInt(words(0).next, -200, 200)).toBe(-200);
    expect(drawInt(words(400).next, -200, 200)).toBe(200);
    expect(drawInt(words(401).next, -200, 200)).toBe(-200);
  });

  it('accepts the last word below the limit and rejects the first word at it', () => {
    // n = 6: limit = floor(2^32 / 6) * 6 = 4294967292.
    const limit = Math.floor(TWO_32 / 6) * 6;
    expect(limit).toBe(4_294_967_292);
    expect(drawInt(words(limit - 1).next, 1, 6)).toBe(1 + ((limit - 1) % 6));
    const stream = words(limit, 3);
    expect(drawInt(stream.next, 1, 6)).toBe(4);
    expect(stream.wordsUsed()).toBe(2);
  });

  it('rejects every word in the biased tail and takes the next acceptable one', () => {
    const limit = Math.floor(TWO_32 / 6) * 6;
    const stream = words(limit, limit + 1, limit + 2, TWO_32 - 1, 10);
    expect(drawInt(stream.next, 1, 6)).toBe(1 + (10 % 6));
    expect(stream.wordsUsed()).toBe(5);
  });

  it('rejects in a wide range too (n = 701, raw jackpot)', () => {
    const n = 701;
    const limit = Math.floor(TWO_32 / n) * n;
    const stream = words(TWO_32 - 1, limit, limit - 1);
    expect(drawInt(stream.next, 300, 1000)).toBe(300 + ((limit - 1) % n));
    expect(stream.wordsUsed()).toBe(3);
  });

  it('never rejects when n divides 2^32', () => {
    expect(drawInt(words(TWO_32 - 1).next, 0, 1)).toBe(1);
    expect(drawInt(words(TWO_32 - 1).next, 0, 255)).toBe(255);
    expect(drawInt(words(TWO_32 - 1).next, 0, TWO_32 - 1)).toBe(TWO_32 - 1);
  });

  it('still takes one word for a single-value range, and n = 1 never rejects', () => {
    const stream = words(TWO_32 - 1);
    expect(drawInt(stream.next, 200, 200)).toBe(200);
    expect(stream.wordsUsed()).toBe(1);
  });

  it('refuses invalid ranges and words', () => {
    expect(() => drawInt(words(0).next, 6, 1)).toThrow(RangeError);
    expect(() => drawInt(words(0).next, 0.5, 2)).toThrow(RangeError);
    expect(() => drawInt(words(0).next, 0, TWO_32)).toThrow(RangeError);
    expect(() => drawInt(words(-1).next, 1, 6)).toThrow(RangeError);
    expect(() => drawInt(words(TWO_32).next, 1, 6)).toThrow(RangeError);
    expect(() => drawInt(words(1.5).next, 1, 6)).toThrow(RangeError);
  });

  it('always lands in [min, max] for any word and range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.nat({ max: TWO_32 - 1 }), { minLength: 1, maxLength: 1 }),
        (min, width, [word]) => {
          const max = min + width;
          const n = width + 1;
          const limit = Math.floor(TWO_32 / n) * n;
          // Follow a possibly rejected word with 0, which is always accepted.
          const value = drawInt(words(word ?? 0, 0).next, min, max);
          expect(value).toBeGreaterThanOrEqual(min);
          expect(value).toBeLessThanOrEqual(max);
          expect(value).toBe((word ?? 0) < limit ? min + ((word ?? 0) % n) : min);
        },
      ),
    );
  });
});

describe('drawers', () => {
  const seed = '8b364ce1e4ba1e4ee4178a7afcbc0f3719017329c7f004ed1fb324b93b2eb705';

  it('counts the words used, rejected ones included', () => {
    const limit = Math.floor(TWO_32 / 6) * 6;
    const drawer = drawerFromStream(words(limit, 2, 7));
    expect(drawer.int(1, 6)).toBe(3);
    expect(drawer.int(0, 9)).toBe(7);
    expect(drawer.wordsUsed()).toBe(3);
  });

  it('uses one word per draw from the HMAC stream in the usual case', () => {
    const drawer = createDrawer(seed, 'lucky-client', 0);
    expect(drawer.int(1, 6)).toBe(5);
    expect(drawer.int(50, 150)).toBeGreaterThanOrEqual(50);
    expect(drawer.wordsUsed()).toBe(2);
  });

  it('refuses seeds and nonces that the rules do not allow', () => {
    expect(() => createDrawer('A'.repeat(64), 'c', 0)).toThrow(RangeError);
    expect(() => createDrawer(seed, '', 0)).toThrow(RangeError);
    expect(() => createDrawer(seed, 'c'.repeat(65), 0)).toThrow(RangeError);
    expect(() => createDrawer(seed, 'c', -1)).toThrow(RangeError);
    expect(() => createDrawer(seed, 'c', 0.5)).toThrow(RangeError);
  });
});
