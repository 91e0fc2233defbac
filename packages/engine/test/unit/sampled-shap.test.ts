import { createModel, prepareModels, type Matrix } from '../../src/models/index.ts';
import type { SavedPipelineModel } from '../../src/pipeline/saved-model.ts';
import { createRng } from '../../src/data/random.ts';
import { sampleShapley, type ShapleyGame } from '../../src/explain/sampling-shap.ts';
import { sampledExplanations } from '../../src/predict/explain-sampled.ts';
import { explainRows } from '../../src/predict/explain-rows.ts';
import { predictEnsembleRows, predictRowsWithProbabilities, type RawRow, type WeightedSavedModel } from '../../src/predict/predict-rows.ts';
import type { ModelFamily } from '@indicata/contracts';
import { ruleSavedModel } from '../../src/pipeline/rules.ts';

const FEATURES = ['a', 'b', 'c', 'd', 'e', 'f'];
const classes = [
  { title: 'low', min: 0, max: 1 },
  { title: 'mid', min: 1, max: 2 },
  { title: 'high', min: 2, max: 3 },
];

/** Six inputs, three classes: mostly a and b, with an a x c interaction; d, e, f are noise. */
function panel(rows: number, seed: number): { X: Matrix; y: Int32Array; raw: RawRow[] } {
  const rng = createRng(seed);
  const cols = FEATURES.length;
  const data = Float64Array.from({ length: rows * cols }, () => rng.next());
  const y = Int32Array.from({ length: rows }, (_, i) => {
    const x = data.subarray(i * cols, (i + 1) * cols);
    const s = x[0] + 0.8 * x[1] + 0.6 * x[0] * x[2] + 0.15 * rng.next();
    return s < 0.8 ? 0 : s < 1.4 ? 1 : 2;
  });
  const raw = Array.from({ length: rows }, (_, i) => Object.fromEntries(FEATURES.map((name, k) => [name, data[i * cols + k]])));
  return { X: { data, rows, cols }, y, raw };
}

const training = panel(160, 1);
const query = panel(6, 2).raw;

/** A fitted model of `family` on `features` with a background of `backgroundRows` training rows. */
async function saved(family: ModelFamily, params: Record<string, unknown>, features = FEATURES, backgroundRows = 24): Promise<SavedPipelineModel> {
  const cols = features.length;
  const index = features.map((name) => FEATURES.indexOf(name));
  const data = new Float64Array(training.X.rows * cols);
  for (let i = 0; i < training.X.rows; i++) index.forEach((k, j) => (data[i * cols + j] = training.X.data[i * FEATURES.length + k]));
  await prepareModels([family]);
  const model = createModel(family, params, 3);
  await model.fit({ data, rows: training.X.rows, cols }, training.y, 3);
  const json = model.toJSON();
  model.dispose();
  const rows = Array.from({ length: backgroundRows }, (_, r) => r * 5);
  return {
    ...json,
    pipeline: {
      features,
      fill: features.map(() => 0.5),
      binEdges: features.map(() => null),
      scaler: null,
      classes,
      background: { keys: rows.map((r) => `p${r}\u00002000`), values: rows.flatMap((r) => Array.from(data.subarray(r * cols, (r + 1) * cols))) },
    },
  };
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** Shapley values of a game by enumerating every subset of the other players (small M only). */
function bruteForce(m: number, value: (inS: boolean[]) => number): Float64Array {
  const phi = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    for (let mask = 0; mask < 1 << m; mask++) {
      if (mask & (1 << i)) continue;
      const inS = Array.from({ length: m }, (_, j) => (mask & (1 << j)) !== 0);
      const size = inS.filter(Boolean).length;
      const weight = (factorial(size) * factorial(m - size - 1)) / factorial(m);
      const without = value(inS);
      inS[i] = true;
      phi[i] += weight * (value(inS) - without);
    }
  }
  return phi;
}

/** The interventional game of one row of a single model: v(S) = mean over background rows of f(row on S, background elsewhere). */
function exactShapley(model: SavedPipelineModel, row: RawRow, c: number): Float64Array {
  const { features, background } = model.pipeline;
  const cols = features.length;
  const nb = (background?.keys ?? []).length;
  return bruteForce(cols, (inS) => {
    const mixed: RawRow[] = Array.from({ length: nb }, (_, b) =>
      Object.fromEntries(features.map((name, k) => [name, inS[k] ? (row[name] as number) : (background?.values[b * cols + k] as number)])),
    );
    return predictRowsWithProbabilities(model, mixed).reduce((s, p) => s + p.probabilities[c], 0) / nb;
  });
}

const sumOf = (values: { value: number }[]) => values.reduce((s, v) => s + v.value, 0);

// Model fits and enumeration take seconds on a machine shared with other work.
describe('sampled Shapley values (permutation sampling over background rows)', { timeout: 60_000 }, () => {
  it.each([
    ['KNN', { n_neighbors: 7, weights: 'distance' }],
    ['SVM', { C: 2, probability: true }],
    ['SVM', { C: 2, probability: false }],
    ['ANN', { epochs: 30 }],
  ] as [ModelFamily, Record<string, unknown>][])('%s %j: contributions plus the base value are the predicted probability (1e-9)', async (family, params) => {
    const model = await saved(family, params);
    const predictions = predictRowsWithProbabilities(model, query);
    const explained = explainRows(model, query, predictions.map((p) => p.index), Infinity);
    expect(explained).not.toBeNull();
    explained?.forEach((e, i) => {
      expect(e.method).toBe('sampled');
      expect(Math.abs(e.expected + sumOf(e.contributions) - predictions[i].probabilities[predictions[i].index])).toBeLessThan(1e-9);
    });
  });

  it('adds up for the ensemble of members with different inputs, to its combined probability', async () => {
    const members: WeightedSavedModel[] = [
      { saved: await saved('KNN', { n_neighbors: 5 }, ['a', 'b', 'c', 'd']), weight: 0.6 },
      { saved: await saved('SVM', { probability: true }, FEATURES), weight: 0.4 },
    ];
    const predictions = predictEnsembleRows(members, query);
    const explained = explainRows(members, query, predictions.map((p) => p.index), Infinity);
    expect(explained).not.toBeNull();
    explained?.forEach((e, i) => {
      expect(Math.abs(e.expected + sumOf(e.contributions) - predictions[i].probabilities[predictions[i].index])).toBeLessThan(1e-9);
      // e and f are read by the SVM only, yet are inputs of the ensemble.
      for (const c of e.contributions) expect(FEATURES).toContain(c.feature);
    });
  });

  it('is close to brute-force enumeration of every subset: within 4 standard errors per input (KNN, SVM)', async () => {
    // The estimate is a mean of independent per-background-row samples, so it is within a few standard errors of
    // its expectation, the exact Shapley value; 4 gives a false alarm about once in 16,000 inputs under a normal
    // approximation. The standard error over-states the error (it also counts how the exact values differ between
    // background rows, which every estimate uses in full), so the bound is safe; the largest error here is 0.036 of
    // probability against 4 standard errors of 0.05-0.4. An absolute cap of 0.05 keeps a wide standard error from
    // hiding a wrong estimate.
    for (const model of [await saved('KNN', { n_neighbors: 9 }, FEATURES, 16), await saved('SVM', { C: 1, probability: true }, FEATURES, 16)]) {
      const predictions = predictRowsWithProbabilities(model, query);
      const sampled = sampledExplanations([{ saved: model, weight: 1 }], query, predictions.map((p) => p.index), 4);
      query.forEach((row, i) => {
        const exact = exactShapley(model, row, predictions[i].index);
        const estimate = sampled?.rows[i];
        exact.forEach((phi, f) => {
          const error = Math.abs((estimate?.phi[f] ?? NaN) - phi);
          expect(error).toBeLessThanOrEqual(4 * (estimate?.standardError[f] ?? 0) + 1e-12);
          expect(error).toBeLessThan(0.05);
        });
      });
    }
  });

  it('matches enumeration on a game with interactions, and its error shrinks with more orders', () => {
    // f = x0 * x1 + 2 * x2 - x3 * x4 * x5 on 0/1 inputs, the row all ones, 8 random background rows.
    const m = 6;
    const rng = createRng(7);
    const background = Array.from({ length: 8 }, () => Array.from({ length: m }, () => (rng.next() < 0.5 ? 1 : 0)));
    const f = (x: number[]) => x[0] * x[1] + 2 * x[2] - x[3] * x[4] * x[5];
    const mix = (inS: ArrayLike<number | boolean>, b: number) => Array.from({ length: m }, (_, i) => (inS[i] ? 1 : background[b][i]));
    const game: ShapleyGame = {
      players: m,
      backgrounds: background.length,
      differs: Uint8Array.from({ length: background.length * m }, (_, k) => (background[Math.floor(k / m)][k % m] !== 1 ? 1 : 0)),
      evaluate: (masks, backgroundOf, count) => Float64Array.from({ length: count }, (_, q) => f(mix(masks.subarray(q * m, (q + 1) * m), backgroundOf[q]))),
    };
    const exact = bruteForce(m, (inS) => background.reduce((s, _, b) => s + f(mix(inS, b)), 0) / background.length);
    const error = (pairs: number) => {
      const est = sampleShapley(game, { seed: 11, pairs });
      // One walk per background row leaves too few samples per row for a standard error to mean much.
      if (pairs >= 1) est.phi.forEach((phi, i) => expect(Math.abs(phi - exact[i])).toBeLessThanOrEqual(4 * est.standardError[i] + 1e-12));
      expect(Math.abs(est.base + est.phi.reduce((s, v) => s + v, 0) - f(Array(m).fill(1)))).toBeLessThan(1e-12);
      return Math.max(...est.phi.map((phi, i) => Math.abs(phi - exact[i])));
    };
    expect(error(200)).toBeLessThan(error(1) + 1e-12);
    expect(error(200)).toBeLessThan(0.05);
    // Half: one walk per background row, still adding up exactly.
    error(0.5);
  });

  it('is repeatable: the same seed gives the same values, and a row gets the same values alone or in a batch', async () => {
    const model = await saved('KNN', { n_neighbors: 5 });
    const predicted = predictRowsWithProbabilities(model, query).map((p) => p.index);
    const first = explainRows(model, query, predicted, Infinity);
    expect(explainRows(model, query, predicted, Infinity)).toEqual(first);
    expect(explainRows(model, [query[3]], [predicted[3]], Infinity)?.[0]).toEqual(first?.[3]);
  });

  it('explains the persistence rule by its one input: the previous class takes the whole difference, exactly', () => {
    const base: SavedPipelineModel['pipeline'] = { features: ['a', 'previousClass'], fill: [0.5, 0], binEdges: [null, null], scaler: null, classes };
    const rule = ruleSavedModel('Persistence', base, 1, 0, 3);
    const previous = [0, 1, 2, 2, 1, 2, 0, 2];
    rule.pipeline.background = { keys: previous.map((_, i) => `p${i}\u00002000`), values: previous.flatMap((c, i) => [i / 8, c]) };
    const rows: RawRow[] = [
      { a: 0.3, previousClass: 2 },
      { a: 0.9, previousClass: 0 },
    ];
    const explained = explainRows(rule, rows, [2, 0], Infinity);
    // Background: class 0 twice, 2 four times in 8 rows.
    expect(explained?.[0]).toEqual({ expected: 0.5, contributions: [{ feature: 'previousClass', value: 0.5 }], method: 'sampled' });
    expect(explained?.[1]).toEqual({ expected: 0.25, contributions: [{ feature: 'previousClass', value: 0.75 }], method: 'sampled' });
  });

  it('gives no sampled explanation for a model saved without background rows', async () => {
    const model = await saved('KNN', { n_neighbors: 5 });
    const { background: _unused, ...pipeline } = model.pipeline;
    expect(explainRows({ ...model, pipeline }, query, [0, 0, 0, 0, 0, 0])).toBeNull();
  });
});
