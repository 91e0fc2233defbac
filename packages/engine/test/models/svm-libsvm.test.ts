/**
 * The TypeScript C-SVC against libsvm-js (libsvm compiled to WASM) as the oracle: same support
 * vectors, rho, coefficients and predictions; model files readable both ways; probabilities close.
 */
import { createModel, loadModel, type Matrix, type SvmClassifier } from '../../src/models/index.ts';
import { loadLibsvm, type LibsvmModel } from './libsvm-oracle.ts';
import { parseModelText } from '../../src/models/svm/model-parse.ts';
import type { SvcModel } from '../../src/models/svm/model.ts';
import { accuracy, blobs, expectProbabilities } from './data.ts';

const libsvm = await loadLibsvm(false);
const KERNEL_CODES = { linear: '0', poly: '1', rbf: '2', sigmoid: '3', precomputed: '4' } as const;
type Kernel = keyof typeof KERNEL_CODES;

interface Dataset {
  name: string;
  X: Matrix;
  y: Int32Array;
  nClasses: number;
}

/** Labels relabelled so that libsvm's class order (first appearance) is not 0, 1, 2... */
function shuffledLabels(y: Int32Array, mapping: number[]): Int32Array {
  return y.map((v) => mapping[v]);
}

const three = blobs(240, 5, 3, 11, 0.9);
const four = blobs(400, 20, 4, 12, 0.5);
const two = blobs(300, 3, 2, 13, 0.6);
const DATASETS: Dataset[] = [
  { name: '3 classes, 5 features', X: three.X, y: three.y, nClasses: 3 },
  { name: '4 classes, 20 features, class order 2 0 3 1', X: four.X, y: shuffledLabels(four.y, [2, 0, 3, 1]), nClasses: 4 },
  { name: '2 overlapping classes', X: two.X, y: two.y, nClasses: 2 },
];

/** Per-kernel parameters that give each kernel a sensible problem. */
function paramsFor(kernel: Kernel, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { kernel, C: 2, degree: 3, coef0: kernel === 'poly' ? 1 : kernel === 'sigmoid' ? 0.5 : 0, gamma: kernel === 'sigmoid' ? 0.02 : 'scale', ...extra };
}

/** The n x n linear kernel matrix a "precomputed" fit takes, or X itself. */
function inputFor(kernel: Kernel, X: Matrix): Matrix {
  if (kernel !== 'precomputed') return X;
  const data = new Float64Array(X.rows * X.rows);
  for (let i = 0; i < X.rows; i++) {
    for (let j = 0; j < X.rows; j++) {
      let dot = 0;
      for (let f = 0; f < X.cols; f++) dot += X.data[i * X.cols + f] * X.data[j * X.cols + f];
      data[i * X.rows + j] = dot;
    }
  }
  return { data, rows: X.rows, cols: X.rows };
}

/** libsvm-js's sample for row i (a precomputed row starts with its serial number, 0 when predicting). */
function sample(kernel: Kernel, X: Matrix, i: number, serial: number): number[] {
  const values = Array.from(X.data.subarray(i * X.cols, (i + 1) * X.cols));
  return kernel === 'precomputed' ? [serial, ...values] : values;
}

async function fitOurs(kernel: Kernel, X: Matrix, y: Int32Array, nClasses: number, extra: Record<string, unknown> = {}): Promise<SvmClassifier> {
  const model = createModel('SVM', paramsFor(kernel, extra), 0) as SvmClassifier;
  await model.fit(X, y, nClasses);
  return model;
}

/** libsvm-js trained with exactly the parameters our model used (gamma as resolved by ours). */
function fitLibsvm(kernel: Kernel, X: Matrix, y: Int32Array, gamma: number, extra: Record<string, unknown> = {}): LibsvmModel {
  const params = paramsFor(kernel, extra);
  const svm = new libsvm.SVM({
    type: '0',
    kernel: KERNEL_CODES[kernel],
    degree: params.degree,
    gamma,
    coef0: params.coef0,
    cost: params.C,
    cacheSize: extra.cache_size ?? 200,
    tolerance: extra.tol ?? 1e-3,
    shrinking: extra.shrinking ?? true,
    probabilityEstimates: Boolean(extra.probability),
    quiet: true,
  });
  const samples: number[][] = [];
  for (let i = 0; i < X.rows; i++) samples.push(sample(kernel, X, i, i + 1));
  svm.train(samples, Array.from(y));
  return svm;
}

function predictLibsvm(svm: LibsvmModel, kernel: Kernel, X: Matrix): Int32Array {
  return Int32Array.from({ length: X.rows }, (_, i) => svm.predictOne(sample(kernel, X, i, 0)));
}

function probaLibsvm(svm: LibsvmModel, kernel: Kernel, X: Matrix, k: number): Float64Array {
  const out = new Float64Array(X.rows * k);
  for (let i = 0; i < X.rows; i++) {
    for (const { label, probability } of svm.predictOneProbability(sample(kernel, X, i, 0)).estimates) out[i * k + label] = probability;
  }
  return out;
}

function ourModel(model: SvmClassifier, nFeatures: number): SvcModel {
  return parseModelText((model.toJSON().state as { libsvmModel: string }).libsvmModel, nFeatures);
}

const KERNELS: Kernel[] = ['linear', 'poly', 'rbf', 'sigmoid', 'precomputed'];
const CASES = DATASETS.flatMap((data) => KERNELS.map((kernel) => ({ data, kernel })));

describe('the TypeScript C-SVC against libsvm-js', () => {
  test.each(CASES)('$data.name, $kernel: same support vectors, rho, coefficients and predictions', async ({ data, kernel }) => {
    const X = inputFor(kernel, data.X);
    const ours = await fitOurs(kernel, X, data.y, data.nClasses);
    const svm = fitLibsvm(kernel, X, data.y, ours.gamma() as number);
    try {
      const mine = ourModel(ours, X.cols);
      const theirs = parseModelText(svm.serializeModel(), X.cols);
      expect(Array.from(mine.labels)).toEqual(Array.from(theirs.labels));
      expect(Array.from(mine.nSV)).toEqual(Array.from(theirs.nSV));
      expect(mine.svSerial && Array.from(mine.svSerial)).toEqual(theirs.svSerial && Array.from(theirs.svSerial));
      // libsvm-js writes rho with %g (6 significant digits) and sv_coef with %.16g.
      mine.rho.forEach((rho, p) => expect(Math.abs(rho - theirs.rho[p])).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(rho))));
      mine.svCoef.forEach((coef, s) => expect(Math.abs(coef - theirs.svCoef[s])).toBeLessThan(1e-9));
      // libsvm-js predicts from its re-read file (SV values at 8 digits, rho at 6): no row here lies
      // that close to a decision boundary, so the predictions agree exactly.
      expect(ours.predict(X)).toEqual(predictLibsvm(svm, kernel, X));
    } finally {
      svm.free();
    }
  });

  test.each([
    { shrinking: true, cache_size: 0.05, tol: 1e-3 },
    { shrinking: false, cache_size: 0.05, tol: 1e-3 },
    { shrinking: true, cache_size: 200, tol: 1e-5 },
  ])('a small cache (evictions), shrinking=$shrinking, tol=$tol: still the same model', async (extra) => {
    const { X, y, nClasses } = blobs(900, 8, 3, 14, 0.4);
    const ours = await fitOurs('rbf', X, y, nClasses, extra);
    const svm = fitLibsvm('rbf', X, y, ours.gamma() as number, extra);
    try {
      const mine = ourModel(ours, X.cols);
      const theirs = parseModelText(svm.serializeModel(), X.cols);
      expect(Array.from(mine.nSV)).toEqual(Array.from(theirs.nSV));
      mine.svCoef.forEach((coef, s) => expect(Math.abs(coef - theirs.svCoef[s])).toBeLessThan(1e-9));
      expect(ours.predict(X)).toEqual(predictLibsvm(svm, 'rbf', X));
    } finally {
      svm.free();
    }
  });

  test.each(KERNELS)('a model file we write loads in libsvm-js and predicts the same (%s)', async (kernel) => {
    const { X: raw, y, nClasses } = DATASETS[1];
    const X = inputFor(kernel, raw);
    const ours = await fitOurs(kernel, X, y, nClasses, { probability: true });
    const loaded = libsvm.SVM.load((ours.toJSON().state as { libsvmModel: string }).libsvmModel);
    try {
      expect(predictLibsvm(loaded, kernel, X)).toEqual(ours.predict(X));
      const theirs = probaLibsvm(loaded, kernel, X, nClasses);
      ours.predictProba(X).forEach((p, i) => expect(Math.abs(p - theirs[i])).toBeLessThan(1e-9));
    } finally {
      loaded.free();
    }
  });

  test.each(KERNELS)('a model file libsvm-js wrote loads in ours and predicts the same (%s)', async (kernel) => {
    const { X: raw, y, nClasses } = DATASETS[0];
    const X = inputFor(kernel, raw);
    const gamma = (await fitOurs(kernel, X, y, nClasses)).gamma() as number;
    const trained = fitLibsvm(kernel, X, y, gamma, { probability: true });
    const text = trained.serializeModel();
    trained.free();
    // The old SvmClassifier predicted with the model re-read from this text (rho, probA, probB at
    // 6 digits, support vectors at 8), so that is the reference.
    const svm = libsvm.SVM.load(text);
    try {
      const saved = {
        format: 'indicata-model' as const,
        version: 1 as const,
        family: 'SVM' as const,
        params: paramsFor(kernel, { probability: true }),
        nFeatures: X.cols,
        nClasses,
        state: { libsvmModel: text, constantClass: null, gamma },
      };
      const loaded = loadModel(JSON.parse(JSON.stringify(saved)));
      expect(loaded.predict(X)).toEqual(predictLibsvm(svm, kernel, X));
      const theirs = probaLibsvm(svm, kernel, X, nClasses);
      loaded.predictProba(X).forEach((p, i) => expect(Math.abs(p - theirs[i])).toBeLessThan(1e-9));
    } finally {
      svm.free();
    }
  });

  test.each(DATASETS)('probabilities on $name are valid, reproducible and close to libsvm-js', async ({ X, y, nClasses }) => {
    const first = await fitOurs('rbf', X, y, nClasses, { probability: true });
    const second = await fitOurs('rbf', X, y, nClasses, { probability: true });
    const proba = first.predictProba(X);
    expectProbabilities(proba, X.rows, nClasses);
    expect(second.predictProba(X)).toEqual(proba);
    // The cross-validation folds differ from libsvm's (seeded shuffle, not C's rand()), so the
    // sigmoids differ a little: compare the arg-max and the probabilities loosely.
    const svm = await (async () => {
      const fresh = await loadLibsvm(true);
      const model = new fresh.SVM({ type: '0', kernel: '2', gamma: first.gamma(), cost: 2, cacheSize: 200, tolerance: 1e-3, shrinking: true, probabilityEstimates: true, quiet: true });
      const samples: number[][] = [];
      for (let i = 0; i < X.rows; i++) samples.push(sample('rbf', X, i, i + 1));
      model.train(samples, Array.from(y));
      return model;
    })();
    try {
      const theirs = probaLibsvm(svm, 'rbf', X, nClasses);
      const argmax = (p: Float64Array) => Int32Array.from({ length: X.rows }, (_, i) => {
        let best = 0;
        for (let c = 1; c < nClasses; c++) if (p[i * nClasses + c] > p[i * nClasses + best]) best = c;
        return best;
      });
      expect(accuracy(argmax(proba), argmax(theirs))).toBeGreaterThanOrEqual(0.97);
      expect(Math.abs(accuracy(first.predictFromProba(X), y) - accuracy(argmax(theirs), y))).toBeLessThanOrEqual(0.03);
      let meanDiff = 0;
      proba.forEach((p, i) => (meanDiff += Math.abs(p - theirs[i])));
      expect(meanDiff / proba.length).toBeLessThan(0.05);
    } finally {
      svm.free();
    }
  });
});
