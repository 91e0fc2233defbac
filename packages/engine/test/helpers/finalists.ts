/** Synthetic validation folds and finalists for the tests of the choice (select.ts, choose.ts). */
import type { ModelFamily } from '@indicata/contracts';
import { createRng } from '../../src/data/random.ts';
import { macroF1 } from '../../src/metrics/classification.ts';
import { argmaxRows } from '../../src/data/stats.ts';
import { ENSEMBLE_TIE_TOLERANCE } from '../../src/search/ensemble.ts';
import type { ScoredCandidate } from '../../src/search/halving.ts';
import type { FoldData } from '../../src/search/search.ts';
import type { Finalist } from '../../src/search/select.ts';

/** Classes of the synthetic validation labels. */
export const CLASSES = 3;
const FOLD_ROWS = 200;

/**
 * Two validation folds of random labels.
 * @param seed seed of the labels
 * @param rows rows per fold
 */
export function foldsOf(seed: number, rows = FOLD_ROWS): FoldData[] {
  const rng = createRng(seed);
  return [0, 1].map(() => ({ yValidation: Int32Array.from({ length: rows }, () => Math.floor(rng.next() * CLASSES)) }) as FoldData);
}

/** A finalist that puts 0.7 on the true class of a share `accuracy` of the rows, else on a wrong class. */
export function finalistOf(family: ModelFamily, folds: FoldData[], accuracy: number, seed: number): Finalist {
  const rng = createRng(seed);
  const foldProbabilities = folds.map((fold) => {
    const p = new Float64Array(fold.yValidation.length * CLASSES).fill(0.15);
    fold.yValidation.forEach((y, i) => {
      const c = rng.next() < accuracy ? y : (y + 1 + Math.floor(rng.next() * (CLASSES - 1))) % CLASSES;
      p[i * CLASSES + c] = 0.7;
    });
    return p;
  });
  const foldPredictions = foldProbabilities.map((p) => argmaxRows(p, CLASSES, ENSEMBLE_TIE_TOLERANCE));
  const probabilities = Float64Array.from(foldProbabilities.flatMap((p) => Array.from(p)));
  const predictions = argmaxRows(probabilities, CLASSES, ENSEMBLE_TIE_TOLERANCE);
  const actual = Int32Array.from(folds.flatMap((f) => Array.from(f.yValidation)));
  const pooled = macroF1(actual, predictions, CLASSES);
  const scored = { index: 0, preferred: false, foldPredictions, foldProbabilities, foldScores: [0, 0], pooled } as unknown as ScoredCandidate;
  return { family, scored, pooled, predictions, probabilities, reason: 'test' };
}
