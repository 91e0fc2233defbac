import type { Matrix } from '../types.ts';

/**
 * A fitted tree as flat arrays indexed by node id (0 is the root). A leaf has feature -1.
 * Rows with x[feature] <= threshold go to `left`.
 */
export interface FlatTree {
  nodeCount: number;
  nClasses: number;
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  /** Class probabilities per node, row-major nodeCount * nClasses. */
  value: Float64Array;
  /** Training rows (in-bag, distinct) that reached each node. */
  nodeSamples: Int32Array;
  depth: Int32Array;
  /** Raw weighted impurity decrease per feature (not normalised). */
  importances: Float64Array;
}

/**
 * Leaf reached by one row.
 * @param tree the fitted tree
 * @param data row-major values
 * @param offset index of the row's first value in `data`
 */
export function leafOf(tree: FlatTree, data: Float64Array, offset: number): number {
  const { feature, threshold, left, right } = tree;
  let node = 0;
  let f = feature[0];
  while (f >= 0) {
    node = data[offset + f] <= threshold[node] ? left[node] : right[node];
    f = feature[node];
  }
  return node;
}

/**
 * Adds `scale` times the tree's class probabilities of every row of X to `out` (rows * nClasses).
 * @param tree the fitted tree
 * @param X rows to predict
 * @param out accumulator, row-major rows * nClasses
 * @param scale factor applied to each probability (1 / n_trees for a forest)
 */
export function accumulateProba(tree: FlatTree, X: Matrix, out: Float64Array, scale: number): void {
  const k = tree.nClasses;
  for (let i = 0; i < X.rows; i++) {
    const leaf = leafOf(tree, X.data, i * X.cols) * k;
    const o = i * k;
    for (let c = 0; c < k; c++) out[o + c] += scale * tree.value[leaf + c];
  }
}

/** JSON form of a tree: plain arrays (JSON numbers keep doubles exactly). */
export interface SavedTree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
  nodeSamples: number[];
  importances: number[];
}

/** @param tree the fitted tree @returns its JSON form */
export function treeToJSON(tree: FlatTree): SavedTree {
  return {
    feature: Array.from(tree.feature),
    threshold: Array.from(tree.threshold),
    left: Array.from(tree.left),
    right: Array.from(tree.right),
    value: Array.from(tree.value),
    nodeSamples: Array.from(tree.nodeSamples),
    importances: Array.from(tree.importances),
  };
}

/** @param saved JSON form from treeToJSON @param nClasses number of classes @returns the tree */
export function treeFromJSON(saved: SavedTree, nClasses: number): FlatTree {
  const nodeCount = saved.feature.length;
  const depth = new Int32Array(nodeCount);
  for (let node = 0; node < nodeCount; node++) {
    if (saved.feature[node] >= 0) {
      depth[saved.left[node]] = depth[node] + 1;
      depth[saved.right[node]] = depth[node] + 1;
    }
  }
  return {
    nodeCount,
    nClasses,
    feature: Int32Array.from(saved.feature),
    threshold: Float64Array.from(saved.threshold),
    left: Int32Array.from(saved.left),
    right: Int32Array.from(saved.right),
    value: Float64Array.from(saved.value),
    nodeSamples: Int32Array.from(saved.nodeSamples),
    depth,
    importances: Float64Array.from(saved.importances),
  };
}
