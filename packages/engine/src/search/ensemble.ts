import { macroF1 } from '../metrics/classification.ts';

/** A member of the soft-voting ensemble: its weight and its validation probabilities per fold. */
export interface EnsembleMember {
  algorithm: string;
  weight: number;
}

/**
 * Weights of the soft-voting ensemble: each family's best candidate weighs its mean validation
 * macro-F1 on the forward-chaining folds (normalised to sum 1). Families scoring 0 get no vote.
 * @param scores mean validation macro-F1 per algorithm
 */
export function ensembleWeights(scores: { algorithm: string; mean: number }[]): EnsembleMember[] {
  const positive = scores.filter((s) => s.mean > 0);
  const total = positive.reduce((s, m) => s + m.mean, 0);
  return positive.map((s) => ({ algorithm: s.algorithm, weight: s.mean / total }));
}

/**
 * Weighted sum of probability matrices.
 * @param probabilities one row-major matrix per member (same shape)
 * @param weights one weight per member
 */
export function combineProbabilities(probabilities: Float64Array[], weights: number[]): Float64Array {
  const out = new Float64Array(probabilities[0].length);
  probabilities.forEach((p, m) => {
    for (let i = 0; i < p.length; i++) out[i] += weights[m] * p[i];
  });
  return out;
}

/** Arg-max class per row of a row-major probability matrix (ties to the lower class). */
export function argmaxRows(probabilities: Float64Array, nClasses: number): Int32Array {
  const rows = probabilities.length / nClasses;
  const out = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    let best = 0;
    for (let c = 1; c < nClasses; c++) if (probabilities[i * nClasses + c] > probabilities[i * nClasses + best] + 1e-12) best = c;
    out[i] = best;
  }
  return out;
}

/**
 * Validation macro-F1 per fold of the ensemble.
 * @param foldProbabilities [member][fold] validation probabilities
 * @param weights member weights
 * @param foldLabels actual classes per fold
 * @param nClasses number of classes
 */
export function ensembleFoldScores(
  foldProbabilities: Float64Array[][],
  weights: number[],
  foldLabels: Int32Array[],
  nClasses: number,
): number[] {
  return foldLabels.map((labels, f) => {
    const combined = combineProbabilities(
      foldProbabilities.map((member) => member[f]),
      weights,
    );
    return macroF1(labels, argmaxRows(combined, nClasses), nClasses);
  });
}
