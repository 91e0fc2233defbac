import { createModel, loadModel, type Matrix, type SvmClassifier } from '../../src/models/index.ts';
import { accuracy, blobs, expectProbabilities } from './data.ts';

const { X, y, nClasses } = blobs(150, 4, 3, 21, 1.2);

async function fitSvm(params: Record<string, unknown>, data: Matrix = X, labels: Int32Array = y): Promise<SvmClassifier> {
  const model = createModel('SVM', params, 0) as SvmClassifier;
  await model.fit(data, labels, nClasses);
  return model;
}

/** Linear kernel matrix between the rows of A and B. */
function linearKernel(A: Matrix, B: Matrix): Matrix {
  const data = new Float64Array(A.rows * B.rows);
  for (let i = 0; i < A.rows; i++) {
    for (let j = 0; j < B.rows; j++) {
      let dot = 0;
      for (let f = 0; f < A.cols; f++) dot += A.data[i * A.cols + f] * B.data[j * B.cols + f];
      data[i * B.rows + j] = dot;
    }
  }
  return { data, rows: A.rows, cols: B.rows };
}

describe('support vector machine', () => {
  test.each(['linear', 'poly', 'rbf', 'sigmoid'])('the %s kernel learns blobs', async (kernel) => {
    const model = await fitSvm({ kernel, coef0: kernel === 'sigmoid' ? 0 : 1, gamma: kernel === 'sigmoid' ? 0.01 : 'scale' });
    expect(accuracy(model.predict(X), y)).toBeGreaterThan(0.8);
    model.dispose();
  });

  test('gamma scale is 1 / (n_features * X.var()) and auto is 1 / n_features', async () => {
    const values = Array.from(X.data);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
    expect((await fitSvm({ gamma: 'scale' })).gamma()).toBeCloseTo(1 / (4 * variance), 12);
    expect((await fitSvm({ gamma: 'auto' })).gamma()).toBe(0.25);
  });

  test('probabilities are refused without probability=true, given and reproducible with it', async () => {
    const plain = await fitSvm({});
    expect(() => plain.predictProba(X)).toThrow(/probability=false/);
    const first = await fitSvm({ probability: true });
    const second = await fitSvm({ probability: true });
    const proba = first.predictProba(X);
    expectProbabilities(proba, X.rows, nClasses);
    expect(second.predictProba(X)).toEqual(proba);
    [plain, first, second].forEach((m) => m.dispose());
  });

  test('a precomputed kernel matrix gives the linear kernel results', async () => {
    const train: Matrix = { data: X.data.subarray(0, 100 * 4), rows: 100, cols: 4 };
    const test: Matrix = { data: X.data.subarray(100 * 4), rows: 50, cols: 4 };
    const labels = y.subarray(0, 100);
    const linear = await fitSvm({ kernel: 'linear' }, train, labels);
    const precomputed = await fitSvm({ kernel: 'precomputed' }, linearKernel(train, train), labels);
    expect(precomputed.predict(linearKernel(test, train))).toEqual(linear.predict(test));
    const loaded = loadModel(JSON.parse(JSON.stringify(precomputed.toJSON())));
    expect(loaded.predict(linearKernel(test, train))).toEqual(linear.predict(test));
    await expect(fitSvm({ kernel: 'precomputed' }, train, labels)).rejects.toThrow(/square training kernel matrix/);
    [linear, precomputed, loaded].forEach((m) => m.dispose());
  });

  test('round trip keeps predictions and probabilities', async () => {
    const model = await fitSvm({ C: 3, probability: true });
    const loaded = loadModel(JSON.parse(JSON.stringify(model.toJSON())));
    expect(loaded.predict(X)).toEqual(model.predict(X));
    expect(loaded.predictProba(X)).toEqual(model.predictProba(X));
    model.dispose();
    loaded.dispose();
    loaded.dispose(); // twice is safe
  });

  test('a single training class predicts that class', async () => {
    const model = await fitSvm({}, X, new Int32Array(X.rows).fill(2));
    expect(new Set(model.predict(X))).toEqual(new Set([2]));
  });
});
