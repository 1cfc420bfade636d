/**
 * Small, fast, seeded pseudo-random numbers. Every random choice of the simulator comes from a
 * generator seeded by a hash of (seed, unit, instant, purpose), so any piece of the history can be
 * recomputed alone and always comes out the same.
 */

/** 32-bit FNV-1a of a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  uniform(min: number, max: number): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** true with probability p. */
  chance(p: number): boolean;
  /** Exponential with the given mean. */
  exp(mean: number): number;
  /** Index drawn with the given (unnormalised) weights. */
  weighted(weights: readonly number[]): number;
}

/** mulberry32 seeded by the hash of the parts. */
export function rngFor(...parts: (string | number)[]): Rng {
  let state = hash32(parts.join('|'));
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    uniform: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    chance: (p) => next() < p,
    exp: (mean) => -mean * Math.log(1 - next()),
    weighted(weights) {
      const total = weights.reduce((a, b) => a + b, 0);
      let r = next() * total;
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i]!;
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
  };
}
