/**
 * mulberry32: a small, fast, seeded generator of numbers in [0, 1). Deterministic for a seed, so
 * whatever draws from it (a player's daily challenges, a simulation, a property test) replays
 * exactly; never for anything of value (dice come from the provably fair draw).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
