/**
 * Seeded pseudo-random numbers (mulberry32): every random choice of the engine goes through one of
 * these, derived from the run's seed, so a run is reproducible.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

/**
 * Creates a generator.
 * @param seed any integer; equal seeds give equal sequences
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

/**
 * Derives an independent seed from a base seed and labels (e.g. the family and candidate index), so
 * that parallel tasks get reproducible seeds whatever their execution order.
 * @param base the run's seed
 * @param parts labels mixed into the hash
 */
export function deriveSeed(base: number, ...parts: (string | number)[]): number {
  let h = (base ^ 0x9e3779b9) >>> 0;
  for (const part of parts) {
    const text = String(part);
    for (let i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    }
    h = Math.imul(h ^ 0x2f, 0x01000193) >>> 0;
  }
  return h & 0x7fffffff;
}

/**
 * Fisher-Yates shuffle in place.
 * @param items array to shuffle
 * @param rng generator
 */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = items[i];
    items[i] = items[j];
    items[j] = tmp;
  }
  return items;
}
