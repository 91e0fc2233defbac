/**
 * CART tree growing in the manner of scikit-learn's tree builders: exact best splits over presorted
 * feature orders (BestSplitter) or random thresholds (RandomSplitter), depth-first growth, or
 * best-first growth by impurity improvement when max_leaf_nodes is set. Nodes live in flat typed
 * arrays; the build is iterative (no recursion), so deep trees cannot overflow the stack.
 */
import type { SeededRandom } from '../rng.ts';
import type { PresortedColumns } from './presorted.ts';
import type { FlatTree } from './flat-tree.ts';
import { MaxHeap, NodeStore, type Split } from './node-store.ts';

/** Fully resolved growth limits (counts, not fractions). */
export interface TreeGrowth {
  criterion: 'gini' | 'entropy' | 'log_loss';
  splitter: 'best' | 'random';
  maxDepth: number;
  minSamplesSplit: number;
  minSamplesLeaf: number;
  /** Absolute minimum weight of a leaf. */
  minWeightLeaf: number;
  maxFeatures: number;
  /** Infinity for unlimited (depth-first growth). */
  maxLeafNodes: number;
  minImpurityDecrease: number;
}

/** Values closer than this are treated as equal, as in scikit-learn (FEATURE_THRESHOLD). */
const FEATURE_THRESHOLD = 1e-7;

const xlogx = (x: number): number => (x > 0 ? x * Math.log(x) : 0);

/**
 * Grows one tree.
 * @param data presorted training columns
 * @param y class index per training row
 * @param weights weight per training row; rows with weight 0 (out of bag) are left out
 * @param nClasses number of classes
 * @param growth resolved growth limits
 * @param rng generator for feature order and random thresholds
 * @returns the tree with normalised class probabilities per node and raw impurity decreases per feature
 */
export function growTree(
  data: PresortedColumns,
  y: Int32Array,
  weights: Float64Array,
  nClasses: number,
  growth: TreeGrowth,
  rng: SeededRandom,
): FlatTree {
  const { rows: n, cols: nFeatures, columns } = data;
  const entropy = growth.criterion !== 'gini';

  // In-bag rows keep the presorted order of every feature.
  let m = 0;
  for (let i = 0; i < n; i++) if (weights[i] > 0) m++;
  const sorted = new Int32Array(nFeatures * m);
  for (let f = 0; f < nFeatures; f++) {
    let k = f * m;
    const base = f * n;
    for (let j = 0; j < n; j++) {
      const row = data.order[base + j];
      if (weights[row] > 0) sorted[k++] = row;
    }
  }

  const store = new NodeStore(nClasses);
  const goesLeft = new Uint8Array(n);
  const scratch = new Int32Array(Math.max(m, 1));
  const featureOrder = new Int32Array(nFeatures);
  for (let f = 0; f < nFeatures; f++) featureOrder[f] = f;
  const leftCounts = new Float64Array(nClasses);
  const rightCounts = new Float64Array(nClasses);
  const bestLeft = new Float64Array(nClasses);
  const importances = new Float64Array(nFeatures);

  const impurityOf = (counts: Float64Array, offset: number, total: number): number => {
    if (total <= 0) return 0;
    let acc = 0;
    if (entropy) {
      for (let k = 0; k < nClasses; k++) {
        const p = counts[offset + k] / total;
        if (p > 0) acc -= p * Math.log2(p);
      }
      return acc;
    }
    for (let k = 0; k < nClasses; k++) {
      const p = counts[offset + k] / total;
      acc += p * p;
    }
    return 1 - acc;
  };

  // Root.
  const rootCounts = new Float64Array(nClasses);
  let totalWeight = 0;
  for (let j = 0; j < m; j++) {
    const row = sorted[j];
    rootCounts[y[row]] += weights[row];
    totalWeight += weights[row];
  }
  const minWeightLeaf = growth.minWeightLeaf;
  // With integer weights (no weights, bootstrap counts) every class weight is an integer: x*ln(x)
  // comes from a table instead of Math.log at every row of every scanned feature.
  let integerWeights = entropy && totalWeight <= 1e7;
  for (let i = 0; i < n && integerWeights; i++) if (!Number.isInteger(weights[i])) integerWeights = false;
  const xlogxTable = integerWeights ? Float64Array.from({ length: totalWeight + 1 }, (_, x) => xlogx(x)) : null;
  const xlog = xlogxTable ? (x: number): number => xlogxTable[x] : xlogx;

  /** scikit-learn's stopping rules: a node that may not be split whatever the data. */
  const mustBeLeaf = (size: number, depth: number, weight: number, impurity: number): boolean =>
    depth >= growth.maxDepth ||
    size < growth.minSamplesSplit ||
    size < 2 * growth.minSamplesLeaf ||
    weight < 2 * minWeightLeaf ||
    impurity <= 1e-12;

  /** Best split of a node, or null when the node must stay a leaf. */
  const evaluate = (node: number): Split | null => {
    const start = store.start[node];
    const end = store.end[node];
    const size = end - start;
    const nodeWeight = store.weight[node];
    const nodeImpurity = store.impurity[node];
    if (mustBeLeaf(size, store.depth[node], nodeWeight, nodeImpurity)) return null;
    const valueOffset = node * nClasses;
    const nodeCounts = store.counts;
    let bestProxy = -Infinity;
    let best: Split | null = null;
    let visited = 0;
    let remaining = nFeatures;
    while (remaining > 0 && visited < growth.maxFeatures) {
      // Draw the next feature without replacement.
      const pick = rng.nextInt(remaining);
      const feature = featureOrder[pick];
      featureOrder[pick] = featureOrder[remaining - 1];
      featureOrder[remaining - 1] = feature;
      remaining--;

      const segment = feature * m;
      const column = feature * n;
      const lowest = columns[column + sorted[segment + start]];
      const highest = columns[column + sorted[segment + end - 1]];
      if (highest <= lowest + FEATURE_THRESHOLD) continue; // constant here: does not count as visited
      visited++;

      leftCounts.fill(0);
      for (let k = 0; k < nClasses; k++) rightCounts[k] = nodeCounts[valueOffset + k];

      if (growth.splitter === 'random') {
        let threshold = lowest + rng.next() * (highest - lowest);
        if (threshold >= highest) threshold = lowest;
        let position = start;
        let leftWeight = 0;
        while (position < end) {
          const row = sorted[segment + position];
          if (columns[column + row] > threshold) break;
          leftCounts[y[row]] += weights[row];
          leftWeight += weights[row];
          position++;
        }
        const rightWeight = nodeWeight - leftWeight;
        if (position - start < growth.minSamplesLeaf || end - position < growth.minSamplesLeaf) continue;
        if (leftWeight < minWeightLeaf || rightWeight < minWeightLeaf) continue;
        let proxy = 0;
        for (let k = 0; k < nClasses; k++) rightCounts[k] -= leftCounts[k];
        if (entropy) {
          for (let k = 0; k < nClasses; k++) proxy += xlogx(leftCounts[k]) + xlogx(rightCounts[k]);
          proxy -= xlogx(leftWeight) + xlogx(rightWeight);
        } else {
          let sqLeft = 0;
          let sqRight = 0;
          for (let k = 0; k < nClasses; k++) {
            sqLeft += leftCounts[k] * leftCounts[k];
            sqRight += rightCounts[k] * rightCounts[k];
          }
          proxy = sqLeft / leftWeight + sqRight / rightWeight;
        }
        if (proxy > bestProxy) {
          bestProxy = proxy;
          best = { feature, position, threshold, improvement: 0 };
        }
        continue;
      }

      // Best splitter: one pass over the sorted rows, moving each from right to left.
      let sumLeft = 0; // gini: sum of squared class weights; entropy: sum of c*ln(c)
      let sumRight = 0;
      if (entropy) for (let k = 0; k < nClasses; k++) sumRight += xlog(rightCounts[k]);
      else for (let k = 0; k < nClasses; k++) sumRight += rightCounts[k] * rightCounts[k];
      let leftWeight = 0;
      const minLeaf = growth.minSamplesLeaf;
      const last = end - minLeaf;
      let row = sorted[segment + start];
      let value = columns[column + row];
      for (let p = start; p < end - 1; p++) {
        const c = y[row];
        const w = weights[row];
        const cl = leftCounts[c];
        const cr = rightCounts[c];
        if (entropy) {
          sumLeft += xlog(cl + w) - xlog(cl);
          sumRight += xlog(cr - w) - xlog(cr);
        } else {
          sumLeft += w * (2 * cl + w);
          sumRight += w * (w - 2 * cr);
        }
        leftCounts[c] = cl + w;
        rightCounts[c] = cr - w;
        leftWeight += w;
        const nextRow = sorted[segment + p + 1];
        const nextValue = columns[column + nextRow];
        const position = p + 1;
        if (nextValue > value + FEATURE_THRESHOLD && position - start >= minLeaf && position <= last) {
          const rightWeight = nodeWeight - leftWeight;
          if (leftWeight >= minWeightLeaf && rightWeight >= minWeightLeaf) {
            const proxy = entropy
              ? sumLeft + sumRight - xlog(leftWeight) - xlog(rightWeight)
              : sumLeft / leftWeight + sumRight / rightWeight;
            if (proxy > bestProxy) {
              bestProxy = proxy;
              let threshold = value / 2 + nextValue / 2;
              if (threshold === nextValue || !Number.isFinite(threshold)) threshold = value;
              best = { feature, position, threshold, improvement: 0 };
            }
          }
        }
        row = nextRow;
        value = nextValue;
      }
    }
    if (!best) return null;

    // Exact child impurities of the chosen split.
    bestLeft.fill(0);
    let leftWeight = 0;
    const segment = best.feature * m;
    for (let p = start; p < best.position; p++) {
      const row = sorted[segment + p];
      bestLeft[y[row]] += weights[row];
      leftWeight += weights[row];
    }
    const rightWeight = nodeWeight - leftWeight;
    for (let k = 0; k < nClasses; k++) rightCounts[k] = nodeCounts[valueOffset + k] - bestLeft[k];
    const leftImpurity = impurityOf(bestLeft, 0, leftWeight);
    const rightImpurity = impurityOf(rightCounts, 0, rightWeight);
    best.improvement =
      (nodeWeight / totalWeight) *
      (nodeImpurity - (leftWeight / nodeWeight) * leftImpurity - (rightWeight / nodeWeight) * rightImpurity);
    if (best.improvement + 1e-15 < growth.minImpurityDecrease) return null;
    return best;
  };

  /** Partitions every feature's order of the node's range and creates both children. */
  const expand = (node: number, split: Split): [number, number] => {
    const start = store.start[node];
    const end = store.end[node];
    const { feature, position } = split;
    const splitSegment = feature * m;
    bestLeft.fill(0);
    rightCounts.fill(0);
    let leftWeight = 0;
    let rightWeight = 0;
    for (let p = start; p < end; p++) {
      const row = sorted[splitSegment + p];
      if (p < position) {
        bestLeft[y[row]] += weights[row];
        leftWeight += weights[row];
      } else {
        rightCounts[y[row]] += weights[row];
        rightWeight += weights[row];
      }
    }
    const depth = store.depth[node] + 1;
    const leftImpurity = impurityOf(bestLeft, 0, leftWeight);
    const rightImpurity = impurityOf(rightCounts, 0, rightWeight);
    // The other features' orders only matter for a child that may still be split.
    if (!mustBeLeaf(position - start, depth, leftWeight, leftImpurity) || !mustBeLeaf(end - position, depth, rightWeight, rightImpurity)) {
      for (let p = start; p < position; p++) goesLeft[sorted[splitSegment + p]] = 1;
      for (let p = position; p < end; p++) goesLeft[sorted[splitSegment + p]] = 0;
      for (let f = 0; f < nFeatures; f++) {
        if (f === feature) continue;
        const segment = f * m;
        let write = segment + start;
        let spill = 0;
        for (let p = segment + start; p < segment + end; p++) {
          const row = sorted[p];
          if (goesLeft[row] === 1) sorted[write++] = row;
          else scratch[spill++] = row;
        }
        for (let k = 0; k < spill; k++) sorted[write + k] = scratch[k];
      }
    }
    const left = store.add(start, position, depth, bestLeft, leftWeight, leftImpurity);
    const right = store.add(position, end, depth, rightCounts, rightWeight, rightImpurity);
    store.setSplit(node, feature, split.threshold, left, right);
    importances[feature] +=
      store.weight[node] * store.impurity[node] -
      leftWeight * store.impurity[left] -
      rightWeight * store.impurity[right];
    return [left, right];
  };

  const root = store.add(0, m, 0, rootCounts, totalWeight, impurityOf(rootCounts, 0, totalWeight));
  if (!Number.isFinite(growth.maxLeafNodes)) {
    const stack = [root];
    while (stack.length > 0) {
      const node = stack.pop() as number;
      const split = evaluate(node);
      if (!split) continue;
      const [left, right] = expand(node, split);
      stack.push(right, left);
    }
  } else {
    const frontier = new MaxHeap();
    const push = (node: number): void => {
      const split = evaluate(node);
      if (split) frontier.push(split.improvement, node, split);
    };
    push(root);
    let leaves = 1;
    while (frontier.size > 0 && leaves < growth.maxLeafNodes) {
      const { node, split } = frontier.pop();
      const [left, right] = expand(node, split);
      leaves++;
      push(left);
      push(right);
    }
  }
  return store.finish(importances);
}
