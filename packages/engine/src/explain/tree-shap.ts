import type { FlatTree } from '../models/tree/flat-tree.ts';

/**
 * Exact per-row Shapley values of tree models (path-dependent TreeSHAP, Lundberg, Erion and Lee 2018, algorithm 2):
 * each input's share of the gap between a row's predicted class probabilities and the model's expected ones, where
 * "an input is unknown" means following both children weighted by the training rows that went each way. The shares
 * add up exactly to the row's prediction minus the expected value, and the algorithm is polynomial in the depth,
 * so it runs on every test row. Written from the paper's recursion; the test checks it against brute-force
 * enumeration of every input subset.
 */

/** One element of the path of unique features from the root: the fractions of the row taking each branch. */
interface PathElement {
  feature: number;
  /** Share of the training rows (cover) that follow this split's branch when the feature is unknown. */
  zero: number;
  /** 1 when the row itself follows the branch, else 0. */
  one: number;
  weight: number;
}

const copyPath = (path: PathElement[], length: number): PathElement[] => path.slice(0, length).map((e) => ({ ...e }));

function extendPath(path: PathElement[], depth: number, zero: number, one: number, feature: number): void {
  path[depth] = { feature, zero, one, weight: depth === 0 ? 1 : 0 };
  for (let i = depth - 1; i >= 0; i--) {
    path[i + 1].weight += (one * path[i].weight * (i + 1)) / (depth + 1);
    path[i].weight = (zero * path[i].weight * (depth - i)) / (depth + 1);
  }
}

function unwindPath(path: PathElement[], depth: number, index: number): void {
  const { one, zero } = path[index];
  let next = path[depth].weight;
  for (let i = depth - 1; i >= 0; i--) {
    if (one !== 0) {
      const kept = path[i].weight;
      path[i].weight = (next * (depth + 1)) / ((i + 1) * one);
      next = kept - (path[i].weight * zero * (depth - i)) / (depth + 1);
    } else {
      path[i].weight = (path[i].weight * (depth + 1)) / (zero * (depth - i));
    }
  }
  for (let i = index; i < depth; i++) {
    path[i].feature = path[i + 1].feature;
    path[i].zero = path[i + 1].zero;
    path[i].one = path[i + 1].one;
  }
}

/** The total weight of the path with element `index` unwound, without changing the path. */
function unwoundPathSum(path: PathElement[], depth: number, index: number): number {
  const { one, zero } = path[index];
  let next = path[depth].weight;
  let total = 0;
  for (let i = depth - 1; i >= 0; i--) {
    if (one !== 0) {
      const w = (next * (depth + 1)) / ((i + 1) * one);
      total += w;
      next = path[i].weight - (w * zero * (depth - i)) / (depth + 1);
    } else if (zero !== 0) {
      total += (path[i].weight / zero) * ((depth + 1) / (depth - i));
    }
  }
  return total;
}

/**
 * Adds `scale` times one tree's Shapley values for one row to `phi` (row-major features x classes).
 * @param tree the fitted tree (its nodeSamples are the cover)
 * @param x the row's model inputs (after preprocessing)
 * @param phi accumulator, nFeatures * nClasses
 * @param scale weight of this tree (1 / trees for a forest)
 */
export function addTreeShap(tree: FlatTree, x: ArrayLike<number>, phi: Float64Array, scale = 1): void {
  const k = tree.nClasses;
  const recurse = (node: number, parent: PathElement[], depth: number, zero: number, one: number, feature: number) => {
    const path = copyPath(parent, depth);
    extendPath(path, depth, zero, one, feature);
    const split = tree.feature[node];
    if (split < 0) {
      for (let i = 1; i <= depth; i++) {
        const w = unwoundPathSum(path, depth, i) * (path[i].one - path[i].zero) * scale;
        const f = path[i].feature;
        for (let c = 0; c < k; c++) phi[f * k + c] += w * tree.value[node * k + c];
      }
      return;
    }
    const goesLeft = x[split] <= tree.threshold[node];
    const hot = goesLeft ? tree.left[node] : tree.right[node];
    const cold = goesLeft ? tree.right[node] : tree.left[node];
    const cover = tree.nodeSamples[node];
    let incomingZero = 1;
    let incomingOne = 1;
    let d = depth;
    let seen = -1;
    for (let i = 0; i <= d; i++) {
      if (path[i].feature === split) {
        seen = i;
        break;
      }
    }
    if (seen >= 0) {
      incomingZero = path[seen].zero;
      incomingOne = path[seen].one;
      unwindPath(path, d, seen);
      d -= 1;
    }
    recurse(hot, path, d + 1, (tree.nodeSamples[hot] / cover) * incomingZero, incomingOne, split);
    recurse(cold, path, d + 1, (tree.nodeSamples[cold] / cover) * incomingZero, 0, split);
  };
  recurse(0, [], 0, 1, 1, -1);
}

/**
 * The tree's expected class probabilities: its leaves' values weighted by the training rows that reached them.
 * @param tree the fitted tree
 * @param out accumulator of nClasses values
 * @param scale weight of this tree
 */
export function addExpectedValue(tree: FlatTree, out: Float64Array, scale = 1): void {
  const k = tree.nClasses;
  const root = tree.nodeSamples[0];
  for (let node = 0; node < tree.nodeCount; node++) {
    if (tree.feature[node] >= 0) continue;
    const share = (tree.nodeSamples[node] / root) * scale;
    for (let c = 0; c < k; c++) out[c] += share * tree.value[node * k + c];
  }
}

/** One row explained: the expected probabilities and each input's contribution per class. */
export interface RowExplanation {
  /** Expected class probabilities (what the model says knowing no input). */
  expected: Float64Array;
  /** Contribution of input f to class c at f * nClasses + c; expected + the sum over f is the row's prediction. */
  phi: Float64Array;
}

/**
 * Explains one row of a tree model: a decision tree (one tree) or a forest (the mean of its trees, as it predicts).
 * @param trees the model's trees
 * @param x the row's model inputs
 * @param nFeatures number of inputs
 */
export function explainTreesRow(trees: FlatTree[], x: ArrayLike<number>, nFeatures: number): RowExplanation {
  const k = trees[0].nClasses;
  const expected = new Float64Array(k);
  const phi = new Float64Array(nFeatures * k);
  const scale = 1 / trees.length;
  for (const tree of trees) {
    addExpectedValue(tree, expected, scale);
    addTreeShap(tree, x, phi, scale);
  }
  return { expected, phi };
}
