import type { DecisionTreeParams, MaxFeatures } from '../params.ts';
import type { TreeGrowth } from './builder.ts';

/**
 * Turns scikit-learn style tree parameters into absolute growth limits, as scikit-learn 1.2 does in
 * BaseDecisionTree.fit (fractions become counts of the n training rows).
 * @param params validated tree parameters
 * @param splitter best or random
 * @param nRows number of training rows
 * @param nFeatures number of features
 * @param totalWeight sum of the sample weights the tree is fitted with
 */
export function resolveGrowth(
  params: Pick<
    DecisionTreeParams,
    | 'criterion'
    | 'max_depth'
    | 'min_samples_split'
    | 'min_samples_leaf'
    | 'min_weight_fraction_leaf'
    | 'max_features'
    | 'max_leaf_nodes'
    | 'min_impurity_decrease'
  >,
  splitter: 'best' | 'random',
  nRows: number,
  nFeatures: number,
  totalWeight: number,
): TreeGrowth {
  const minSamplesLeaf = Number.isInteger(params.min_samples_leaf) && params.min_samples_leaf >= 1
    ? params.min_samples_leaf
    : Math.ceil(params.min_samples_leaf * nRows);
  let minSamplesSplit = Number.isInteger(params.min_samples_split) && params.min_samples_split >= 2
    ? params.min_samples_split
    : Math.max(2, Math.ceil(params.min_samples_split * nRows));
  minSamplesSplit = Math.max(minSamplesSplit, 2 * minSamplesLeaf);
  return {
    criterion: params.criterion,
    splitter,
    maxDepth: params.max_depth ?? Infinity,
    minSamplesSplit,
    minSamplesLeaf,
    minWeightLeaf: params.min_weight_fraction_leaf * totalWeight,
    maxFeatures: resolveMaxFeatures(params.max_features, nFeatures),
    maxLeafNodes: params.max_leaf_nodes ?? Infinity,
    minImpurityDecrease: params.min_impurity_decrease,
  };
}

/**
 * Number of features examined per split.
 * @param maxFeatures sqrt, log2, null (all), a fraction in (0, 1) or a count
 * @param nFeatures number of features
 */
export function resolveMaxFeatures(maxFeatures: MaxFeatures, nFeatures: number): number {
  if (maxFeatures === null) return nFeatures;
  if (maxFeatures === 'sqrt') return Math.max(1, Math.floor(Math.sqrt(nFeatures)));
  if (maxFeatures === 'log2') return Math.max(1, Math.floor(Math.log2(nFeatures)));
  if (Number.isInteger(maxFeatures) && maxFeatures >= 1) return Math.min(maxFeatures, nFeatures);
  return Math.max(1, Math.floor(maxFeatures * nFeatures));
}

/**
 * scikit-learn's "balanced" class weights, n / (classes present * count), for classes present in y.
 * @param y class index per row (only rows with a positive base weight count)
 * @param nClasses number of classes
 * @param include optional per-row multiplicity (bootstrap counts) — rows with 0 are left out
 */
export function balancedClassWeights(y: Int32Array, nClasses: number, include?: Float64Array): Float64Array {
  const counts = new Float64Array(nClasses);
  let total = 0;
  for (let i = 0; i < y.length; i++) {
    const times = include ? include[i] : 1;
    counts[y[i]] += times;
    total += times;
  }
  let present = 0;
  for (let c = 0; c < nClasses; c++) if (counts[c] > 0) present++;
  const weights = new Float64Array(nClasses);
  for (let c = 0; c < nClasses; c++) weights[c] = counts[c] > 0 ? total / (present * counts[c]) : 0;
  return weights;
}
