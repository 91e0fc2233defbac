/**
 * How the neighbour trees lay their points out: the feature order every distance sums its terms in, rows and columns
 * reordered into flat copies, and the median split along a node's widest dimension (neighbor-index.ts builds the
 * trees with them; the ONNX export of a KNN model reads the feature order).
 */

/** Feature order by decreasing training variance (ties by index): the order every distance sums its terms in. */
export function byDecreasingVariance(data: Float64Array, rows: number, dims: number): Int32Array {
  const mean = new Float64Array(dims);
  const variance = new Float64Array(dims);
  for (let i = 0; i < rows; i++) for (let f = 0; f < dims; f++) mean[f] += data[i * dims + f] / rows;
  for (let i = 0; i < rows; i++) for (let f = 0; f < dims; f++) variance[f] += (data[i * dims + f] - mean[f]) ** 2;
  return Int32Array.from({ length: dims }, (_, f) => f).sort((a, b) => variance[b] - variance[a] || a - b);
}

/** The columns of row-major `data` in the order `order`. */
export function permuteColumns(data: Float64Array, rows: number, dims: number, order: Int32Array): Float64Array {
  const out = new Float64Array(rows * dims);
  for (let i = 0; i < rows; i++) for (let f = 0; f < dims; f++) out[i * dims + f] = data[i * dims + order[f]];
  return out;
}

/** Rows of `data` in the order `perm` (row-major, `dims` per row). */
export function gatherRows(data: Float64Array, dims: number, perm: Int32Array): Float64Array {
  const out = new Float64Array(perm.length * dims);
  for (let j = 0; j < perm.length; j++) {
    const from = perm[j] * dims;
    for (let f = 0; f < dims; f++) out[j * dims + f] = data[from + f];
  }
  return out;
}

/** The dimension of widest spread over the rows perm[start, end): where a tree node splits. */
export function widestDimension(data: Float64Array, dims: number, perm: Int32Array, start: number, end: number): number {
  let best = 0;
  let bestSpread = -1;
  for (let f = 0; f < dims; f++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let j = start; j < end; j++) {
      const v = data[perm[j] * dims + f];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (hi - lo > bestSpread) {
      bestSpread = hi - lo;
      best = f;
    }
  }
  return best;
}

/** Quickselect: reorders perm[start, end) so position `nth` holds the median along `dim`. */
export function selectMedian(data: Float64Array, dims: number, perm: Int32Array, start: number, end: number, nth: number, dim: number): void {
  let lo = start;
  let hi = end - 1;
  const key = (j: number) => data[perm[j] * dims + dim];
  while (hi > lo) {
    const pivot = key((lo + hi) >> 1);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (key(i) < pivot) i++;
      while (key(j) > pivot) j--;
      if (i <= j) {
        const t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
        i++;
        j--;
      }
    }
    if (nth <= j) hi = j;
    else if (nth >= i) lo = i;
    else break;
  }
}
