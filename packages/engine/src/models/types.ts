/**
 * The contract every model family implements. Pipelines, search and CLI only talk to this.
 *
 * Data layout: a dense row-major Float64Array matrix; labels are class indices 0..nClasses-1
 * (the ordered class index of the discretized target). Missing values never reach a model:
 * the pipeline imputes or drops them first.
 */
export interface Matrix {
  /** Row-major values, length rows * cols. */
  readonly data: Float64Array;
  readonly rows: number;
  readonly cols: number;
}

/** A fitted or unfitted classifier of one family with fixed hyper-parameters. */
export interface Classifier {
  /** Family code as the spec names it: DT, RF, KNN, SVM or ANN. */
  readonly family: 'DT' | 'RF' | 'KNN' | 'SVM' | 'ANN';
  /**
   * Fits on training rows.
   * @param X training features
   * @param y class index per row
   * @param nClasses number of classes of the target (labels may not all occur in y)
   * @param sampleWeight optional per-row weights (ignored by families that cannot use them)
   */
  fit(X: Matrix, y: Int32Array, nClasses: number, sampleWeight?: Float64Array): void | Promise<void>;
  /** Predicted class index per row. */
  predict(X: Matrix): Int32Array;
  /**
   * Class probabilities, row-major rows * nClasses. Families that cannot give them
   * (an SVM trained without probability) throw instead of returning garbage.
   */
  predictProba(X: Matrix): Float64Array;
  /** Impurity-based importance per feature when the family has one (trees), else undefined. */
  featureImportances?(): Float64Array | undefined;
  /**
   * Out-of-bag accuracy (scikit-learn's oob_score_) of a random forest fitted with oob_score=true,
   * else undefined. Optional: only RF implements it.
   */
  oobScore?(): number | undefined;
  /** Versioned JSON form that loadModel() reads back. */
  toJSON(): SavedModel;
  /** Frees native/WASM memory (SVM, ANN). Safe to call twice. */
  dispose(): void;
}

/** The saved form of one fitted model (see packages/engine/README.md, "Saved models"). */
export interface SavedModel {
  format: 'indicata-model';
  version: 1;
  family: Classifier['family'];
  params: Record<string, unknown>;
  nFeatures: number;
  nClasses: number;
  /** Family-specific state (tree arrays, support vectors, training rows, tfjs artifacts...). */
  state: unknown;
}
