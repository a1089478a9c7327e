const WORD_RANGE = 2 ** 32;

/**
 * A uniform integer in [min, max] from a stream of uint32 words, by rejection sampling:
 * with n = max - min + 1, a word w >= floor(2^32 / n) * n is discarded (it would favour small
 * results) and the next one is taken; otherwise the result is min + (w mod n).
 */
export function drawInt(next: () => number, min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
    throw new RangeError(`Invalid draw range [${min}, ${max}]`);
  }
  const size = max - min + 1;
  if (size > WORD_RANGE) throw new RangeError(`Draw range too wide: ${size} values`);
  const limit = Math.floor(WORD_RANGE / size) * size;
  for (;;) {
    const word = next();
    if (!Number.isInteger(word) || word < 0 || word >= WORD_RANGE) {
      throw new RangeError(`Word stream returned ${word}, not a uint32`);
    }
    if (word < limit) return min + (word % size);
  }
}
