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
 * Writes into `out` the indices 0..n-1 ordered by `values`, ties by index (stable). A native numeric
 * sort of the values plus a binary-search counting pass is several times faster than sorting indices
 * with a comparator.
 */
function sortIndicesByValue(values: Float64Array, out: Int32Array): void {
  const n = values.length;
  const sortedValues = Float64Array.from(values).sort();
  const cursor = new Int32Array(n);
  for (let i = 0; i < n; i++) cursor[i] = i;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortedValues[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    out[cursor[lo]++] = i;
  }
}
