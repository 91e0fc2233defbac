import type { SvmParams } from '../params.ts';
import type { Classifier, Matrix, SavedModel } from '../types.ts';
import { checkFitInput, checkPredictInput } from '../fit-input.ts';
import { argmaxRows } from '../tree/flat-tree.ts';
import { loadLibsvm, sharedLibsvm, type LibsvmModel } from './libsvm.ts';

/** State of a saved SVM (SavedModel.state for family SVM). */
export interface SavedSvmState {
  /** libsvm's own model file text (svm_save_model format), or null when y had a single class. */
  libsvmModel: string | null;
  /** The only class seen in training when libsvmModel is null. */
  constantClass: number | null;
  /** The gamma actually used (scale/auto resolved). */
  gamma: number;
}

const KERNEL_CODES: Record<SvmParams['kernel'], string> = { linear: '0', poly: '1', rbf: '2', sigmoid: '3', precomputed: '4' };

/**
 * C-support vector classifier through libsvm-js (the same libsvm as scikit-learn's SVC). For
 * kernel "precomputed", fit takes the n x n training kernel matrix K[i][j] = k(x_i, x_j) and predict
 * takes the m x n matrix k(x_test, x_train_j), like scikit-learn.
 *
 * The live model is always the one parsed back from libsvm's saved text, so a fitted model and the
 * same model after toJSON/loadModel predict identically.
 */
export class SvmClassifier implements Classifier {
  readonly family = 'SVM' as const;
  private model: LibsvmModel | null = null;
  private state: SavedSvmState | undefined;
  private nFeatures: number | undefined;
  private nClasses = 0;

  /** @param params validated SVM parameters */
  constructor(readonly params: SvmParams) {}

  /** Trains libsvm (async: a probability fit loads a fresh libsvm instance). sampleWeight is ignored. */
  async fit(X: Matrix, y: Int32Array, nClasses: number): Promise<void> {
    checkFitInput(X, y, nClasses);
    if (this.params.kernel === 'precomputed' && X.rows !== X.cols) {
      throw new Error(`A precomputed kernel needs the square training kernel matrix; got ${X.rows} x ${X.cols}.`);
    }
    this.dispose();
    const gamma = resolveGamma(this.params.gamma, X);
    const classes = new Set(y);
    if (classes.size === 1) {
      this.state = { libsvmModel: null, constantClass: y[0], gamma };
    } else {
      const instance = this.params.probability ? await loadLibsvm(true) : sharedLibsvm;
      const trainer = new instance.SVM({
        type: '0',
        kernel: KERNEL_CODES[this.params.kernel],
        degree: this.params.degree,
        gamma,
        coef0: this.params.coef0,
        cost: this.params.C,
        cacheSize: this.params.cache_size,
        tolerance: this.params.tol,
        shrinking: this.params.shrinking,
        probabilityEstimates: this.params.probability,
        quiet: true,
      });
      try {
        const samples: number[][] = [];
        for (let i = 0; i < X.rows; i++) samples.push(this.sampleOf(X, i, i + 1));
        trainer.train(samples, Array.from(y));
        this.state = { libsvmModel: trainer.serializeModel(), constantClass: null, gamma };
      } finally {
        trainer.free();
      }
    }
    this.nFeatures = X.cols;
    this.nClasses = nClasses;
    this.attach();
  }

  /** Parses the saved libsvm text into the shared instance. */
  private attach(): void {
    if (this.state?.libsvmModel) this.model = sharedLibsvm.SVM.load(this.state.libsvmModel);
  }

  /** libsvm's row for a matrix row: a precomputed kernel row starts with its serial number. */
  private sampleOf(X: Matrix, row: number, serial: number): number[] {
    const values = Array.from(X.data.subarray(row * X.cols, (row + 1) * X.cols));
    return this.params.kernel === 'precomputed' ? [serial, ...values] : values;
  }

  predict(X: Matrix): Int32Array {
    checkPredictInput(X, this.nFeatures);
    const out = new Int32Array(X.rows);
    if (!this.model) return out.fill(this.state?.constantClass ?? 0);
    for (let i = 0; i < X.rows; i++) out[i] = this.model.predictOne(this.sampleOf(X, i, 0));
    return out;
  }

  /** Platt-scaled probabilities; throws for a model trained without probability=true. */
  predictProba(X: Matrix): Float64Array {
    checkPredictInput(X, this.nFeatures);
    if (!this.params.probability) {
      throw new Error('This SVM was trained with probability=false: it cannot give class probabilities (retrain with probability=true).');
    }
    const k = this.nClasses;
    const out = new Float64Array(X.rows * k);
    for (let i = 0; i < X.rows; i++) {
      if (!this.model) {
        out[i * k + (this.state?.constantClass ?? 0)] = 1;
        continue;
      }
      for (const { label, probability } of this.model.predictOneProbability(this.sampleOf(X, i, 0)).estimates) {
        out[i * k + label] = probability;
      }
    }
    return out;
  }

  /** Class with the highest probability (only for probability models; predict() uses libsvm's vote). */
  predictFromProba(X: Matrix): Int32Array {
    return argmaxRows(this.predictProba(X), X.rows, this.nClasses);
  }

  /** The gamma libsvm was trained with (scale/auto resolved). */
  gamma(): number | undefined {
    return this.state?.gamma;
  }

  toJSON(): SavedModel {
    if (!this.state || this.nFeatures === undefined) throw new Error('The model is not fitted yet: call fit() or loadModel() first.');
    return { format: 'indicata-model', version: 1, family: 'SVM', params: { ...this.params }, nFeatures: this.nFeatures, nClasses: this.nClasses, state: { ...this.state } };
  }

  /** Frees the libsvm model from the WASM heap. Safe to call twice. */
  dispose(): void {
    if (this.model) {
      this.model.free();
      this.model = null;
    }
  }

  /**
   * Rebuilds a fitted SVM from its saved form.
   * @param saved SavedModel of family SVM
   * @param params its validated parameters
   */
  static fromJSON(saved: SavedModel, params: SvmParams): SvmClassifier {
    const model = new SvmClassifier(params);
    model.state = { ...(saved.state as SavedSvmState) };
    model.nFeatures = saved.nFeatures;
    model.nClasses = saved.nClasses;
    model.attach();
    return model;
  }
}

/**
 * scikit-learn's gamma: "scale" = 1 / (n_features * X.var()) over all values (1 when the variance
 * is 0), "auto" = 1 / n_features, a number as given.
 * @param gamma the gamma parameter
 * @param X training rows
 */
export function resolveGamma(gamma: SvmParams['gamma'], X: Matrix): number {
  if (typeof gamma === 'number') return gamma;
  if (gamma === 'auto') return 1 / X.cols;
  const n = X.data.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += X.data[i];
  mean /= n;
  let variance = 0;
  for (let i = 0; i < n; i++) variance += (X.data[i] - mean) ** 2;
  variance /= n;
  return variance !== 0 ? 1 / (X.cols * variance) : 1;
}
