/**
 * Small seeded pseudo-random generator (mulberry32). Every random choice of a model (bootstrap,
 * feature sampling, random splitter, weight initialisation, shuffling) draws from one of these so a
 * fit is reproducible from its seed alone.
 */
export class SeededRandom {
  private state: number;

  /** @param seed any integer; equal seeds give equal streams */
  constructor(seed: number) {
    this.state = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). @param n exclusive upper bound (> 0) */
  nextInt(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A fresh 31-bit seed, used to derive independent child generators (one per tree, per layer...). */
  nextSeed(): number {
    return Math.floor(this.next() * 2147483647);
  }

  /** Shuffles the array in place (Fisher-Yates). @param values the array to permute */
  shuffle<T extends { length: number; [i: number]: number }>(values: T): T {
    for (let i = values.length - 1; i > 0; i--) {
      const j = this.nextInt(i + 1);
      const tmp = values[i];
      values[i] = values[j];
      values[j] = tmp;
    }
    return values;
  }
}
