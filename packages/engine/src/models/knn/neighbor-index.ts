/**
 * Exact k-nearest-neighbour search under the Minkowski distance of power p, three ways:
 * brute force (for p=2 a float32 SIMD filter, then exact ranking: euclidean-brute.ts), a kd-tree (bounding boxes; for p=2 aligned with the training set's principal axes,
 * which fit correlated features much better) and a ball tree (centroid + radius). The
 * trees are laid out like scikit-learn's BinaryTree: a complete binary tree over a flat, reordered
 * copy of the points, split at the median of the widest dimension, searched depth-first (nearer child
 * first) with a bounded max-heap and pruning by a lower bound on the distance to a node.
 *
 * Distances are compared in "reduced" form (sum of |dx|^p, no root) and ties are broken by training
 * row index, so all three methods return exactly the same neighbours.
 */

import { euclideanBruteForce } from './euclidean-brute.ts';
import { fromReduced, NeighborHeap, toReduced } from './neighbor-heap.ts';
import { centredNorms, principalAxes, projectOntoAxes, type PrincipalAxes } from './principal-axes.ts';
import { byDecreasingVariance, gatherRows, permuteColumns, selectMedian, widestDimension } from './point-layout.ts';

/**
 * Training rows from which the Euclidean kd-tree is built on principal axes. Below it the axes' fixed
 * cost (covariance, eigenvectors, projecting every row; mostly not yet JIT-compiled in a fresh
 * process) outweighed the faster search: measured on the 20-feature bench set, 2,250 rows was a wash
 * or a loss, 22,500 rows a 25-40% faster search.
 */
const ROTATE_MIN_ROWS = 4096;

export type NeighborAlgorithm = 'brute' | 'kd_tree' | 'ball_tree';

/** Neighbours of a batch of queries, row-major queries * k, nearest first. */
export interface Neighbors {
  k: number;
  /** Training row index of each neighbour. */
  indices: Int32Array;
  /** Minkowski distance of each neighbour. */
  distances: Float64Array;
}

/** A searchable set of training points. */
export class NeighborIndex {
  /** Points in tree order (row-major), original row of each in `rowOf`. */
  private readonly points: Float64Array;
  private readonly rowOf: Int32Array;
  private readonly nodeStart: Int32Array;
  private readonly nodeEnd: Int32Array;
  /** kd-tree: lower/upper corner per node; ball tree: centroid per node in `lower`, radius in `radius`. */
  private readonly lower: Float64Array;
  private readonly upper: Float64Array;
  private readonly radius: Float64Array;
  private readonly nodeCount: number;
  private readonly featureOrder: Int32Array;
  /**
   * Euclidean kd-tree: the tree splits and bounds points on their principal axes (a rotation, so
   * distances are unchanged; correlated features give much tighter boxes). Neighbours are still
   * ranked by distances computed on the features themselves, so every method returns the same.
   */
  private readonly axes: PrincipalAxes | undefined;
  /** Coordinates the kd-tree boxes live in: axisCount of them when rotated, else dims. */
  private readonly treeDims: number;
  /** kd-tree: split coordinate and value of each internal node (the right child holds values >= it). */
  private readonly splitDim: Int32Array;
  private readonly splitValue: Float64Array;
  /** Rotated kd-tree: training points in tree order on the principal axes (row-major rows * treeDims). */
  private readonly treePoints: Float64Array;
  /** Largest centred norm of a training row (scales the rounding slack of rotated bounds). */
  private readonly maxCentredNorm: number;
  /** Distance slack for the current query: rotated bounds may be off by rounding, never prune on that. */
  private slack = 0;
  /** Point-to-point distances computed by queries so far (shows how much a tree prunes). */
  distanceEvaluations = 0;

  /**
   * @param data training rows, row-major rows * dims
   * @param rows number of training rows
   * @param dims number of features
   * @param algorithm brute, kd_tree or ball_tree
   * @param leafSize scikit-learn's leaf_size: leaves hold between leafSize and 2 * leafSize points
   * @param p Minkowski power (>= 1)
   */
  constructor(
    data: Float64Array,
    readonly rows: number,
    readonly dims: number,
    readonly algorithm: NeighborAlgorithm,
    leafSize: number,
    readonly p: number,
  ) {
    // Features in decreasing variance: partial distances then exceed the k-th best sooner, so the
    // early exit in scanLeaf skips more work. Distances do not depend on the order of features.
    this.featureOrder = byDecreasingVariance(data, rows, dims);
    data = permuteColumns(data, rows, dims, this.featureOrder);
    this.axes = algorithm === 'kd_tree' && p === 2 && dims > 1 && rows >= ROTATE_MIN_ROWS ? principalAxes(data, rows, dims) : undefined;
    this.treeDims = this.axes ? this.axes.axisCount : dims;
    const treeData = this.axes ? projectOntoAxes(data, rows, dims, this.axes) : data;
    this.maxCentredNorm = this.axes ? centredNorms(data, rows, dims, this.axes.mean).reduce((m, v) => Math.max(m, v), 0) : 0;
    const treeDims = this.treeDims;
    const perm = new Int32Array(rows);
    for (let i = 0; i < rows; i++) perm[i] = i;
    const levels = algorithm === 'brute' ? 1 : Math.floor(Math.log2(Math.max(1, (rows - 1) / leafSize))) + 1;
    this.nodeCount = 2 ** levels - 1;
    this.nodeStart = new Int32Array(this.nodeCount);
    this.nodeEnd = new Int32Array(this.nodeCount);
    this.nodeStart[0] = 0;
    this.nodeEnd[0] = rows;
    this.rowOf = perm;
    this.splitDim = new Int32Array(algorithm === 'kd_tree' ? this.nodeCount : 0);
    this.splitValue = new Float64Array(algorithm === 'kd_tree' ? this.nodeCount : 0);
    this.lower = new Float64Array(algorithm === 'brute' ? 0 : this.nodeCount * (algorithm === 'kd_tree' ? treeDims : dims));
    this.upper = new Float64Array(algorithm === 'kd_tree' ? this.nodeCount * treeDims : 0);
    this.radius = new Float64Array(algorithm === 'ball_tree' ? this.nodeCount : 0);
    for (let node = 0; node < this.nodeCount; node++) {
      const left = 2 * node + 1;
      if (left >= this.nodeCount) continue;
      const start = this.nodeStart[node];
      const end = this.nodeEnd[node];
      const mid = start + ((end - start) >> 1);
      const dim = widestDimension(treeData, treeDims, perm, start, end);
      selectMedian(treeData, treeDims, perm, start, end, mid, dim);
      if (algorithm === 'kd_tree') {
        this.splitDim[node] = dim;
        this.splitValue[node] = treeData[perm[mid] * treeDims + dim];
      }
      this.nodeStart[left] = start;
      this.nodeEnd[left] = mid;
      this.nodeStart[left + 1] = mid;
      this.nodeEnd[left + 1] = end;
    }
    this.points = gatherRows(data, dims, perm);
    this.treePoints = this.axes ? gatherRows(treeData, treeDims, perm) : new Float64Array(0);
    // Boxes bottom-up: leaves from their points, parents as the union of their children.
    for (let node = this.nodeCount - 1; node >= 0 && algorithm === 'kd_tree'; node--) this.computeBox(node, this.axes ? this.treePoints : this.points);
    for (let node = 0; node < this.nodeCount && algorithm === 'ball_tree'; node++) this.computeBall(node);
  }

  /** Bounding box of the node in tree coordinates (`treePoints` in tree order); children come first. */
  private computeBox(node: number, treePoints: Float64Array): void {
    const { treeDims: dims, lower, upper } = this;
    const base = node * dims;
    const left = 2 * node + 1;
    if (left < this.nodeCount) {
      const l = left * dims;
      const r = l + dims;
      for (let f = 0; f < dims; f++) {
        lower[base + f] = Math.min(lower[l + f], lower[r + f]);
        upper[base + f] = Math.max(upper[l + f], upper[r + f]);
      }
      return;
    }
    const start = this.nodeStart[node];
    const end = this.nodeEnd[node];
    for (let f = 0; f < dims; f++) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let j = start; j < end; j++) {
        const v = treePoints[j * dims + f];
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      lower[base + f] = lo;
      upper[base + f] = hi;
    }
  }

  private computeBall(node: number): void {
    const { dims, points, lower: centroid } = this;
    const base = node * dims;
    const start = this.nodeStart[node];
    const end = this.nodeEnd[node];
    for (let j = start; j < end; j++) for (let f = 0; f < dims; f++) centroid[base + f] += points[j * dims + f];
    for (let f = 0; f < dims; f++) centroid[base + f] /= Math.max(1, end - start);
    let maxReduced = 0;
    for (let j = start; j < end; j++) {
      const d = this.reducedDistance(centroid, base, points, j * dims);
      if (d > maxReduced) maxReduced = d;
    }
    this.radius[node] = fromReduced(maxReduced, this.p);
  }

  /** Reduced Minkowski distance between a[ao..] and b[bo..] over all dims (same loop everywhere). */
  private reducedDistance(a: Float64Array, ao: number, b: Float64Array, bo: number): number {
    const { dims, p } = this;
    let acc = 0;
    if (p === 2) {
      for (let f = 0; f < dims; f++) {
        const t = a[ao + f] - b[bo + f];
        acc += t * t;
      }
    } else if (p === 1) {
      for (let f = 0; f < dims; f++) acc += Math.abs(a[ao + f] - b[bo + f]);
    } else {
      for (let f = 0; f < dims; f++) acc += Math.pow(Math.abs(a[ao + f] - b[bo + f]), p);
    }
    return acc;
  }

  /**
   * Reduced lower bound of the distance from the query to any point of the node (up to `slack` for
   * a rotated kd-tree). The kd-tree reads the query in tree coordinates (treeQuery at tqo).
   */
  private nodeBound(query: Float64Array, qo: number, treeQuery: Float64Array, tqo: number, node: number, worst = Infinity): number {
    const { p } = this;
    if (this.algorithm === 'kd_tree') {
      const dims = this.treeDims;
      const base = node * dims;
      let acc = 0;
      // Stopping once above `worst` still returns a value above it, which is all pruning needs.
      for (let f = 0; f < dims && acc <= worst; f++) {
        const v = treeQuery[tqo + f];
        const lo = this.lower[base + f];
        const hi = this.upper[base + f];
        const gap = v < lo ? lo - v : v > hi ? v - hi : 0;
        acc += p === 2 ? gap * gap : p === 1 ? gap : Math.pow(gap, p);
      }
      return acc;
    }
    const toCentre = fromReduced(this.reducedDistance(query, qo, this.lower, node * this.dims), p);
    // Shrink slightly so rounding can never prune a node holding a true neighbour.
    return toReduced(Math.max(0, toCentre - this.radius[node]) * (1 - 1e-12), p);
  }

  /**
   * The k nearest training rows of each query row.
   * @param queries row-major rows * dims
   * @param queryRows number of query rows
   * @param k neighbours per query (at most the number of training rows)
   */
  query(queries: Float64Array, queryRows: number, k: number): Neighbors {
    queries = permuteColumns(queries, queryRows, this.dims, this.featureOrder);
    const { axes, treeDims } = this;
    const treeQueries = axes ? projectOntoAxes(queries, queryRows, this.dims, axes) : queries;
    const queryNorms = axes ? centredNorms(queries, queryRows, this.dims, axes.mean) : undefined;
    const kk = Math.min(k, this.rows);
    const indices = new Int32Array(queryRows * kk);
    const distances = new Float64Array(queryRows * kk);
    if (this.algorithm === 'brute' && this.p === 2 && euclideanBruteForce(this.points, this.rows, this.dims, queries, queryRows, kk, indices, distances)) {
      this.distanceEvaluations += this.rows * queryRows;
      return { k: kk, indices, distances };
    }
    const heap = new NeighborHeap(kk);
    const firstLeaf = this.nodeCount >> 1;
    for (let q = 0; q < queryRows; q++) {
      heap.reset();
      const qo = q * this.dims;
      const tqo = q * treeDims;
      // Generous bound on the rounding of projected coordinates and of the box distances (both
      // far below 1e-9 of the centred norms); it only ever lets the search visit a little more.
      this.slack = queryNorms ? 1e-9 * (queryNorms[q] + this.maxCentredNorm) : 0;
      if (this.algorithm === 'brute') {
        this.scanLeaf(queries, qo, 0, this.rows, heap);
      } else {
        if (this.algorithm === 'kd_tree') this.searchKdNode(queries, qo, treeQueries, tqo, 0, heap, firstLeaf);
        else this.searchNode(queries, qo, treeQueries, tqo, 0, this.nodeBound(queries, qo, treeQueries, tqo, 0), heap, firstLeaf);
      }
      heap.drainSorted(indices, distances, q * kk, this.p);
    }
    return { k: kk, indices, distances };
  }

  /** The k-th best reduced distance widened by the slack: node bounds above it cannot hold a neighbour. */
  private pruneAbove(heap: NeighborHeap): number {
    const worst = heap.worst();
    if (this.slack === 0 || worst === Infinity) return worst;
    const widened = Math.sqrt(worst) + this.slack;
    return widened * widened;
  }

  /**
   * kd-tree search: the child on the query's side of the split first; each bound is computed only
   * on arrival, against the k-th best known by then, so it can stop (and prune) as early as possible.
   */
  private searchKdNode(query: Float64Array, qo: number, treeQuery: Float64Array, tqo: number, node: number, heap: NeighborHeap, firstLeaf: number): void {
    const prune = this.pruneAbove(heap);
    if (this.nodeBound(query, qo, treeQuery, tqo, node, prune) > prune) return;
    if (node >= firstLeaf) {
      if (this.axes) this.scanLeafRotated(query, qo, treeQuery, tqo, this.nodeStart[node], this.nodeEnd[node], heap);
      else this.scanLeaf(query, qo, this.nodeStart[node], this.nodeEnd[node], heap);
      return;
    }
    const left = 2 * node + 1;
    const nearRight = treeQuery[tqo + this.splitDim[node]] >= this.splitValue[node];
    this.searchKdNode(query, qo, treeQuery, tqo, nearRight ? left + 1 : left, heap, firstLeaf);
    this.searchKdNode(query, qo, treeQuery, tqo, nearRight ? left : left + 1, heap, firstLeaf);
  }

  /** Ball-tree search: the child with the smaller bound first. */
  private searchNode(
    query: Float64Array,
    qo: number,
    treeQuery: Float64Array,
    tqo: number,
    node: number,
    bound: number,
    heap: NeighborHeap,
    firstLeaf: number,
  ): void {
    if (bound > this.pruneAbove(heap)) return;
    if (node >= firstLeaf) {
      this.scanLeaf(query, qo, this.nodeStart[node], this.nodeEnd[node], heap);
      return;
    }
    const left = 2 * node + 1;
    const right = left + 1;
    const worst = this.pruneAbove(heap);
    const leftBound = this.nodeBound(query, qo, treeQuery, tqo, left, worst);
    const rightBound = this.nodeBound(query, qo, treeQuery, tqo, right, worst);
    if (leftBound <= rightBound) {
      this.searchNode(query, qo, treeQuery, tqo, left, leftBound, heap, firstLeaf);
      this.searchNode(query, qo, treeQuery, tqo, right, rightBound, heap, firstLeaf);
    } else {
      this.searchNode(query, qo, treeQuery, tqo, right, rightBound, heap, firstLeaf);
      this.searchNode(query, qo, treeQuery, tqo, left, leftBound, heap, firstLeaf);
    }
  }

  /**
   * scanLeaf for the rotated kd-tree: the squared distance on the principal axes, summed in
   * decreasing variance, passes the (slack-widened) k-th best within a few axes for most points;
   * only the others get their exact distance on the features.
   */
  private scanLeafRotated(query: Float64Array, qo: number, treeQuery: Float64Array, tqo: number, start: number, end: number, heap: NeighborHeap): void {
    const { treePoints, treeDims, points, dims, rowOf } = this;
    this.distanceEvaluations += end - start;
    let prune = this.pruneAbove(heap);
    let worst = heap.worst();
    // The leading axes carry the most variance: test them first, with the query held in locals.
    const lead = Math.min(4, treeDims);
    const q0 = treeQuery[tqo];
    const q1 = lead > 1 ? treeQuery[tqo + 1] : 0;
    const q2 = lead > 2 ? treeQuery[tqo + 2] : 0;
    const q3 = lead > 3 ? treeQuery[tqo + 3] : 0;
    for (let j = start; j < end; j++) {
      const tb = j * treeDims;
      let acc: number;
      if (lead === 4) {
        const t0 = q0 - treePoints[tb];
        const t1 = q1 - treePoints[tb + 1];
        const t2 = q2 - treePoints[tb + 2];
        const t3 = q3 - treePoints[tb + 3];
        acc = t0 * t0 + t1 * t1 + t2 * t2 + t3 * t3;
        if (acc > prune) continue;
      } else {
        acc = 0;
        for (let f = 0; f < lead; f++) {
          const t = treeQuery[tqo + f] - treePoints[tb + f];
          acc += t * t;
        }
      }
      let f = lead;
      for (; f + 4 <= treeDims; f += 4) {
        const t0 = treeQuery[tqo + f] - treePoints[tb + f];
        const t1 = treeQuery[tqo + f + 1] - treePoints[tb + f + 1];
        const t2 = treeQuery[tqo + f + 2] - treePoints[tb + f + 2];
        const t3 = treeQuery[tqo + f + 3] - treePoints[tb + f + 3];
        acc += t0 * t0 + t1 * t1 + t2 * t2 + t3 * t3;
        if (acc > prune) break;
      }
      if (acc > prune) continue;
      for (; f < treeDims; f++) {
        const t = treeQuery[tqo + f] - treePoints[tb + f];
        acc += t * t;
      }
      if (acc > prune) continue;
      // Exact distance, same summation as scanLeaf, so all methods agree to the last bit.
      const base = j * dims;
      let exact = 0;
      for (let g = 0; g < dims; g++) {
        const t = query[qo + g] - points[base + g];
        exact += t * t;
      }
      if (exact <= worst) {
        heap.push(exact, rowOf[j]);
        worst = heap.worst();
        prune = this.pruneAbove(heap);
      }
    }
  }

  /**
   * Offers every point of [start, end) to the heap. The distance loop stops as soon as the partial
   * sum exceeds the current k-th best (it can only grow), which skips most of the work.
   */
  private scanLeaf(query: Float64Array, qo: number, start: number, end: number, heap: NeighborHeap): void {
    const { points, dims, rowOf, p } = this;
    this.distanceEvaluations += end - start;
    let worst = heap.worst();
    for (let j = start; j < end; j++) {
      let acc = 0;
      let f = 0;
      const base = j * dims;
      if (p === 2) {
        // Four features per early-exit test: fewer branches, same summation order.
        for (; f + 4 <= dims; f += 4) {
          const t0 = query[qo + f] - points[base + f];
          const t1 = query[qo + f + 1] - points[base + f + 1];
          const t2 = query[qo + f + 2] - points[base + f + 2];
          const t3 = query[qo + f + 3] - points[base + f + 3];
          acc += t0 * t0;
          acc += t1 * t1;
          acc += t2 * t2;
          acc += t3 * t3;
          if (acc > worst) break;
        }
        if (acc <= worst) {
          for (; f < dims; f++) {
            const t = query[qo + f] - points[base + f];
            acc += t * t;
            if (acc > worst) break;
          }
        }
      } else if (p === 1) {
        for (; f < dims; f++) {
          acc += Math.abs(query[qo + f] - points[base + f]);
          if (acc > worst) break;
        }
      } else {
        for (; f < dims; f++) {
          acc += Math.pow(Math.abs(query[qo + f] - points[base + f]), p);
          if (acc > worst) break;
        }
      }
      if (f === dims && acc <= worst) {
        heap.push(acc, rowOf[j]);
        worst = heap.worst();
      }
    }
  }
}
