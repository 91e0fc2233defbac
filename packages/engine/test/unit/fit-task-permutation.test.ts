import { runFitTask, permutationOrder, type FitTask } from '../../src/search/fit-task.ts';
import { applyScaler, fitScaler, SCALERS } from '../../src/preprocess/scalers.ts';
import { createModel, type Matrix } from '../../src/models/index.ts';
import { createRng } from '../../src/data/random.ts';

const MODEL_MODULE = new URL('../../src/models/index.ts', import.meta.url).href;

/** A skewed, non-negative panel-like matrix (so log1p-standard takes its logarithm) with ties (quantile's flat steps). */
function matrix(rows: number, cols: number, seed: number): Matrix {
  const rng = createRng(seed);
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(Math.exp(3 * rng.next()) * 10) / 10;
  return { data, rows, cols };
}

describe('permutation importance of a fit task', () => {
  const train = matrix(120, 4, 1);
  const y = Int32Array.from({ length: 120 }, (_, i) => (train.data[i * 4] + train.data[i * 4 + 1] > 20 ? 1 : 0));
  const test = matrix(40, 4, 2);
  const permutation = { repeats: 2, seed: 7, matrix: 0 };

  it.each(SCALERS)('equals scaling each permuted copy of the raw rows (%s scaler)', async (scaler) => {
    const task: FitTask = { family: 'KNN', params: { n_neighbors: 5 }, scaler, seed: 3, nClasses: 2, train, y, predict: [test], deadline: null, final: false, permutation, modelModule: MODEL_MODULE };
    const result = await runFitTask(task);
    // The reference: the same deterministic model, each feature of the raw test rows shuffled, then scaled.
    const state = fitScaler(scaler, train);
    const model = createModel('KNN', { n_neighbors: 5 }, 3);
    await model.fit(applyScaler(state, train), y, 2);
    for (let f = 0; f < test.cols; f++) {
      for (let r = 0; r < permutation.repeats; r++) {
        const order = permutationOrder(test.rows, permutation.seed, f, r);
        const data = test.data.slice();
        for (let i = 0; i < test.rows; i++) data[i * test.cols + f] = test.data[order[i] * test.cols + f];
        const proba = model.predictProba(applyScaler(state, { data, rows: test.rows, cols: test.cols }));
        expect(Array.from(result.permuted!.probabilities[f][r])).toEqual(Array.from(proba));
      }
    }
    expect(Array.from(result.permuted!.base)).toEqual(Array.from(model.predict(applyScaler(state, test))));
    model.dispose();
  });
});
