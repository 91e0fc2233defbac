import { bootstrapStandardError, selectEnsemble } from '../../src/search/select.ts';
import { createRng } from '../../src/data/random.ts';
import { CLASSES, finalistOf, foldsOf } from '../helpers/finalists.ts';

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

  it('on large data (6,000 pooled rows: bags of 5,000 of them) still selects over every row', { timeout: 30_000 }, () => {
    const large = foldsOf(2, 3_000);
    const finalists = [finalistOf('RF', large, 0.75, 4), finalistOf('KNN', large, 0.75, 5), finalistOf('SVM', large, 0.75, 10)];
    const ensemble = selectEnsemble(finalists, large, CLASSES, 7);
    expect(ensemble?.predictions).toHaveLength(6_000);
    expect(ensemble!.weights).toHaveLength(3);
    expect(ensemble!.weights.reduce((sum, w) => sum + w.weight, 0)).toBeCloseTo(1, 12);
    expect(ensemble!.pooled).toBeGreaterThanOrEqual(Math.max(...finalists.map((f) => f.pooled)));
  });

  it('gives a much weaker member a small weight at most', () => {
    const finalists = [finalistOf('RF', folds, 0.85, 6), finalistOf('ANN', folds, 0.4, 8), finalistOf('SVM', folds, 0.8, 9)];
    const ensemble = selectEnsemble(finalists, folds, CLASSES, 3);
    const weak = ensemble?.weights.find((w) => w.algorithm === 'ANN')?.weight ?? 0;
    expect(weak).toBeLessThan(0.15);
  });
});

describe('bootstrap standard error of a pooled macro-F1', () => {
  /** Labels of n rows over CLASSES classes, and predictions right with probability `accuracy` (seeded). */
  function labelled(n: number, accuracy: number, seed: number): { actual: Int32Array; predicted: Int32Array } {
    const rng = createRng(seed);
    const actual = new Int32Array(n);
    const predicted = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      actual[i] = i % CLASSES;
      predicted[i] = rng.next() < accuracy ? actual[i] : (actual[i] + 1 + Math.floor(rng.next() * (CLASSES - 1))) % CLASSES;
    }
    return { actual, predicted };
  }

  it('on 20,000 rows (resamples of 5,000, scaled) matches the analytic rate of a proportion', () => {
    // For balanced classes and symmetric errors macro-F1 is close to accuracy, whose standard error is
    // sqrt(p (1 - p) / n); without the sqrt(m / n) scaling the estimate would be twice that.
    const n = 20_000;
    const { actual, predicted } = labelled(n, 0.8, 3);
    const se = bootstrapStandardError(actual, predicted, null, CLASSES, 5);
    const expected = Math.sqrt((0.8 * 0.2) / n);
    expect(se).toBeGreaterThan(expected * 0.75);
    expect(se).toBeLessThan(expected * 1.3);
  });

  it('at or below 5,000 rows resamples every row, as before', () => {
    const { actual, predicted } = labelled(2_000, 0.8, 3);
    const se = bootstrapStandardError(actual, predicted, null, CLASSES, 5);
    const expected = Math.sqrt((0.8 * 0.2) / 2_000);
    expect(se).toBeGreaterThan(expected * 0.75);
    expect(se).toBeLessThan(expected * 1.3);
  });
});
