/**
 * Exact Euclidean brute-force k-nearest-neighbour search, with the expansion scikit-learn's brute force
 * uses (|q - x|^2 = |q|^2 + |x|^2 - 2 q.x) computed as a float32 filter in WebAssembly SIMD
 * (simd-scan.ts) on centred rows.
 *
 * The filter's rounding is bounded, so every row that can be among the k nearest passes it; the rows
 * that pass are then ranked by their exact float64 distance summed in the same order as the other
 * search methods: the neighbours (ties to the lower row) are exactly those of the kd-tree, ball tree
 * and scalar brute force. Per query, a first scan of a few blocks gives a k-th best to start from, so
 * the full scan lets through only a small share of the rows. The full scan runs chunk by chunk of rows,
 * every query over one chunk before the next, so the rows are read from cache rather than memory.
 */
import { NeighborHeap } from './neighbor-heap.ts';
import { BLOCK_ROWS, SimdScanner } from './simd-scan.ts';

/** Unit roundoff of float32. */
const FLOAT32_UNIT = 2 ** -24;
/** Largest finite float32: the first scan's limit (it admits every real row, not the padding). */
const FLOAT32_MAX = 3.4028234663852886e38;
/** Bytes of training rows scanned by every query in turn (fits the L2 cache; 20 features: 3,200 rows). */
const CHUNK_BYTES = 256 * 1024;
/** The first scan covers 1/FIRST_SCAN_SHARE of the blocks (see euclideanBruteForce). */
const FIRST_SCAN_SHARE = 8;
/** Above this centred norm, squares and products could leave float32's range: use the scalar scan. */
const MAX_NORM = 1e15;

/**
 * Exact k nearest training rows of each query under the Euclidean distance, or false (nothing written)
 * where the SIMD filter cannot be used (no WebAssembly SIMD, or values too large for float32).
 * @param points training rows, row-major rows * dims (float64)
 * @param rows number of training rows
 * @param dims number of features (at least 1)
 * @param queries query rows, row-major queryRows * dims, same feature order as points
 * @param queryRows number of queries
 * @param k neighbours per query (1..rows)
 * @param indices receives the training row of each neighbour, queryRows * k, nearest first
 * @param distances receives each neighbour's distance, queryRows * k
 */
export function euclideanBruteForce(
  points: Float64Array,
  rows: number,
  dims: number,
  queries: Float64Array,
  queryRows: number,
  k: number,
  indices: Int32Array,
  distances: Float64Array,
): boolean {
  // Centring changes no distance and keeps the norms (hence the rounding bound) small.
  const mean = new Float64Array(dims);
  for (let j = 0; j < rows; j++) for (let f = 0; f < dims; f++) mean[f] += points[j * dims + f];
  for (let f = 0; f < dims; f++) mean[f] /= rows;
  const centred = new Float64Array(rows * dims);
  const squaredNorms = new Float64Array(rows);
  let maxNorm = 0;
  for (let j = 0; j < rows; j++) {
    let norm = 0;
    for (let f = 0; f < dims; f++) {
      const v = points[j * dims + f] - mean[f];
      centred[j * dims + f] = v;
      norm += v * v;
    }
    squaredNorms[j] = norm;
    maxNorm = Math.max(maxNorm, Math.sqrt(norm));
  }
  if (!(maxNorm <= MAX_NORM)) return false;
  const scanner = SimdScanner.create(centred, squaredNorms, rows, dims, queryRows);
  if (!scanner) return false;
  const { outRow, outValue } = scanner;
  const queryNorms = new Float64Array(queryRows);
  for (let q = 0; q < queryRows; q++) {
    let norm = 0;
    for (let f = 0; f < dims; f++) {
      const v = queries[q * dims + f] - mean[f];
      scanner.queries[q * dims + f] = v;
      norm += v * v;
    }
    queryNorms[q] = Math.sqrt(norm);
    if (!(queryNorms[q] <= MAX_NORM)) return false;
  }

  // Every approximate a = |x|^2 - 2 q.x (|q|^2 is the same for all rows and left out) is within a bound
  // of its exact value: float32 inputs and products, a sum of dims terms, the stored norm and the
  // subtraction. If T is the k-th smallest a, each true neighbour has a <= T + 2 * bound.
  const margins = new Float64Array(queryRows);
  for (let q = 0; q < queryRows; q++) margins[q] = 2 * FLOAT32_UNIT * 1.02 * (2 * (dims + 4) * queryNorms[q] * maxNorm + 2 * maxNorm * maxNorm);
  // A first scan of a few blocks (at least 8k rows, so k real ones; or 1/FIRST_SCAN_SHARE of the data) gives each query
  // a k-th best to start from: the full scan then lets through only a small share of the rows.
  const firstBlocks = Math.min(scanner.blocks, Math.max(Math.ceil((8 * k) / BLOCK_ROWS), Math.ceil(scanner.blocks / FIRST_SCAN_SHARE)));
  const best = new Float64Array(k);
  const wide = new Float64Array(k > INSERTION_MAX_K ? Math.max(rows, scanner.blocks * BLOCK_ROWS) : 0);
  const limits = new Float64Array(queryRows);
  for (let q = 0; q < queryRows; q++) {
    const count = scanner.scan(q, 0, firstBlocks, FLOAT32_MAX);
    limits[q] = roundUpToFloat32(kthSmallest(outValue, count, best, wide) + margins[q]);
  }
  // The full scan, chunk by chunk of rows (each chunk stays in cache while every query reads it).
  const passedRows: number[][] = Array.from({ length: queryRows }, () => []);
  const passedValues: number[][] = Array.from({ length: queryRows }, () => []);
  const chunk = Math.max(1, Math.floor(CHUNK_BYTES / (BLOCK_ROWS * dims * 4)));
  for (let from = 0; from < scanner.blocks; from += chunk) {
    const to = Math.min(scanner.blocks, from + chunk);
    for (let q = 0; q < queryRows; q++) {
      const count = scanner.scan(q, from, to, limits[q]);
      const rowsOut = passedRows[q];
      const valuesOut = passedValues[q];
      for (let c = 0; c < count; c++) {
        rowsOut.push(outRow[c]);
        valuesOut.push(outValue[c]);
      }
    }
  }
  const heap = new NeighborHeap(k);
  for (let q = 0; q < queryRows; q++) {
    const values = passedValues[q];
    const limit = kthSmallest(values, values.length, best, wide) + margins[q];
    heap.reset();
    for (let c = 0; c < values.length; c++) {
      if (values[c] > limit) continue;
      const j = passedRows[q][c];
      // Same summation as NeighborIndex.scanLeaf, so every method agrees to the last bit.
      let exact = 0;
      for (let f = 0; f < dims; f++) {
        const t = queries[q * dims + f] - points[j * dims + f];
        exact += t * t;
      }
      heap.push(exact, j);
    }
    heap.drainSorted(indices, distances, q * k, 2);
  }
  return true;
}

/**
 * The best.length-th smallest of values[0..count) (count >= best.length), using best as scratch (and `wide`, of at
 * least `count` slots, for a large k).
 */
function kthSmallest(values: ArrayLike<number>, count: number, best: Float64Array, wide: Float64Array): number {
  // Insertion into the k best costs up to count * k steps: fine for the usual few neighbours, minutes for a k in the
  // thousands. A selection in place costs about 2 * count steps whatever k is; both give the same value.
  if (best.length > INSERTION_MAX_K) return selectKth(values, count, best.length - 1, wide);
  best.fill(Infinity);
  const last = best.length - 1;
  for (let c = 0; c < count; c++) {
    const a = values[c];
    if (a >= best[last]) continue;
    let t = last;
    while (t > 0 && best[t - 1] > a) {
      best[t] = best[t - 1];
      t--;
    }
    best[t] = a;
  }
  return best[last];
}

/** Above this many neighbours, the k-th smallest is found by selection instead of insertion. */
const INSERTION_MAX_K = 64;

/** The value of rank `rank` (0-based) among values[0..count), by quickselect on a copy in `scratch`. */
function selectKth(values: ArrayLike<number>, count: number, rank: number, scratch: Float64Array): number {
  for (let c = 0; c < count; c++) scratch[c] = values[c];
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const a = scratch[lo];
    const b = scratch[(lo + hi) >> 1];
    const c = scratch[hi];
    // Median of three: sorted or constant runs stay linear.
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (scratch[i] < pivot) i++;
      while (scratch[j] > pivot) j--;
      if (i <= j) {
        const t = scratch[i];
        scratch[i] = scratch[j];
        scratch[j] = t;
        i++;
        j--;
      }
    }
    if (rank <= j) hi = j;
    else if (rank >= i) lo = i;
    else return scratch[rank];
  }
  return scratch[rank];
}

const float32Scratch = new Float32Array(1);
const bitsScratch = new Int32Array(float32Scratch.buffer);

/** The smallest float32 >= x (the WASM boundary would round a float64 limit to nearest, maybe down). */
function roundUpToFloat32(x: number): number {
  const nearest = Math.fround(x);
  if (nearest >= x) return nearest;
  float32Scratch[0] = nearest;
  if (nearest > 0) bitsScratch[0] += 1;
  else if (nearest < 0) bitsScratch[0] -= 1;
  else bitsScratch[0] = 1; // -0 or 0 below a tiny positive x: the smallest positive float32
  return float32Scratch[0];
}
