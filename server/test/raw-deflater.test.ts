import { deflateRawSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRawDeflater } from '../src/lib/raw-deflater.js';
import { deflateAnswer } from '../src/modules/game/stored-answer.js';

const dictionary = Buffer.from('{"die":5,"tile":{"name":"Bitcoin Boulevard"},"state":{"balance":107}}');
const options = { level: 6, windowBits: 12, memLevel: 2, dictionary };

describe('raw deflater (one zlib stream reset between calls)', () => {
  it('packs through the kept stream on this Node, the answers packer too', () => {
    expect(createRawDeflater(options).usesSharedStream).toBe(true);
    expect(deflateAnswer.usesSharedStream).toBe(true);
  });

  it("gives deflateRawSync's bytes for any text, call after call", () => {
    const deflate = createRawDeflater(options);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 400 }), { maxLength: 12 }), (texts) => {
        for (const text of texts) {
          const packed = deflate(text);
          expect(packed.equals(deflateRawSync(text, options))).toBe(true);
          expect(inflateRawSync(packed, { windowBits: 12, dictionary }).toString()).toBe(text);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('packs a text too large for its scratch buffer the usual way', () => {
    const deflate = createRawDeflater({ level: 0 });
    const text = 'x'.repeat(200_000);
    const packed = deflate(text);
    expect(inflateRawSync(packed).toString()).toBe(text);
    // The stream was reset after it: the next call is whole.
    expect(inflateRawSync(deflate('short')).toString()).toBe('short');
    expect(deflate.usesSharedStream).toBe(true);
  });

  it('answers Buffers as well as strings, each call independent of the one before', () => {
    const deflate = createRawDeflater(options);
    const first = deflate(Buffer.from('{"die":1}'));
    deflate('something else entirely, longer than the first');
    expect(deflate(Buffer.from('{"die":1}')).equals(first)).toBe(true);
  });
});
