import type { ModelFamily } from '@indicata/contracts';
import type { FoldData, ScoredCandidate } from './search.ts';
import { combineProbabilities, ENSEMBLE_TIE_TOLERANCE } from './ensemble.ts';
import { argmaxRows } from '../data/stats.ts';
import { macroF1, macroF1OfCounts } from '../metrics/classification.ts';
import { createRng, deriveSeed } from '../data/random.ts';

/**
 * The choice, on validation data only: every score here is computed from the forward-chaining folds'
 * validation predictions, pooled over the folds (one-year folds of ~180 rows make per-fold macro-F1 noisy when
 * a class has a handful of rows). No test row reaches this module.
 */

/** Bootstrap resamples for the standard error of a pooled macro-F1. */
const BOOTSTRAP_REPEATS = 200;
/** Greedy ensemble selection rounds (Caruana et al., 2004: selection with replacement). */
const ENSEMBLE_ROUNDS = 25;
/** Bootstrap resamples of the validation rows whose selections are averaged (bagged ensemble selection). */
const ENSEMBLE_BAGS = 100;
/**
 * Rows a resample of the pooled validation rows draws at most (an ensemble selection's bag, a standard error's
 * bootstrap; m-out-of-n beyond it). Both run on the main thread after the search, outside any fit's budget: on 75,000
 * pooled rows the selection's 100 bags took about 20 s, and each standard error about a second, of the time meant
 * for the final fits. A WHO panel pools a few thousand rows, below the cap, so its resamples are what they were.
 */
const RESAMPLE_MAX_ROWS = 5_000;

/** Pooled validation labels of the folds, in fold order. */
export function pooledLabels(folds: FoldData[]): Int32Array {
  const out = new Int32Array(folds.reduce((s, f) => s + f.yValidation.length, 0));
  let offset = 0;
  for (const f of folds) {
    out.set(f.yValidation, offset);
    offset += f.yValidation.length;
  }
  return out;
}

/** Concatenates per-fold arrays (predictions or row-major probabilities) in fold order. */
export function concatFolds<T extends Int32Array | Float64Array>(parts: T[], make: (n: number) => T): T {
  const out = make(parts.reduce((s, p) => s + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * Standard error of the macro-F1 difference between two prediction vectors on the same rows (paired, seeded
 * bootstrap over rows); with `other` null, the standard error of `predicted`'s macro-F1 itself. Beyond
 * RESAMPLE_MAX_ROWS rows a resample draws that many, and the standard error is scaled by sqrt(m / n) (the rate of a
 * smooth statistic).
 * @param actual pooled validation labels
 * @param predicted the reference predictions
 * @param other predictions to compare with, or null
 * @param nClasses number of classes
 * @param seed bootstrap seed
 * @param score the score whose difference is resampled (macro-F1 unless said)
 * @param repeats number of resamples
 */
export function bootstrapStandardError(
  actual: Int32Array,
  predicted: Int32Array,
  other: Int32Array | null,
  nClasses: number,
  seed: number,
  score: (actual: Int32Array, predicted: Int32Array, nClasses: number) => number = macroF1,
  repeats: number = BOOTSTRAP_REPEATS,
): number {
  const n = actual.length;
  if (n < 2) return 0;
  const drawn = Math.min(n, RESAMPLE_MAX_ROWS);
  const rng = createRng(seed);
  const a = new Int32Array(drawn);
  const p = new Int32Array(drawn);
  const o = new Int32Array(drawn);
  const values: number[] = [];
  for (let r = 0; r < repeats; r++) {
    for (let i = 0; i < drawn; i++) {
      const k = Math.floor(rng.next() * n);
      a[i] = actual[k];
      p[i] = predicted[k];
      if (other) o[i] = other[k];
    }
    values.push(score(a, p, nClasses) - (other ? score(a, o, nClasses) : 0));
  }
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1)) * Math.sqrt(drawn / n);
}

/** A candidate with every fold scored, its pooled predictions and probabilities. */
export interface Finalist {
  family: ModelFamily;
  scored: ScoredCandidate;
  pooled: number;
  predictions: Int32Array;
  probabilities: Float64Array;
  /** How it was picked, in words. */
  reason: string;
}

function pooledOf(s: ScoredCandidate): { predictions: Int32Array; probabilities: Float64Array } {
  return {
    predictions: concatFolds(s.foldPredictions as Int32Array[], (n) => new Int32Array(n)),
    probabilities: concatFolds(s.foldProbabilities as Float64Array[], (n) => new Float64Array(n)),
  };
}

/**
 * A family's finalist: the best pooled validation macro-F1 among fully scored candidates, except that a
 * hand-picked default (or the user's explicit configuration) within one standard error of the best is
 * preferred (the one-standard-error rule: the difference is noise, and defaults generalise). When no candidate
 * was scored on every fold, the best one on the most recent fold is taken.
 * @param family the family
 * @param scored every scored candidate of the family
 * @param folds the folds (for the labels)
 * @param nClasses number of classes
 * @param seed seed of the bootstrap
 */
export function familyFinalist(family: ModelFamily, scored: ScoredCandidate[], folds: FoldData[], nClasses: number, seed: number): Finalist | null {
  const complete = scored.filter((s) => s.pooled !== null);
  const actual = pooledLabels(folds);
  if (complete.length === 0) {
    const last = folds.length - 1;
    const partial = scored.filter((s) => s.foldScores[last] !== null);
    if (partial.length === 0) return null;
    const best = [...partial].sort((a, b) => (b.foldScores[last] as number) - (a.foldScores[last] as number) || a.index - b.index)[0];
    return {
      family,
      scored: best,
      pooled: best.foldScores[last] as number,
      predictions: best.foldPredictions[last] as Int32Array,
      probabilities: best.foldProbabilities[last] as Float64Array,
      reason: 'the best on the most recent validation fold (the budget allowed no candidate on every fold)',
    };
  }
  const ranked = [...complete].sort((a, b) => (b.pooled as number) - (a.pooled as number) || a.index - b.index);
  const best = ranked[0];
  const bestPooled = pooledOf(best);
  let pick = best;
  let reason = 'the highest pooled validation macro-F1';
  if (!best.preferred) {
    const preferred = ranked.find((s) => s.preferred);
    if (preferred) {
      const p = pooledOf(preferred);
      const se = bootstrapStandardError(actual, bestPooled.predictions, p.predictions, nClasses, deriveSeed(seed, 'one-se', family));
      if ((best.pooled as number) - (preferred.pooled as number) <= se) {
        pick = preferred;
        reason = `a default configuration within one standard error (${se.toFixed(4)}) of the best pooled validation macro-F1`;
      }
    }
  }
  const pooled = pick === best ? bestPooled : pooledOf(pick);
  return { family, scored: pick, pooled: pick.pooled as number, ...pooled, reason };
}

/** The selected ensemble: member weights (summing to 1), its pooled validation macro-F1 and predictions. */
export interface SelectedEnsemble {
  weights: { algorithm: ModelFamily; weight: number }[];
  pooled: number;
  predictions: Int32Array;
}

/**
 * One greedy selection with replacement (Caruana et al., 2004) on the given rows: each round adds the member
 * whose addition gives the highest macro-F1 of the summed probabilities; the best prefix of the rounds is kept.
 * @param members row-major class probabilities of each member on the rows
 * @param actual labels of the rows
 * @param nClasses number of classes
 * @returns the kept prefix's vote count per member
 */
function greedySelection(members: Float64Array[], actual: Int32Array, nClasses: number): number[] {
  const counts = new Array<number>(members.length).fill(0);
  const sum = new Float64Array(members[0].length);
  const confusion = new Int32Array(nClasses * nClasses);
  let best: { counts: number[]; score: number } | null = null;
  for (let round = 0; round < ENSEMBLE_ROUNDS; round++) {
    let pick = 0;
    let pickScore = -1;
    for (let m = 0; m < members.length; m++) {
      const score = macroF1OfSum(sum, members[m], actual, nClasses, confusion);
      if (score > pickScore + 1e-12) {
        pick = m;
        pickScore = score;
      }
    }
    counts[pick] += 1;
    const p = members[pick];
    for (let i = 0; i < sum.length; i++) sum[i] += p[i];
    if (!best || pickScore > best.score + 1e-12) best = { counts: [...counts], score: pickScore };
  }
  return (best as { counts: number[] }).counts;
}

/**
 * Macro-F1 of the arg-max of `sum + member`, row by row: what `combineProbabilities([sum, member], [1, 1])`, then
 * `argmaxRows` with the ensemble's tie tolerance and `macroF1` give, to the bit, without the three arrays they
 * allocate. A selection scores 25 rounds x every member x 100 bags of these.
 * @param confusion scratch nClasses x nClasses counts, overwritten
 */
function macroF1OfSum(sum: Float64Array, member: Float64Array, actual: Int32Array, nClasses: number, confusion: Int32Array): number {
  confusion.fill(0);
  const tolerance = ENSEMBLE_TIE_TOLERANCE;
  const rows = actual.length;
  for (let r = 0; r < rows; r++) {
    const o = r * nClasses;
    let best = 0;
    let bestValue = sum[o] + member[o];
    for (let c = 1; c < nClasses; c++) {
      const value = sum[o + c] + member[o + c];
      if (value > bestValue + tolerance) {
        best = c;
        bestValue = value;
      }
    }
    confusion[actual[r] * nClasses + best] += 1;
  }
  return macroF1OfCounts(confusion, nClasses);
}

/** The rows `rows` of a row-major matrix with `width` columns. */
function pickRows(matrix: Float64Array, rows: Int32Array, width: number): Float64Array {
  const out = new Float64Array(rows.length * width);
  // A plain copy: a subarray view per row cost more than the copying, 500,000 rows per selection.
  for (let r = 0, o = 0; r < rows.length; r++) {
    const from = rows[r] * width;
    for (let c = 0; c < width; c++, o++) out[o] = matrix[from + c];
  }
  return out;
}

/**
 * Bagged greedy ensemble selection over the families' finalists, on their pooled validation probabilities.
 * Caruana et al. (2004) bag the selection over random subsets of a large model library; with five finalists the
 * bags here are bootstrap resamples of the validation rows. One greedy selection on ~750 validation rows chases
 * the noise of macro-F1 on an arg-max (a weak model can win a round by flipping a handful of rows); averaged over
 * ENSEMBLE_BAGS resamples, a member keeps the weight it earns on most of them; a resample draws at most
 * RESAMPLE_MAX_ROWS rows. Null when fewer than two families end with a weight.
 * @param finalists the families' finalists (scored on every fold)
 * @param folds the folds (for the labels)
 * @param nClasses number of classes
 * @param seed seed of the resamples
 */
export function selectEnsemble(finalists: Finalist[], folds: FoldData[], nClasses: number, seed: number): SelectedEnsemble | null {
  const members = finalists.filter((f) => f.scored.pooled !== null);
  if (members.length < 2) return null;
  const actual = pooledLabels(folds);
  const n = actual.length;
  const rng = createRng(deriveSeed(seed, 'ensemble-bags'));
  const weights = new Array<number>(members.length).fill(0);
  const drawn = Math.min(n, RESAMPLE_MAX_ROWS);
  const rows = new Int32Array(drawn);
  const sampled = new Int32Array(drawn);
  for (let bag = 0; bag < ENSEMBLE_BAGS; bag++) {
    for (let i = 0; i < drawn; i++) {
      rows[i] = Math.floor(rng.next() * n);
      sampled[i] = actual[rows[i]];
    }
    const counts = greedySelection(members.map((m) => pickRows(m.probabilities, rows, nClasses)), sampled, nClasses);
    const total = counts.reduce((s, c) => s + c, 0);
    counts.forEach((c, m) => (weights[m] += c / total / ENSEMBLE_BAGS));
  }
  const kept = members.map((m, i) => ({ member: m, weight: weights[i] })).filter((w) => w.weight > 0);
  if (kept.length < 2) return null;
  const combined = combineProbabilities(kept.map((k) => k.member.probabilities), kept.map((k) => k.weight));
  const predictions = argmaxRows(combined, nClasses, ENSEMBLE_TIE_TOLERANCE);
  return { weights: kept.map((k) => ({ algorithm: k.member.family, weight: k.weight })), pooled: macroF1(actual, predictions, nClasses), predictions };
}

/**
 * Per-fold macro-F1 of an ensemble (for its mean ± sd).
 * @param finalists the members' finalists
 * @param weights member weights
 * @param folds the folds
 * @param nClasses number of classes
 */
export function ensembleFoldScores(finalists: Finalist[], weights: { algorithm: ModelFamily; weight: number }[], folds: FoldData[], nClasses: number): number[] {
  return folds.map((fold, f) => {
    const combined = combineProbabilities(
      weights.map((w) => (finalists.find((x) => x.family === w.algorithm) as Finalist).scored.foldProbabilities[f] as Float64Array),
      weights.map((w) => w.weight),
    );
    return macroF1(fold.yValidation, argmaxRows(combined, nClasses, ENSEMBLE_TIE_TOLERANCE), nClasses);
  });
}
