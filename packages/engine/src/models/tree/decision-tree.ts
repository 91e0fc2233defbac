import type { DecisionTreeParams } from '../params.ts';
import { SeededRandom } from '../rng.ts';
import type { Classifier, Matrix, SavedModel } from '../types.ts';
import { checkFitInput, checkPredictInput } from '../fit-input.ts';
import { growTree } from './builder.ts';
import { argmaxRows } from '../../data/stats.ts';
import { accumulateProba, treeFromJSON, treeToJSON, type FlatTree, type SavedTree } from './flat-tree.ts';
import { PresortedColumns } from './presorted.ts';
import { balancedClassWeights, resolveGrowth } from './resolve.ts';

/** State of a saved decision tree (SavedModel.state for family DT). */
export interface SavedDecisionTreeState {
  tree: SavedTree;
}

/** CART decision tree with scikit-learn's DecisionTreeClassifier parameters. */
export class DecisionTreeClassifier implements Classifier {
  readonly family = 'DT' as const;
  private tree: FlatTree | undefined;
  private nFeatures: number | undefined;
  private nClasses = 0;

  /**
   * @param params validated DT parameters
   * @param seed seed of the feature order and random splitter (random_state overrides it)
   */
  constructor(
    readonly params: DecisionTreeParams,
    private readonly seed: number,
  ) {}

  /** Fits the tree. See Classifier.fit. */
  fit(X: Matrix, y: Int32Array, nClasses: number, sampleWeight?: Float64Array): void {
    checkFitInput(X, y, nClasses);
    const weights = sampleWeight ? Float64Array.from(sampleWeight) : new Float64Array(X.rows).fill(1);
    if (this.params.class_weight === 'balanced') {
      const classWeights = balancedClassWeights(y, nClasses);
      for (let i = 0; i < X.rows; i++) weights[i] *= classWeights[y[i]];
    }
    let total = 0;
    for (let i = 0; i < X.rows; i++) total += weights[i];
    const growth = resolveGrowth(this.params, this.params.splitter, X.rows, X.cols, total);
    const rng = new SeededRandom(this.params.random_state ?? this.seed);
    this.tree = growTree(new PresortedColumns(X), y, weights, nClasses, growth, rng);
    this.nFeatures = X.cols;
    this.nClasses = nClasses;
  }

  predict(X: Matrix): Int32Array {
    return argmaxRows(this.predictProba(X), this.nClasses);
  }

  predictProba(X: Matrix): Float64Array {
    checkPredictInput(X, this.nFeatures);
    const out = new Float64Array(X.rows * this.nClasses);
    accumulateProba(this.fitted(), X, out, 1);
    return out;
  }

  /** Normalised impurity decrease per feature (scikit-learn's feature_importances_). */
  featureImportances(): Float64Array {
    return normaliseImportances(this.fitted().importances);
  }

  /** Depth of the deepest leaf (scikit-learn's get_depth()). */
  depth(): number {
    let deepest = 0;
    for (const d of this.fitted().depth) if (d > deepest) deepest = d;
    return deepest;
  }

  /** Number of leaves (scikit-learn's get_n_leaves()). */
  leafCount(): number {
    let leaves = 0;
    for (const f of this.fitted().feature) if (f < 0) leaves++;
    return leaves;
  }

  /** The fitted flat tree (read-only use: tests, explanations). */
  fitted(): FlatTree {
    if (!this.tree) throw new Error('The model is not fitted yet: call fit() or loadModel() first.');
    return this.tree;
  }

  toJSON(): SavedModel {
    const state: SavedDecisionTreeState = { tree: treeToJSON(this.fitted()) };
    return { format: 'indicata-model', version: 1, family: 'DT', params: { ...this.params }, nFeatures: this.nFeatures as number, nClasses: this.nClasses, state };
  }

  /** Nothing native to free. */
  dispose(): void {}

  /**
   * Rebuilds a fitted tree from its saved form.
   * @param saved SavedModel of family DT
   * @param params its validated parameters
   */
  static fromJSON(saved: SavedModel, params: DecisionTreeParams): DecisionTreeClassifier {
    const model = new DecisionTreeClassifier(params, 0);
    model.tree = treeFromJSON((saved.state as SavedDecisionTreeState).tree, saved.nClasses);
    model.nFeatures = saved.nFeatures;
    model.nClasses = saved.nClasses;
    return model;
  }
}

/** Importances divided by their sum (all zeros when the tree never split). */
export function normaliseImportances(raw: Float64Array): Float64Array {
  let total = 0;
  for (const v of raw) total += v;
  return total > 0 ? raw.map((v) => v / total) : new Float64Array(raw.length);
}
