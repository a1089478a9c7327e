/**
 * mulberry32, the generators' seeded [0, 1) numbers, so generated art and audio never change between
 * builds. The same generator as shared/src/rules/random.ts, here in plain JavaScript because the
 * generators run under Node without a TypeScript loader. @param {number} seed
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
