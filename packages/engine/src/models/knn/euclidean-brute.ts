/**
 * Exact Euclidean brute-force k-nearest-neighbour search through one matrix product per block of
 * queries, as scikit-learn's brute force does on BLAS: |q - x|^2 = |q|^2 + |x|^2 - 2 q.x, with the
 * q.x of a whole block from a float32 matMul on the tfjs wasm backend (SIMD), then a linear scan.
 *
 * The product is only a filter. Its float32 rounding is bounded, so every point that can be among the
 * k nearest is kept as a candidate, and the candidates are then ranked by their exact float64 distance
 * summed in the same order as the other search methods: the neighbours (ties to the lower row) are
 * exactly those of the kd-tree, ball tree and scalar brute force.
 */
import { tf } from '../ann/tfjs.ts';
import { NeighborHeap } from './neighbor-heap.ts';

/** Unit roundoff of float32. */
const FLOAT32_UNIT = 2 ** -24;
/** Entries of one block's distance matrix (1 MB of float32; 4 MB blocks measured slower: more GC work). */
const BLOCK_ENTRIES = 1 << 18;

/**
 * Exact k nearest training rows of each query under the Euclidean distance.
 * @param points training rows, row-major rows * dims (float64)
 * @param rows number of training rows
 * @param dims number of features
 * @param queries query rows, row-major queryRows * dims, same feature order as points
 * @param queryRows number of queries
 * @param k neighbours per query (at most rows)
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
): void {
  // Centring changes no distance and keeps the norms (hence the rounding bound) small.
  const mean = new Float64Array(dims);
  for (let j = 0; j < rows; j++) for (let f = 0; f < dims; f++) mean[f] += points[j * dims + f];
  for (let f = 0; f < dims; f++) mean[f] /= rows;
  const centredT = new Float32Array(dims * rows);
  const squaredNorms = new Float64Array(rows);
  let maxNorm = 0;
  for (let j = 0; j < rows; j++) {
    let norm = 0;
    for (let f = 0; f < dims; f++) {
      const v = points[j * dims + f] - mean[f];
      centredT[f * rows + j] = v;
      norm += v * v;
    }
    squaredNorms[j] = norm;
    maxNorm = Math.max(maxNorm, Math.sqrt(norm));
  }
  const block = Math.max(1, Math.min(queryRows, Math.floor(BLOCK_ENTRIES / rows)));
  const pointsT = tf.tensor2d(centredT, [dims, rows]);
  const queryBlock = new Float32Array(block * dims);
  const queryNorms = new Float64Array(block);
  const approxBest = new Float64Array(k);
  let candidates: Int32Array = new Int32Array(Math.max(64, 4 * k));
  const heap = new NeighborHeap(k);
  try {
    for (let q0 = 0; q0 < queryRows; q0 += block) {
      const count = Math.min(block, queryRows - q0);
      for (let i = 0; i < count; i++) {
        let norm = 0;
        for (let f = 0; f < dims; f++) {
          const v = queries[(q0 + i) * dims + f] - mean[f];
          queryBlock[i * dims + f] = v;
          norm += v * v;
        }
        queryNorms[i] = Math.sqrt(norm);
      }
      const dots = tf.tidy(() => tf.matMul(tf.tensor2d(queryBlock.subarray(0, count * dims), [count, dims]), pointsT));
      const products = dots.dataSync() as Float32Array;
      dots.dispose();
      for (let i = 0; i < count; i++) {
        const q = q0 + i;
        const base = i * rows;
        // |2 q.x - fl32(2 q.x)| <= 2 (dims + 4) u |q| |x| bounds the error of every approximate
        // distance a = |x|^2 - 2 q.x (|q|^2 is the same for all and left out). If T is the k-th
        // smallest a, each true neighbour has a <= T + 2 * bound: keep all those as candidates.
        const margin = 2 * (2 * (dims + 4) * FLOAT32_UNIT * queryNorms[i] * maxNorm * 1.01);
        approxBest.fill(Infinity);
        let kth = Infinity;
        let found = 0;
        for (let j = 0; j < rows; j++) {
          const a = squaredNorms[j] - 2 * products[base + j];
          if (a > kth + margin) continue;
          if (found === candidates.length) {
            // Drop candidates the tightened threshold has ruled out, growing only if that is not enough.
            found = compact(candidates, found, squaredNorms, products, base, kth + margin);
            if (found > candidates.length / 2) candidates = grow(candidates);
          }
          candidates[found++] = j;
          if (a < kth) kth = insertSorted(approxBest, a);
        }
        heap.reset();
        for (let c = 0; c < found; c++) {
          const j = candidates[c];
          if (squaredNorms[j] - 2 * products[base + j] > kth + margin) continue;
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
    }
  } finally {
    pointsT.dispose();
  }
}

/** Inserts a into the ascending array best (dropping its largest value); returns the new largest. */
function insertSorted(best: Float64Array, a: number): number {
  let t = best.length - 1;
  while (t > 0 && best[t - 1] > a) {
    best[t] = best[t - 1];
    t--;
  }
  best[t] = a;
  return best[best.length - 1];
}

function compact(candidates: Int32Array, found: number, squaredNorms: Float64Array, products: Float32Array, base: number, limit: number): number {
  let kept = 0;
  for (let c = 0; c < found; c++) {
    const j = candidates[c];
    if (squaredNorms[j] - 2 * products[base + j] <= limit) candidates[kept++] = j;
  }
  return kept;
}

function grow(candidates: Int32Array): Int32Array {
  const bigger = new Int32Array(candidates.length * 2);
  bigger.set(candidates);
  return bigger;
}
