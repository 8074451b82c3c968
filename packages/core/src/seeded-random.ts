/**
 * mulberry32: a tiny seeded generator of numbers in [0, 1), for what must come out the same on
 * every run and machine (the seed step's employer list, the benches' bootstrap intervals). Not for
 * anything secret: use Web Crypto there.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
