import { createModel, type Matrix } from '../../src/models/index.ts';
import { treeFromJSON, type FlatTree, type SavedTree } from '../../src/models/tree/flat-tree.ts';
import { explainTreesRow } from '../../src/explain/tree-shap.ts';
import { createRng } from '../../src/data/random.ts';

/** Five inputs, three classes: the class depends on inputs 0 and 1 and a little on 2; 3 and 4 are noise. */
function panel(rows: number, seed: number): { X: Matrix; y: Int32Array } {
  const rng = createRng(seed);
  const cols = 5;
  const data = Float64Array.from({ length: rows * cols }, () => rng.next());
  const y = Int32Array.from({ length: rows }, (_, i) => {
    const s = data[i * cols] + 0.8 * data[i * cols + 1] + 0.3 * data[i * cols + 2] + 0.2 * rng.next();
    return s < 0.8 ? 0 : s < 1.3 ? 1 : 2;
  });
  return { X: { data, rows, cols }, y };
}

/**
 * The path-dependent value of a subset S of inputs by brute force: follow the row where the split's input is in S,
 * else average both children by their training rows (the cover).
 */
function subsetValue(tree: FlatTree, x: ArrayLike<number>, known: Set<number>, node = 0): Float64Array {
  const k = tree.nClasses;
  const f = tree.feature[node];
  if (f < 0) return tree.value.slice(node * k, node * k + k);
  if (known.has(f)) return subsetValue(tree, x, known, x[f] <= tree.threshold[node] ? tree.left[node] : tree.right[node]);
  const l = tree.left[node];
  const r = tree.right[node];
  const vl = subsetValue(tree, x, known, l);
  const vr = subsetValue(tree, x, known, r);
  const n = tree.nodeSamples[node];
  return vl.map((v, c) => (tree.nodeSamples[l] * v + tree.nodeSamples[r] * vr[c]) / n);
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** Shapley values by enumerating every subset of the other inputs (exponential: small M only). */
function bruteForceShapley(trees: FlatTree[], x: ArrayLike<number>, m: number): Float64Array {
  const k = trees[0].nClasses;
  const phi = new Float64Array(m * k);
  const value = (known: Set<number>) => {
    const out = new Float64Array(k);
    for (const t of trees) subsetValue(t, x, known).forEach((v, c) => (out[c] += v / trees.length));
    return out;
  };
  for (let i = 0; i < m; i++) {
    const others = Array.from({ length: m }, (_, j) => j).filter((j) => j !== i);
    for (let mask = 0; mask < 1 << others.length; mask++) {
      const known = new Set(others.filter((_, b) => mask & (1 << b)));
      const weight = (factorial(known.size) * factorial(m - known.size - 1)) / factorial(m);
      const without = value(known);
      known.add(i);
      const withI = value(known);
      for (let c = 0; c < k; c++) phi[i * k + c] += weight * (withI[c] - without[c]);
    }
  }
  return phi;
}

const row = (X: Matrix, i: number) => X.data.subarray(i * X.cols, (i + 1) * X.cols);

describe('TreeSHAP on tree models', () => {
  const train = panel(300, 1);
  const test = panel(25, 2);

  it('equals the Shapley values of brute-force enumeration, on a decision tree', () => {
    const model = createModel('DT', { max_depth: 6 }, 3);
    model.fit(train.X, train.y, 3);
    const tree = treeFromJSON((model.toJSON().state as { tree: SavedTree }).tree, 3);
    for (let i = 0; i < test.X.rows; i++) {
      const { phi } = explainTreesRow([tree], row(test.X, i), 5);
      const exact = bruteForceShapley([tree], row(test.X, i), 5);
      phi.forEach((v, j) => expect(v).toBeCloseTo(exact[j], 10));
    }
  });

  it('adds up to the prediction minus the expected value, and gives noise inputs little, on a forest', () => {
    const model = createModel('RF', { n_estimators: 20, max_depth: 5 }, 4);
    model.fit(train.X, train.y, 3);
    const trees = (model.toJSON().state as { trees: SavedTree[] }).trees.map((t) => treeFromJSON(t, 3));
    const proba = model.predictProba(test.X);
    const share = new Float64Array(5);
    for (let i = 0; i < test.X.rows; i++) {
      const { expected, phi } = explainTreesRow(trees, row(test.X, i), 5);
      for (let c = 0; c < 3; c++) {
        let sum = expected[c];
        for (let f = 0; f < 5; f++) sum += phi[f * 3 + c];
        expect(sum).toBeCloseTo(proba[i * 3 + c], 10);
      }
      for (let f = 0; f < 5; f++) for (let c = 0; c < 3; c++) share[f] += Math.abs(phi[f * 3 + c]);
      if (i < 3) {
        const exact = bruteForceShapley(trees, row(test.X, i), 5);
        phi.forEach((v, j) => expect(v).toBeCloseTo(exact[j], 10));
      }
    }
    // Inputs 0 and 1 drive the class; 3 and 4 are noise.
    expect(Math.min(share[0], share[1])).toBeGreaterThan(2 * Math.max(share[3], share[4]));
  });
});
