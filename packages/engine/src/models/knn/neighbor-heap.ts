/**
 * The bounded heap every neighbour search fills, and the conversions between a Minkowski distance and
 * its reduced form (sum of |dx|^p, no root) in which searches compare distances.
 */

/** Bounded max-heap of the k best (reduced distance, index) pairs seen so far. */
export class NeighborHeap {
  readonly dist: Float64Array;
  readonly idx: Int32Array;
  size = 0;
  /** @param k how many neighbours it keeps */
  constructor(readonly k: number) {
    this.dist = new Float64Array(k);
    this.idx = new Int32Array(k);
  }
  reset(): void {
    this.size = 0;
  }
  /** Reduced distance a candidate must beat (or tie with a smaller index) to enter. */
  worst(): number {
    return this.size < this.k ? Infinity : this.dist[0];
  }
  /**
   * Offers one candidate.
   * @param d its reduced distance
   * @param i its training row (ties go to the smaller row)
   */
  push(d: number, i: number): void {
    const { dist, idx } = this;
    if (this.size < this.k) {
      let pos = this.size++;
      while (pos > 0) {
        const parent = (pos - 1) >> 1;
        if (dist[parent] > d || (dist[parent] === d && idx[parent] > i)) break;
        dist[pos] = dist[parent];
        idx[pos] = idx[parent];
        pos = parent;
      }
      dist[pos] = d;
      idx[pos] = i;
      return;
    }
    if (d > dist[0] || (d === dist[0] && i > idx[0])) return;
    this.siftDown(d, i, this.size);
  }
  /**
   * Empties the heap into the output arrays at `offset`, nearest first (heap-sort, no allocation).
   * @param outIdx receives the training rows
   * @param outDist receives the distances (not reduced)
   * @param offset where this query's k entries start
   * @param p Minkowski power, to undo the reduction
   */
  drainSorted(outIdx: Int32Array, outDist: Float64Array, offset: number, p: number): void {
    const { dist, idx } = this;
    while (this.size > 0) {
      const last = --this.size;
      outIdx[offset + last] = idx[0];
      outDist[offset + last] = fromReduced(dist[0], p);
      this.siftDown(dist[last], idx[last], last);
    }
  }
  /** Puts (d, i) at the root of the first `size` entries and sifts it down to its place. */
  private siftDown(d: number, i: number, size: number): void {
    const { dist, idx } = this;
    let pos = 0;
    for (;;) {
      const l = 2 * pos + 1;
      if (l >= size) break;
      const r = l + 1;
      let child = l;
      if (r < size && (dist[r] > dist[l] || (dist[r] === dist[l] && idx[r] > idx[l]))) child = r;
      if (dist[child] < d || (dist[child] === d && idx[child] < i)) break;
      dist[pos] = dist[child];
      idx[pos] = idx[child];
      pos = child;
    }
    dist[pos] = d;
    idx[pos] = i;
  }
}

/** Distance from its reduced form (the p-th root of the sum of |dx|^p). */
export const fromReduced = (d: number, p: number): number => (p === 1 ? d : p === 2 ? Math.sqrt(d) : Math.pow(d, 1 / p));
/** Reduced form of a distance (its p-th power). */
export const toReduced = (d: number, p: number): number => (p === 1 ? d : p === 2 ? d * d : Math.pow(d, p));
