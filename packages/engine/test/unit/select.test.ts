import type { ModelFamily } from '@indicata/contracts';
import { createRng } from '../../src/data/random.ts';
import { macroF1 } from '../../src/metrics/classification.ts';
import { argmaxRows } from '../../src/search/ensemble.ts';
import type { ScoredCandidate } from '../../src/search/halving.ts';
import type { FoldData } from '../../src/search/search.ts';
import { ensembleKept, selectEnsemble, type Finalist } from '../../src/search/select.ts';

const CLASSES = 3;
const FOLD_ROWS = 200;

/** Two validation folds of random labels. */
function foldsOf(seed: number): FoldData[] {
  const rng = createRng(seed);
  return [0, 1].map(() => ({ yValidation: Int32Array.from({ length: FOLD_ROWS }, () => Math.floor(rng.next() * CLASSES)) }) as FoldData);
}

/** A finalist that puts 0.7 on the true class of a share `accuracy` of the rows, else on a wrong class. */
function finalistOf(family: ModelFamily, folds: FoldData[], accuracy: number, seed: number): Finalist {
  const rng = createRng(seed);
  const foldProbabilities = folds.map((fold) => {
    const p = new Float64Array(fold.yValidation.length * CLASSES).fill(0.15);
    fold.yValidation.forEach((y, i) => {
      const c = rng.next() < accuracy ? y : (y + 1 + Math.floor(rng.next() * (CLASSES - 1))) % CLASSES;
      p[i * CLASSES + c] = 0.7;
    });
    return p;
  });
  const foldPredictions = foldProbabilities.map((p) => argmaxRows(p, CLASSES));
  const probabilities = Float64Array.from(foldProbabilities.flatMap((p) => Array.from(p)));
  const predictions = argmaxRows(probabilities, CLASSES);
  const actual = Int32Array.from(folds.flatMap((f) => Array.from(f.yValidation)));
  const pooled = macroF1(actual, predictions, CLASSES);
  const scored = { index: 0, preferred: false, foldPredictions, foldProbabilities, foldScores: [0, 0], pooled } as unknown as ScoredCandidate;
  return { family, scored, pooled, predictions, probabilities, reason: 'test' };
}

describe('bagged greedy ensemble selection', () => {
  const folds = foldsOf(1);

  it('keeps no ensemble when one member is right on every row', () => {
    const finalists = [finalistOf('RF', folds, 1, 2), finalistOf('KNN', folds, 0.7, 3)];
    expect(selectEnsemble(finalists, folds, CLASSES, 1)).toBeNull();
  });

  it('combines good members with independent errors, weights summing to 1, the same for the same seed', () => {
    const finalists = [finalistOf('RF', folds, 0.75, 4), finalistOf('KNN', folds, 0.75, 5), finalistOf('SVM', folds, 0.75, 10)];
    const ensemble = selectEnsemble(finalists, folds, CLASSES, 7);
    expect(ensemble).not.toBeNull();
    const weights = ensemble!.weights.map((w) => w.weight);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(weights).toHaveLength(3);
    for (const w of weights) expect(w).toBeGreaterThan(0.2);
    // A majority of three independent voters beats each of them.
    expect(ensemble!.pooled).toBeGreaterThan(Math.max(...finalists.map((f) => f.pooled)) + 0.05);
    expect(selectEnsemble(finalists, folds, CLASSES, 7)).toEqual(ensemble);
  });

  it('gives a much weaker member a small weight at most', () => {
    const finalists = [finalistOf('RF', folds, 0.85, 6), finalistOf('ANN', folds, 0.4, 8), finalistOf('SVM', folds, 0.8, 9)];
    const ensemble = selectEnsemble(finalists, folds, CLASSES, 3);
    const weak = ensemble?.weights.find((w) => w.algorithm === 'ANN')?.weight ?? 0;
    expect(weak).toBeLessThan(0.15);
  });
});

describe('ensemble or best finalist (one-standard-error rule)', () => {
  // Three independent voters of equal accuracy: the ensemble differs from each of them on many rows.
  const folds = foldsOf(1);
  const finalists = [finalistOf('RF', folds, 0.75, 4), finalistOf('KNN', folds, 0.75, 5), finalistOf('SVM', folds, 0.75, 10)];
  const ensemble = selectEnsemble(finalists, folds, CLASSES, 7)!;

  it('keeps an ensemble that scores higher', () => {
    expect(ensembleKept(finalists[0], ensemble, folds, CLASSES, 1).kept).toBe(true);
  });

  it('keeps the ensemble when a finalist beats it by less than one standard error, not by more', () => {
    const close = { ...finalists[0], pooled: ensemble.pooled + 0.001 };
    const { kept, se } = ensembleKept(close, ensemble, folds, CLASSES, 1);
    expect(se).toBeGreaterThan(0.001);
    expect(kept).toBe(true);
    expect(ensembleKept({ ...finalists[0], pooled: ensemble.pooled + se + 0.001 }, ensemble, folds, CLASSES, 1).kept).toBe(false);
  });
});
