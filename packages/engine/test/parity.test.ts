/**
 * Accuracy parity with scikit-learn 1.2: the goldens in bench/goldens (written by
 * bench/make-goldens.py) hold datasets, stratified test splits, explicit parameters and
 * scikit-learn's mean test accuracy; ours must be within 1 point for DT, RF, KNN and SVM.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModel, type Matrix } from '../src/models/index.ts';
import type { ModelFamily } from '@indicata/contracts';

interface Golden {
  dataset: string;
  nClasses: number;
  X: number[][];
  y: number[];
  testIndices: number[][];
  models: { family: ModelFamily; name: string; params: Record<string, unknown>; seeds: number[] | null; sklearnAccuracy: number }[];
}

const goldenDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bench/goldens');
const goldens: Golden[] = readdirSync(goldenDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(goldenDir, file), 'utf8')) as Golden);

function rowsOf(golden: Golden, indices: number[]): Matrix {
  const cols = golden.X[0].length;
  const data = new Float64Array(indices.length * cols);
  indices.forEach((row, i) => data.set(golden.X[row], i * cols));
  return { data, rows: indices.length, cols };
}

/** Our mean test accuracy over the golden's splits (and seeds), exactly as the golden was made. */
async function ourAccuracy(golden: Golden, model: Golden['models'][number]): Promise<number> {
  const accuracies: number[] = [];
  for (const test of golden.testIndices) {
    const isTest = new Set(test);
    const train = golden.y.map((_, i) => i).filter((i) => !isTest.has(i));
    const X = rowsOf(golden, train);
    const y = Int32Array.from(train, (i) => golden.y[i]);
    const Xtest = rowsOf(golden, test);
    for (const seed of model.seeds ?? [0]) {
      const classifier = createModel(model.family, model.params, seed);
      await classifier.fit(X, y, golden.nClasses);
      const predicted = classifier.predict(Xtest);
      classifier.dispose();
      let correct = 0;
      test.forEach((row, i) => {
        if (predicted[i] === golden.y[row]) correct++;
      });
      accuracies.push(correct / test.length);
    }
  }
  return accuracies.reduce((a, b) => a + b, 0) / accuracies.length;
}

test('the goldens are present', () => {
  expect(goldens.map((g) => g.dataset).sort()).toEqual(['breast_cancer', 'digits', 'make_classification', 'wine']);
});

for (const golden of goldens) {
  describe(`parity with scikit-learn on ${golden.dataset}`, () => {
    for (const model of golden.models) {
      test(`${model.name}: within 1 point of scikit-learn's ${(model.sklearnAccuracy * 100).toFixed(2)}%`, async () => {
        const ours = await ourAccuracy(golden, model);
        console.log(`parity ${golden.dataset} ${model.name}: ours ${(ours * 100).toFixed(2)}%, scikit-learn ${(model.sklearnAccuracy * 100).toFixed(2)}%`);
        expect(Math.abs(ours - model.sklearnAccuracy) * 100).toBeLessThanOrEqual(1);
      }, 60_000);
    }
  });
}
