import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDrawer, createWordStream } from '@gogo/shared/fairness';
import { createNodeDrawer, nodeWordStream } from '../src/modules/fairness/drawer.js';

/** The server draws with Node's HMAC (modules/fairness/drawer.ts); players verify with shared's. */
const serverSeed = fc.stringMatching(/^[0-9a-f]{64}$/);
const clientSeed = fc.stringMatching(/^[\x20-\x7e]{1,64}$/);
const nonce = fc.nat({ max: 2 ** 31 });

describe("the server's drawer", () => {
  it('yields the same words as the shared stream, across block boundaries', () => {
    fc.assert(
      fc.property(serverSeed, clientSeed, nonce, (s, c, n) => {
        const mine = nodeWordStream(s, c, n);
        const theirs = createWordStream(s, c, n);
        for (let i = 0; i < 20; i++) expect(mine.next()).toBe(theirs.next());
        expect(mine.wordsUsed()).toBe(20);
      }),
      { numRuns: 200 },
    );
  });

  it('draws the same dice as the shared drawer, and refuses the same bad inputs', () => {
    fc.assert(
      fc.property(serverSeed, clientSeed, nonce, (s, c, n) => {
        const mine = createNodeDrawer(s, c, n);
        const theirs = createDrawer(s, c, n);
        for (let i = 0; i < 5; i++) expect(mine.int(1, 6)).toBe(theirs.int(1, 6));
        expect(mine.wordsUsed()).toBe(theirs.wordsUsed());
      }),
      { numRuns: 200 },
    );
    const good = 'a'.repeat(64);
    expect(() => createNodeDrawer('A'.repeat(64), 'c', 0)).toThrow(RangeError);
    expect(() => createNodeDrawer(good, '', 0)).toThrow(RangeError);
    expect(() => createNodeDrawer(good, 'c', -1)).toThrow(RangeError);
  });
});
