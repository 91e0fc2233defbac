import type { KnnParams } from '../params.ts';
import type { Classifier, Matrix, SavedModel } from '../types.ts';
import { checkFitInput, checkPredictInput } from '../fit-input.ts';
import { argmaxRows } from '../../data/stats.ts';
import { NeighborIndex, type NeighborAlgorithm, type Neighbors } from './neighbor-index.ts';

/** State of a saved KNN (SavedModel.state for family KNN): the training rows themselves. */
export interface SavedKnnState {
  /** Training rows, row-major rows * nFeatures. */
  X: number[];
  y: number[];
  rows: number;
}

/**
 * k-nearest-neighbours classifier with scikit-learn's KNeighborsClassifier parameters. "auto" picks a
 * kd-tree, or brute force when a tree cannot prune well (see resolvedAlgorithm).
 */
export class KnnClassifier implements Classifier {
  readonly family = 'KNN' as const;
  private index: NeighborIndex | undefined;
  private X: Float64Array = new Float64Array(0);
  private y: Int32Array = new Int32Array(0);
  private nFeatures: number | undefined;
  private nClasses = 0;

  /** @param params validated KNN parameters */
  constructor(readonly params: KnnParams) {}

  /** Stores the training rows and builds the search structure. sampleWeight is ignored (as scikit-learn). */
  fit(X: Matrix, y: Int32Array, nClasses: number): void {
    checkFitInput(X, y, nClasses);
    this.X = Float64Array.from(X.data);
    this.y = Int32Array.from(y);
    this.nFeatures = X.cols;
    this.nClasses = nClasses;
    this.buildIndex();
  }

  private buildIndex(): void {
    const rows = this.y.length;
    this.index = new NeighborIndex(this.X, rows, this.nFeatures as number, this.resolvedAlgorithm(rows), this.params.leaf_size, this.params.p);
  }

  /** The search method actually used: the chosen one, or the "auto" pick for this training set. */
  resolvedAlgorithm(rows = this.y.length): NeighborAlgorithm {
    const { algorithm, n_neighbors } = this.params;
    if (algorithm !== 'auto') return algorithm;
    const dims = this.nFeatures ?? 0;
    // scikit-learn's rule: brute force above 15 features, where a tree prunes little. Euclidean brute force
    // runs a float32 SIMD filter (euclidean-brute.ts): measured on the 20-feature bench set, 10-13 ms against
    // the kd-tree's 28 ms at 2,250 rows, 0.5 s against 0.8-0.95 s at 22,500. Other powers keep the tree.
    const euclidean = this.params.p === 2;
    if (n_neighbors >= rows / 2 || dims > 32) return 'brute';
    return euclidean && dims > 15 ? 'brute' : 'kd_tree';
  }

  /**
   * The k nearest training rows of each row of X (scikit-learn's kneighbors).
   * @param X query rows
   * @param k neighbours per row (default n_neighbors)
   */
  kneighbors(X: Matrix, k = this.params.n_neighbors): Neighbors {
    checkPredictInput(X, this.nFeatures);
    if (!this.index) throw new Error('The model is not fitted yet: call fit() or loadModel() first.');
    return this.index.query(X.data, X.rows, k);
  }

  /** Point-to-point distances computed by all queries so far (tests use it to see pruning). */
  distanceEvaluations(): number {
    return this.index?.distanceEvaluations ?? 0;
  }

  predict(X: Matrix): Int32Array {
    return argmaxRows(this.predictProba(X), this.nClasses);
  }

  /** Share of (uniform or inverse-distance) neighbour weight per class. */
  predictProba(X: Matrix): Float64Array {
    const { k, indices, distances } = this.kneighbors(X);
    const nClasses = this.nClasses;
    const out = new Float64Array(X.rows * nClasses);
    const byDistance = this.params.weights === 'distance';
    for (let q = 0; q < X.rows; q++) {
      const base = q * k;
      // An exact match takes all the weight, as in scikit-learn.
      let exact = false;
      if (byDistance) for (let j = 0; j < k; j++) if (distances[base + j] === 0) exact = true;
      let total = 0;
      for (let j = 0; j < k; j++) {
        const d = distances[base + j];
        const w = !byDistance ? 1 : exact ? (d === 0 ? 1 : 0) : 1 / d;
        out[q * nClasses + this.y[indices[base + j]]] += w;
        total += w;
      }
      for (let c = 0; c < nClasses; c++) out[q * nClasses + c] /= total;
    }
    return out;
  }

  toJSON(): SavedModel {
    if (this.nFeatures === undefined) throw new Error('The model is not fitted yet: call fit() or loadModel() first.');
    const state: SavedKnnState = { X: Array.from(this.X), y: Array.from(this.y), rows: this.y.length };
    return { format: 'indicata-model', version: 1, family: 'KNN', params: { ...this.params }, nFeatures: this.nFeatures, nClasses: this.nClasses, state };
  }

  /** Nothing native to free. */
  dispose(): void {}

  /**
   * Rebuilds a fitted KNN from its saved form (the search structure is rebuilt from the rows).
   * @param saved SavedModel of family KNN
   * @param params its validated parameters
   */
  static fromJSON(saved: SavedModel, params: KnnParams): KnnClassifier {
    const state = saved.state as SavedKnnState;
    const model = new KnnClassifier(params);
    model.X = Float64Array.from(state.X);
    model.y = Int32Array.from(state.y);
    model.nFeatures = saved.nFeatures;
    model.nClasses = saved.nClasses;
    model.buildIndex();
    return model;
  }
}
