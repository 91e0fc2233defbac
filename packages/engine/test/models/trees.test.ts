import { createModel, loadModel, type DecisionTreeClassifier, type Matrix, type RandomForestClassifier } from '../../src/models/index.ts';
import { accuracy, blobs, expectProbabilities } from './data.ts';

const { X, y, nClasses } = blobs(300, 6, 3, 11, 1.5);
const roundTrip = <T>(model: { toJSON(): unknown }) => loadModel(JSON.parse(JSON.stringify(model.toJSON()))) as T;

function fitTree(params: Record<string, unknown>, seed = 0, data = X, labels = y): DecisionTreeClassifier {
  const model = createModel('DT', params, seed) as DecisionTreeClassifier;
  model.fit(data, labels, nClasses);
  return model;
}

describe('decision tree', () => {
  test('a fully grown tree fits distinct training rows exactly', () => {
    expect(accuracy(fitTree({}).predict(X), y)).toBe(1);
  });

  test('max_depth is respected', () => {
    expect(fitTree({ max_depth: 3 }).depth()).toBeLessThanOrEqual(3);
    expect(fitTree({}).depth()).toBeGreaterThan(3);
  });

  test('min_samples_leaf is respected by every leaf', () => {
    const tree = fitTree({ min_samples_leaf: 7 }).fitted();
    for (let node = 0; node < tree.nodeCount; node++) {
      if (tree.feature[node] < 0) expect(tree.nodeSamples[node]).toBeGreaterThanOrEqual(7);
    }
  });

  test('min_samples_split: no node with fewer rows is split', () => {
    const tree = fitTree({ min_samples_split: 40 }).fitted();
    for (let node = 0; node < tree.nodeCount; node++) {
      if (tree.feature[node] >= 0) expect(tree.nodeSamples[node]).toBeGreaterThanOrEqual(40);
    }
  });

  test('max_leaf_nodes grows best-first to exactly that many leaves', () => {
    expect(fitTree({ max_leaf_nodes: 5 }).leafCount()).toBe(5);
    expect(fitTree({ max_leaf_nodes: 2 }).leafCount()).toBe(2);
  });

  test('min_impurity_decrease stops weak splits', () => {
    expect(fitTree({ min_impurity_decrease: 10 }).leafCount()).toBe(1);
    expect(fitTree({ min_impurity_decrease: 0.01 }).leafCount()).toBeLessThan(fitTree({}).leafCount());
  });

  test('min_weight_fraction_leaf bounds the weight of every leaf', () => {
    const tree = fitTree({ min_weight_fraction_leaf: 0.1 }).fitted();
    for (let node = 0; node < tree.nodeCount; node++) {
      if (tree.feature[node] < 0) expect(tree.nodeSamples[node]).toBeGreaterThanOrEqual(30);
    }
  });

  test('entropy and log_loss are the same criterion', () => {
    expect(fitTree({ criterion: 'entropy' }).predict(X)).toEqual(fitTree({ criterion: 'log_loss' }).predict(X));
  });

  test('the random splitter is deterministic per seed and differs across seeds', () => {
    const a = fitTree({ splitter: 'random' }, 1).fitted();
    const b = fitTree({ splitter: 'random' }, 1).fitted();
    const c = fitTree({ splitter: 'random' }, 2).fitted();
    expect(a.threshold).toEqual(b.threshold);
    expect(a.threshold).not.toEqual(c.threshold);
    expect(fitTree({ splitter: 'random', random_state: 5 }, 1).fitted().threshold).toEqual(fitTree({ splitter: 'random', random_state: 5 }, 2).fitted().threshold);
  });

  test('max_features limits the features a split may use', () => {
    // With one feature per split the chosen feature is random: trees differ across seeds.
    const a = fitTree({ max_features: 1 }, 1).fitted();
    const b = fitTree({ max_features: 1 }, 2).fitted();
    expect(Array.from(a.feature)).not.toEqual(Array.from(b.feature));
  });

  test('probabilities sum to 1 and importances point at the informative feature', () => {
    const rows = 200;
    const data = new Float64Array(rows * 3);
    const labels = new Int32Array(rows);
    for (let i = 0; i < rows; i++) {
      labels[i] = i % 2;
      data[i * 3] = (i * 7919) % 13; // noise
      data[i * 3 + 1] = labels[i] * 10 + (i % 5); // informative
      data[i * 3 + 2] = (i * 104729) % 17; // noise
    }
    const model = createModel('DT', {}, 0) as DecisionTreeClassifier;
    model.fit({ data, rows, cols: 3 }, labels, 2);
    const importances = model.featureImportances();
    expect(importances[1]).toBeCloseTo(1, 9);
    expectProbabilities(fitTree({ max_depth: 2 }).predictProba(X), X.rows, nClasses);
  });

  test('class_weight balanced counts a rare class as much as a common one', () => {
    // 90 rows of class 0 and 10 of class 1 that overlap completely: a stump predicts the majority
    // unless the classes are balanced.
    const rows = 100;
    const data = new Float64Array(rows).map((_, i) => i % 10);
    const labels = Int32Array.from({ length: rows }, (_, i) => (i < 90 ? 0 : 1));
    const plain = createModel('DT', { max_depth: 1 }, 0);
    plain.fit({ data, rows, cols: 1 }, labels, 2);
    const balanced = createModel('DT', { max_depth: 1, class_weight: 'balanced' }, 0);
    balanced.fit({ data, rows, cols: 1 }, labels, 2);
    expect(plain.predictProba({ data: new Float64Array([3]), rows: 1, cols: 1 })[1]).toBeCloseTo(0.1, 9);
    expect(balanced.predictProba({ data: new Float64Array([3]), rows: 1, cols: 1 })[1]).toBeCloseTo(0.5, 9);
  });

  test('round trip keeps predictions and probabilities', () => {
    const model = fitTree({ max_depth: 6, criterion: 'entropy' });
    const loaded = roundTrip<DecisionTreeClassifier>(model);
    expect(loaded.predict(X)).toEqual(model.predict(X));
    expect(loaded.predictProba(X)).toEqual(model.predictProba(X));
    expect(loaded.featureImportances()).toEqual(model.featureImportances());
  });

  test('predicting before fitting or with the wrong width fails clearly', () => {
    expect(() => createModel('DT', {}, 0).predict(X)).toThrow(/not fitted/);
    const wrong: Matrix = { data: new Float64Array(4), rows: 2, cols: 2 };
    expect(() => fitTree({}).predict(wrong)).toThrow(/2 features, the model was fitted on 6/);
  });
});

describe('random forest', () => {
  const fitForest = (params: Record<string, unknown>, seed = 0) => {
    const model = createModel('RF', { n_estimators: 15, ...params }, seed) as RandomForestClassifier;
    model.fit(X, y, nClasses);
    return model;
  };

  test('same seed, same forest; another seed, another forest', () => {
    expect(fitForest({}, 3).predictProba(X)).toEqual(fitForest({}, 3).predictProba(X));
    expect(fitForest({}, 3).predictProba(X)).not.toEqual(fitForest({}, 4).predictProba(X));
  });

  test('bootstrap draws rows with replacement; bootstrap=false gives every tree all rows', () => {
    for (const tree of fitForest({ bootstrap: false, n_estimators: 3 }).fittedTrees()) expect(tree.nodeSamples[0]).toBe(X.rows);
    for (const tree of fitForest({ n_estimators: 3 }).fittedTrees()) {
      // About 63% distinct rows in a bootstrap sample.
      expect(tree.nodeSamples[0]).toBeGreaterThan(0.5 * X.rows);
      expect(tree.nodeSamples[0]).toBeLessThan(0.75 * X.rows);
    }
  });

  test('probabilities are the mean of the trees and sum to 1', () => {
    const forest = fitForest({ max_depth: 4 });
    expectProbabilities(forest.predictProba(X), X.rows, nClasses);
  });

  test('oob_score_ is an honest held-out accuracy, absent unless asked', () => {
    const forest = fitForest({ oob_score: true, n_estimators: 25 });
    const oob = forest.oobScore() as number;
    expect(oob).toBeGreaterThan(0.5);
    expect(oob).toBeLessThanOrEqual(1);
    expect(fitForest({}).oobScore()).toBeUndefined();
  });

  test('importances sum to 1, balanced_subsample runs, round trip keeps everything', () => {
    const forest = fitForest({ class_weight: 'balanced_subsample', oob_score: true });
    const importances = forest.featureImportances();
    expect(importances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    const loaded = roundTrip<RandomForestClassifier>(forest);
    expect(loaded.predictProba(X)).toEqual(forest.predictProba(X));
    expect(loaded.oobScore()).toBe(forest.oobScore());
  });
});

describe('presorted columns', () => {
  test('orders rows by value (negatives, zeros, ties by row index)', async () => {
    const { PresortedColumns } = await import('../../src/models/tree/presorted.ts');
    const values = [3.5, -2, 0, -0, 1e300, -1e-300, 3.5, -7.25, 0.1, 2];
    const sorted = new PresortedColumns({ data: Float64Array.from(values), rows: values.length, cols: 1 });
    const expected = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v || a.i - b.i).map((e) => e.i);
    expect(Array.from(sorted.order)).toEqual(expected);
  });
});
