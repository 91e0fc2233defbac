import type { Matrix } from '../types.ts';

/**
 * The training matrix laid out for tree building: one contiguous column per feature and, per
 * feature, the row indices sorted by that feature's value. Sorting happens once per fit (once per
 * forest, shared by all its trees); nodes then only partition these orders, never re-sort.
 */
export class PresortedColumns {
  /** Column-major values: feature f of row i is columns[f * rows + i]. */
  readonly columns: Float64Array;
  /** Row indices sorted by feature: order[f * rows ...(f + 1) * rows). */
  readonly order: Int32Array;
  readonly rows: number;
  readonly cols: number;

  /** @param X the training rows (row-major) */
  constructor(X: Matrix) {
    const { rows, cols, data } = X;
    this.rows = rows;
    this.cols = cols;
    this.columns = new Float64Array(rows * cols);
    this.order = new Int32Array(rows * cols);
    for (let i = 0; i < rows; i++) {
      const base = i * cols;
      for (let f = 0; f < cols; f++) this.columns[f * rows + i] = data[base + f];
    }
    for (let f = 0; f < cols; f++) {
      const column = this.columns.subarray(f * rows, (f + 1) * rows);
      const segment = this.order.subarray(f * rows, (f + 1) * rows);
      sortIndicesByValue(column, segment);
    }
  }
}

/**
 * Writes into `out` the indices 0..n-1 ordered by `values`, ties by index (stable). An LSD radix sort
 * over the 64-bit patterns of the doubles (made order-preserving as unsigned integers): eight byte
 * passes, no comparisons, several times faster than a comparator sort.
 */
function sortIndicesByValue(values: Float64Array, out: Int32Array): void {
  const n = values.length;
  // `+ 0` turns -0 into +0, so the two zeros tie (ordered by index) as comparisons see them. A loop, not
  // Float64Array.from with a callback, which is about 8 times slower.
  const normalized = new Float64Array(n);
  for (let i = 0; i < n; i++) normalized[i] = values[i] + 0;
  const words = new Uint32Array(normalized.buffer);
  const low = new Uint32Array(n);
  const high = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let l = words[2 * i];
    let h = words[2 * i + 1];
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else {
      h = (h | 0x80000000) >>> 0;
    }
    low[i] = l;
    high[i] = h;
  }
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let spare = new Int32Array(n);
  const count = new Int32Array(256);
  for (let pass = 0; pass < 8; pass++) {
    const word = pass < 4 ? low : high;
    const shift = (pass % 4) * 8;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(word[order[i]] >>> shift) & 255]++;
    if (count[(word[order[0]] >>> shift) & 255] === n) continue; // every key shares this byte
    let position = 0;
    for (let b = 0; b < 256; b++) {
      const c = count[b];
      count[b] = position;
      position += c;
    }
    for (let i = 0; i < n; i++) {
      const row = order[i];
      spare[count[(word[row] >>> shift) & 255]++] = row;
    }
    const swap = order;
    order = spare;
    spare = swap;
  }
  out.set(order);
}
