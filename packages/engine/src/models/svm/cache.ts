/**
 * libsvm's kernel cache: least-recently-used columns of Q kept as float32 (libsvm's Qfloat) within
 * a budget of cache_size megabytes. A column may be cached only up to some length (the active set
 * when it was computed) and is extended on demand.
 */

/** Bytes of bookkeeping libsvm charges per column head against the budget. */
const HEAD_BYTES = 32;
/** Dropped buffers kept for reuse. */
const MAX_SPARE = 8;

/** An LRU cache of kernel columns indexed by problem position. */
export class KernelCache {
  private readonly columns: (Float32Array | null)[];
  /** How many leading entries of each column are valid (libsvm's head_t.len). */
  private readonly lengths: Int32Array;
  /** Doubly linked LRU list over positions; `count` is the sentinel. */
  private readonly prev: Int32Array;
  private readonly next: Int32Array;
  private readonly sentinel: number;
  /** Floats still free in the budget; buffers are charged by their capacity. */
  private free: number;
  /** Buffers given up by swaps, reused before allocating. */
  private spare: Float32Array[] = [];
  /** Exchanges (lo, hi pairs) not yet applied to the cached columns' entries. */
  private readonly pending: number[] = [];

  /**
   * @param count number of columns (problem size l)
   * @param megabytes budget (cache_size); at least two full columns are always allowed
   */
  constructor(count: number, megabytes: number) {
    this.columns = new Array<Float32Array | null>(count).fill(null);
    this.lengths = new Int32Array(count);
    this.prev = new Int32Array(count + 1);
    this.next = new Int32Array(count + 1);
    this.sentinel = count;
    this.prev[count] = count;
    this.next[count] = count;
    const floats = Math.floor((megabytes * (1 << 20)) / 4) - Math.floor((count * HEAD_BYTES) / 4);
    this.free = Math.max(floats, 2 * count);
  }

  private unlink(h: number): void {
    this.next[this.prev[h]] = this.next[h];
    this.prev[this.next[h]] = this.prev[h];
  }

  private append(h: number): void {
    const last = this.prev[this.sentinel];
    this.next[h] = this.sentinel;
    this.prev[h] = last;
    this.next[last] = h;
    this.prev[this.sentinel] = h;
  }

  /** Drops column h (already unlinked) and returns its buffer to the budget. */
  private release(h: number): Float32Array {
    const buffer = this.columns[h] as Float32Array;
    this.free += buffer.length;
    this.columns[h] = null;
    this.lengths[h] = 0;
    return buffer;
  }

  /**
   * Column `index` with room for `length` entries, marked most recently used. Entries from the
   * returned `valid` count up to `length` are stale and must be filled by the caller.
   * @param index the column's position
   * @param length entries needed
   */
  get(index: number, length: number): { data: Float32Array; valid: number } {
    if (this.pending.length > 0) this.flush();
    const valid = this.lengths[index];
    if (valid > 0) this.unlink(index);
    let data = this.columns[index];
    if (valid < length) {
      const capacity = data ? data.length : 0;
      if (capacity < length) {
        const more = length - capacity;
        while (this.free < more) {
          const oldest = this.next[this.sentinel];
          this.unlink(oldest);
          this.keepSpare(this.release(oldest));
        }
        const grown = this.takeSpare(length, capacity) ?? new Float32Array(length);
        if (data && valid > 0) grown.set(data.subarray(0, valid));
        this.free -= grown.length - capacity;
        data = grown;
        this.columns[index] = data;
      }
      this.lengths[index] = length;
    }
    this.append(index);
    return { data: data as Float32Array, valid };
  }

  /** Keeps a few dropped buffers (outside the budget) so eviction churn does not allocate. */
  private keepSpare(buffer: Float32Array): void {
    if (this.spare.length < MAX_SPARE) this.spare.push(buffer);
  }

  /** A spare buffer that holds `length` floats and fits the budget, or null. */
  private takeSpare(length: number, capacity: number): Float32Array | null {
    const { spare } = this;
    for (let s = spare.length - 1; s >= 0; s--) {
      const buffer = spare[s];
      if (buffer.length >= length && buffer.length - capacity <= this.free) {
        spare[s] = spare[spare.length - 1];
        spare.pop();
        return buffer;
      }
    }
    return null;
  }

  /**
   * Follows the solver's exchange of positions i and j (libsvm's Cache::swap_index): the two
   * columns trade places now; every cached column must also swap its entries i and j, or be
   * dropped when it holds only one of them. That part waits for the next get(), which applies all
   * waiting exchanges column by column: the shrinking step makes thousands of exchanges in a row,
   * and visiting each column once for all of them is much cheaper than once per exchange, with the
   * same contents as libsvm's (a column's length does not change between two get() calls).
   * @param i a position
   * @param j another position
   */
  swap(i: number, j: number): void {
    if (i === j) return;
    const { columns, lengths } = this;
    if (lengths[i] > 0) this.unlink(i);
    if (lengths[j] > 0) this.unlink(j);
    const column = columns[i];
    columns[i] = columns[j];
    columns[j] = column;
    const length = lengths[i];
    lengths[i] = lengths[j];
    lengths[j] = length;
    if (lengths[i] > 0) this.append(i);
    if (lengths[j] > 0) this.append(j);
    this.pending.push(Math.min(i, j), Math.max(i, j));
  }

  /** Applies the waiting exchanges to every cached column. */
  private flush(): void {
    const { pending, columns, lengths } = this;
    const n = pending.length;
    for (let h = this.next[this.sentinel]; h !== this.sentinel; ) {
      const following = this.next[h];
      const length = lengths[h];
      const data = columns[h] as Float32Array;
      for (let k = 0; k < n; k += 2) {
        const lo = pending[k];
        if (length <= lo) continue;
        const hi = pending[k + 1];
        if (length > hi) {
          const v = data[lo];
          data[lo] = data[hi];
          data[hi] = v;
        } else {
          this.unlink(h);
          this.keepSpare(this.release(h));
          break;
        }
      }
      h = following;
    }
    pending.length = 0;
  }
}
