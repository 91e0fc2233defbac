import type { SvmParams } from '../params.ts';
import type { Classifier, Matrix, SavedModel } from '../types.ts';
import { checkFitInput, checkPredictInput } from '../fit-input.ts';
import { argmaxRows } from '../../data/stats.ts';
import type { SvcModel } from './model.ts';
import { parseModelText } from './model-parse.ts';
import { writeModelText } from './model-text.ts';
import { trainSvc } from './multiclass.ts';
import { probabilities } from './platt.ts';
import { decisionValues, vote } from './predict.ts';

/** State of a saved SVM (SavedModel.state for family SVM). */
export interface SavedSvmState {
  /** libsvm's own model file text (svm_save_model format), or null when y had a single class. */
  libsvmModel: string | null;
  /** The only class seen in training when libsvmModel is null. */
  constantClass: number | null;
  /** The gamma actually used (scale/auto resolved). */
  gamma: number;
}

/**
 * C-support vector classifier: a TypeScript re-implementation of libsvm's C-SVC (the same algorithm
 * as scikit-learn's SVC), saved in libsvm's model-file format. For kernel "precomputed", fit takes
 * the n x n training kernel matrix K[i][j] = k(x_i, x_j) and predict takes the m x n matrix
 * k(x_test, x_train_j), like scikit-learn.
 *
 * The model text is written with full precision, so a fitted model and the same model after
 * toJSON/loadModel predict identically.
 */
export class SvmClassifier implements Classifier {
  readonly family = 'SVM' as const;
  private model: SvcModel | null = null;
  private state: SavedSvmState | undefined;
  private nFeatures: number | undefined;
  private nClasses = 0;

  /** @param params validated SVM parameters */
  constructor(readonly params: SvmParams) {}

  /** Trains the SVM (async only to keep the Classifier contract). sampleWeight is ignored. */
  async fit(X: Matrix, y: Int32Array, nClasses: number): Promise<void> {
    checkFitInput(X, y, nClasses);
    if (this.params.kernel === 'precomputed' && X.rows !== X.cols) {
      throw new Error(`A precomputed kernel needs the square training kernel matrix; got ${X.rows} x ${X.cols}.`);
    }
    this.model = null;
    const gamma = resolveGamma(this.params.gamma, X);
    const classes = new Set(y);
    if (classes.size === 1) {
      this.state = { libsvmModel: null, constantClass: y[0], gamma };
    } else {
      const { kernel, degree, coef0, C, tol, shrinking, probability, cache_size } = this.params;
      this.model = trainSvc(X, y, {
        kernel: { type: kernel, degree: Math.trunc(degree), gamma, coef0 },
        C,
        eps: tol,
        shrinking,
        probability,
        cacheMegabytes: cache_size,
      });
      // The text is written on demand (toJSON): fitting and predicting do not pay for it.
      this.state = { libsvmModel: null, constantClass: null, gamma };
    }
    this.nFeatures = X.cols;
    this.nClasses = nClasses;
  }

  predict(X: Matrix): Int32Array {
    checkPredictInput(X, this.nFeatures);
    if (!this.model) return new Int32Array(X.rows).fill(this.state?.constantClass ?? 0);
    return vote(this.model, decisionValues(this.model, X), X.rows);
  }

  /** Platt-scaled probabilities; throws for a model trained without probability=true. */
  predictProba(X: Matrix): Float64Array {
    checkPredictInput(X, this.nFeatures);
    if (!this.params.probability) {
      throw new Error('This SVM was trained with probability=false: it cannot give class probabilities (retrain with probability=true).');
    }
    const k = this.nClasses;
    if (!this.model) {
      const out = new Float64Array(X.rows * k);
      for (let i = 0; i < X.rows; i++) out[i * k + (this.state?.constantClass ?? 0)] = 1;
      return out;
    }
    if (!this.model.probA) throw new Error('This saved SVM model has no probA/probB: it cannot give class probabilities.');
    return probabilities(this.model, decisionValues(this.model, X), X.rows, k);
  }

  /** Class with the highest probability (only for probability models; predict() uses libsvm's vote). */
  predictFromProba(X: Matrix): Int32Array {
    return argmaxRows(this.predictProba(X), this.nClasses);
  }

  /** The gamma the SVM was trained with (scale/auto resolved). */
  gamma(): number | undefined {
    return this.state?.gamma;
  }

  toJSON(): SavedModel {
    if (!this.state || this.nFeatures === undefined) throw new Error('The model is not fitted yet: call fit() or loadModel() first.');
    if (this.model && this.state.libsvmModel === null) this.state.libsvmModel = writeModelText(this.model);
    return { format: 'indicata-model', version: 1, family: 'SVM', params: { ...this.params }, nFeatures: this.nFeatures, nClasses: this.nClasses, state: { ...this.state } };
  }

  /** Nothing to free since the SVM lives in ordinary JavaScript memory; kept for the Classifier contract. */
  dispose(): void {}

  /**
   * Rebuilds a fitted SVM from its saved form (text written by this class or by libsvm-js).
   * @param saved SavedModel of family SVM
   * @param params its validated parameters
   */
  static fromJSON(saved: SavedModel, params: SvmParams): SvmClassifier {
    const model = new SvmClassifier(params);
    model.state = { ...(saved.state as SavedSvmState) };
    model.nFeatures = saved.nFeatures;
    model.nClasses = saved.nClasses;
    if (model.state.libsvmModel) model.model = parseModelText(model.state.libsvmModel, saved.nFeatures);
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
