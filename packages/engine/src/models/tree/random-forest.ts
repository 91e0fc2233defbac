import type { RandomForestParams } from '../params.ts';
import { SeededRandom } from '../rng.ts';
import type { Classifier, Matrix, SavedModel } from '../types.ts';
import { checkFitInput, checkPredictInput } from '../fit-input.ts';
import { growTree } from './builder.ts';
import { normaliseImportances } from './decision-tree.ts';
import { argmaxRows } from '../../data/stats.ts';
import { accumulateProba, leafOf, treeFromJSON, treeToJSON, type FlatTree, type SavedTree } from './flat-tree.ts';
import { PresortedColumns } from './presorted.ts';
import { balancedClassWeights, resolveGrowth } from './resolve.ts';

/** State of a saved random forest (SavedModel.state for family RF). */
export interface SavedRandomForestState {
  trees: SavedTree[];
  /** Out-of-bag accuracy when fitted with oob_score=true, else null. */
  oobScore: number | null;
}

/**
 * Random forest with scikit-learn's RandomForestClassifier parameters: bootstrap rows drawn as
 * per-row counts (sample weights), per-split feature sampling, probabilities averaged over trees.
 * The presorted columns are computed once and shared by every tree.
 */
export class RandomForestClassifier implements Classifier {
  readonly family = 'RF' as const;
  private trees: FlatTree[] = [];
  private nFeatures: number | undefined;
  private nClasses = 0;
  private oob: number | null = null;

  /**
   * @param params validated RF parameters
   * @param seed seed of bootstraps and feature sampling (random_state overrides it)
   */
  constructor(
    readonly params: RandomForestParams,
    private readonly seed: number,
  ) {}

  /** Fits n_estimators trees. See Classifier.fit. */
  fit(X: Matrix, y: Int32Array, nClasses: number, sampleWeight?: Float64Array): void {
    checkFitInput(X, y, nClasses);
    const n = X.rows;
    const baseWeights = sampleWeight ? Float64Array.from(sampleWeight) : new Float64Array(n).fill(1);
    if (this.params.class_weight === 'balanced') {
      const classWeights = balancedClassWeights(y, nClasses);
      for (let i = 0; i < n; i++) baseWeights[i] *= classWeights[y[i]];
    }
    const data = new PresortedColumns(X);
    const rng = new SeededRandom(this.params.random_state ?? this.seed);
    const oobSums = this.params.oob_score ? new Float64Array(n * nClasses) : undefined;
    const oobVotes = this.params.oob_score ? new Int32Array(n) : undefined;
    const counts = new Float64Array(n);
    const weights = new Float64Array(n);
    const row: Matrix = { data: X.data, rows: n, cols: X.cols };
    this.trees = [];
    for (let t = 0; t < this.params.n_estimators; t++) {
      const treeRng = new SeededRandom(rng.nextSeed());
      if (this.params.bootstrap) {
        counts.fill(0);
        for (let i = 0; i < n; i++) counts[treeRng.nextInt(n)]++;
      } else {
        counts.fill(1);
      }
      for (let i = 0; i < n; i++) weights[i] = baseWeights[i] * counts[i];
      if (this.params.class_weight === 'balanced_subsample') {
        const classWeights = balancedClassWeights(y, nClasses, counts);
        for (let i = 0; i < n; i++) weights[i] *= classWeights[y[i]];
      }
      let total = 0;
      for (let i = 0; i < n; i++) total += weights[i];
      const growth = resolveGrowth(this.params, 'best', n, X.cols, total);
      const tree = growTree(data, y, weights, nClasses, growth, treeRng);
      this.trees.push(tree);
      if (oobSums && oobVotes) {
        for (let i = 0; i < n; i++) {
          if (counts[i] > 0) continue;
          const leaf = leafOf(tree, row.data, i * X.cols) * nClasses;
          for (let c = 0; c < nClasses; c++) oobSums[i * nClasses + c] += tree.value[leaf + c];
          oobVotes[i]++;
        }
      }
    }
    this.nFeatures = X.cols;
    this.nClasses = nClasses;
    this.oob = oobSums && oobVotes ? oobAccuracy(oobSums, oobVotes, y, nClasses) : null;
  }

  predict(X: Matrix): Int32Array {
    return argmaxRows(this.predictProba(X), this.nClasses);
  }

  /** Mean of the trees' class probabilities. */
  predictProba(X: Matrix): Float64Array {
    checkPredictInput(X, this.nFeatures);
    const out = new Float64Array(X.rows * this.nClasses);
    const scale = 1 / this.trees.length;
    for (const tree of this.trees) accumulateProba(tree, X, out, scale);
    return out;
  }

  /** Mean over trees of each tree's normalised importances, normalised again (as scikit-learn). */
  featureImportances(): Float64Array {
    const sum = new Float64Array(this.nFeatures ?? 0);
    for (const tree of this.trees) {
      const normalised = normaliseImportances(tree.importances);
      for (let f = 0; f < sum.length; f++) sum[f] += normalised[f];
    }
    return normaliseImportances(sum);
  }

  /**
   * scikit-learn's oob_score_: accuracy of out-of-bag predictions. Rows that were in the bag of every
   * tree have no out-of-bag prediction and are left out (scikit-learn counts them as class 0).
   */
  oobScore(): number | undefined {
    return this.oob ?? undefined;
  }

  /** The fitted trees (read-only use: tests, explanations). */
  fittedTrees(): readonly FlatTree[] {
    return this.trees;
  }

  toJSON(): SavedModel {
    if (this.nFeatures === undefined) throw new Error('The model is not fitted yet: call fit() or loadModel() first.');
    const state: SavedRandomForestState = { trees: this.trees.map(treeToJSON), oobScore: this.oob };
    return { format: 'indicata-model', version: 1, family: 'RF', params: { ...this.params }, nFeatures: this.nFeatures, nClasses: this.nClasses, state };
  }

  /** Nothing native to free. */
  dispose(): void {}

  /**
   * Rebuilds a fitted forest from its saved form.
   * @param saved SavedModel of family RF
   * @param params its validated parameters
   */
  static fromJSON(saved: SavedModel, params: RandomForestParams): RandomForestClassifier {
    const state = saved.state as SavedRandomForestState;
    const model = new RandomForestClassifier(params, 0);
    model.trees = state.trees.map((tree) => treeFromJSON(tree, saved.nClasses));
    model.nFeatures = saved.nFeatures;
    model.nClasses = saved.nClasses;
    model.oob = state.oobScore;
    return model;
  }
}

function oobAccuracy(sums: Float64Array, votes: Int32Array, y: Int32Array, k: number): number | null {
  let correct = 0;
  let counted = 0;
  for (let i = 0; i < y.length; i++) {
    if (votes[i] === 0) continue;
    let best = 0;
    for (let c = 1; c < k; c++) if (sums[i * k + c] > sums[i * k + best]) best = c;
    if (best === y[i]) correct++;
    counted++;
  }
  return counted > 0 ? correct / counted : null;
}
