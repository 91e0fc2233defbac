import type { ModelFamily } from '@indicata/contracts';
import { brierScore, chooseConfiguration, chooseWithinTime, MIN_ROWS_FOR_A_LEAD } from '../../src/pipeline/choose.ts';
import { macroF1 } from '../../src/metrics/classification.ts';
import type { ScoredCandidate } from '../../src/search/halving.ts';
import type { FoldData } from '../../src/search/search.ts';
import { bootstrapStandardError, pooledLabels } from '../../src/search/select.ts';
import { selectEnsemble, type Finalist, type SelectedEnsemble } from '../../src/search/select.ts';
import { CLASSES, finalistOf, foldsOf } from '../helpers/finalists.ts';

describe('the choice within the time left for final fits', () => {
  // Four independent voters of equal accuracy: the validation choice is their ensemble.
  const folds = foldsOf(1);
  const finalists = [finalistOf('RF', folds, 0.75, 4), finalistOf('KNN', folds, 0.75, 5), finalistOf('SVM', folds, 0.75, 10), finalistOf('ANN', folds, 0.75, 11)];
  const ensemble = selectEnsemble(finalists, folds, CLASSES, 7);
  const seconds = (costs: Partial<Record<ModelFamily, number>>) => (f: Finalist) => costs[f.family] ?? 1;

  it('keeps the validation choice when its final fits fit', () => {
    const { chosen, warning } = chooseWithinTime(finalists, ensemble, folds, CLASSES, 1, { finalSeconds: seconds({}), leftSeconds: 10, threads: 2 });
    expect(chosen.algorithm).toBe('Ensemble');
    expect(chosen.members.map((m) => m.finalist.family).sort()).toEqual(['ANN', 'KNN', 'RF', 'SVM']);
    expect(warning).toBeNull();
  });

  it('drops only the member whose final fit does not fit: the ensemble of the others, selected again', () => {
    const { chosen, ensemble: reported, warning } = chooseWithinTime(finalists, ensemble, folds, CLASSES, 1, {
      finalSeconds: seconds({ ANN: 20 }),
      leftSeconds: 12,
      threads: 2,
    });
    expect(chosen.algorithm).toBe('Ensemble');
    expect(chosen.members.map((m) => m.finalist.family).sort()).toEqual(['KNN', 'RF', 'SVM']);
    expect(reported?.weights.map((w) => w.algorithm).sort()).toEqual(['KNN', 'RF', 'SVM']);
    expect(chosen.reason).toMatch(/^among the finalists whose final fit fits the time left \(all but ANN\), the bagged greedy ensemble of/);
    expect(warning).toMatch(/^Ensemble was the validation choice, .* the ensemble of (KNN|RF|SVM), .* is chosen instead\.$/);
  });

  it('falls back to the best single finalist that fits when no ensemble of the others fits', () => {
    // Side by side on one thread, the three cheap members together need 3 x 5 s > 8 s.
    const { chosen, warning } = chooseWithinTime(finalists, ensemble, folds, CLASSES, 1, {
      finalSeconds: seconds({ ANN: 20, RF: 5, KNN: 5, SVM: 5 }),
      leftSeconds: 8,
      threads: 1,
    });
    expect(chosen.members).toHaveLength(1);
    expect(['RF', 'KNN', 'SVM']).toContain(chosen.algorithm);
    expect(chosen.reason).toMatch(/is the best whose final fit fits the time left/);
    expect(warning).toMatch(/is chosen instead/);
  });

  it('takes the cheapest finalist when none fits', () => {
    const { chosen } = chooseWithinTime(finalists, ensemble, folds, CLASSES, 1, {
      finalSeconds: seconds({ ANN: 20, RF: 9, KNN: 3, SVM: 12 }),
      leftSeconds: 2,
      threads: 2,
    });
    expect(chosen.algorithm).toBe('KNN');
  });
});

describe('ensemble or best finalist: the ensemble must beat its best member by more than the noise', () => {
  const folds = foldsOf(1);
  const finalists = [finalistOf('RF', folds, 0.75, 4), finalistOf('KNN', folds, 0.75, 5), finalistOf('SVM', folds, 0.75, 10)];
  const ensemble = selectEnsemble(finalists, folds, CLASSES, 7) as SelectedEnsemble;
  const top = [...finalists].sort((a, b) => b.pooled - a.pooled)[0];

  it('chooses an ensemble that beats every member by far, and reports by how much', () => {
    const chosen = chooseConfiguration(finalists, ensemble, folds, CLASSES, 1);
    expect(chosen.algorithm).toBe('Ensemble');
    expect(chosen.ensembleComparison.chosen).toBe(true);
    expect(chosen.ensembleComparison.margin).toBeCloseTo(ensemble.pooled - top.pooled, 12);
    expect(chosen.ensembleComparison.margin as number).toBeGreaterThan(chosen.ensembleComparison.standardError as number);
  });

  it('does not choose an ensemble that only ties its best member', () => {
    // The same predictions as the best member, so the paired difference is noise: zero.
    const tie: SelectedEnsemble = { ...ensemble, predictions: top.predictions, pooled: top.pooled };
    const chosen = chooseConfiguration(finalists, tie, folds, CLASSES, 1);
    expect(chosen.algorithm).not.toBe('Ensemble');
    expect(chosen.ensembleComparison).toMatchObject({ considered: true, chosen: false, bestMember: top.family, margin: 0 });
    // Slightly ahead, but by less than one standard error: still not chosen.
    const se = bootstrapStandardError(pooledLabels(folds), top.predictions, ensemble.predictions, CLASSES, 1);
    expect(se).toBeGreaterThan(0.001);
    const close: SelectedEnsemble = { ...ensemble, pooled: top.pooled + 0.001 };
    expect(chooseConfiguration(finalists, close, folds, CLASSES, 1).algorithm).not.toBe('Ensemble');
  });

  it('breaks a tie within noise by the lower Brier score, and says so', () => {
    const sure = finalistOf('RF', folds, 0.75, 4);
    // The same arg-max on every row, less sure of it: a worse Brier score at an equal macro-F1.
    const unsure: Finalist = { ...sure, family: 'KNN', probabilities: sure.probabilities.map((p) => (p > 0.5 ? 0.4 : 0.3)) };
    const actual = pooledLabels(folds);
    expect(brierScore(unsure.probabilities, actual, CLASSES)).toBeGreaterThan(brierScore(sure.probabilities, actual, CLASSES));
    for (const order of [[unsure, sure], [sure, unsure]]) {
      const chosen = chooseConfiguration(order, null, folds, CLASSES, 1);
      expect(chosen.algorithm).toBe('RF');
      expect(chosen.tieBreak).toMatch(/^Brier score of the pooled validation probabilities among/);
      expect(chosen.reason).toMatch(/lowest Brier score/);
    }
  });
});

describe('a lead that rests on a class of a few validation rows', () => {
  // 1 row of class 0 and 200 of each other class: getting that one row right is worth a third of macro-F1.
  const actual = Int32Array.from([0, ...Array.from({ length: 400 }, (_, i) => 1 + (i % 2))]);
  const folds = [{ yValidation: actual } as FoldData];
  /** A finalist that predicts `predict(row)` with probability `sure` (the rest shared by the other classes). */
  const finalistFrom = (family: ModelFamily, predict: (row: number) => number, sure: number): Finalist => {
    const predictions = Int32Array.from(actual, (_, i) => predict(i));
    const probabilities = new Float64Array(actual.length * CLASSES).fill((1 - sure) / (CLASSES - 1));
    predictions.forEach((c, i) => (probabilities[i * CLASSES + c] = sure));
    const pooled = macroF1(actual, predictions, CLASSES);
    const scored = { index: 0, preferred: false, foldPredictions: [predictions], foldProbabilities: [probabilities], foldScores: [pooled], pooled } as unknown as ScoredCandidate;
    return { family, scored, pooled, predictions, probabilities, reason: 'test' };
  };
  /** The common rows' classes, wrong on every k-th row from `offset` (the other common class instead). */
  const wrongEvery = (k: number, offset: number) => (i: number) => ((i + offset) % k === 0 ? (actual[i] === 1 ? 2 : 1) : actual[i]);
  // Both right on 90% of the common rows (not the same ones); only SVM gets the rare row, and it votes one-hot.
  const svm = finalistFrom('SVM', (i) => (i === 0 ? 0 : wrongEvery(10, 0)(i)), 1);
  const ann = finalistFrom('ANN', (i) => (i === 0 ? 1 : wrongEvery(10, 5)(i)), 0.9);

  it('is a tie, broken by the Brier score, when the two are level on the classes with enough rows', () => {
    expect(svm.pooled - ann.pooled).toBeGreaterThan(0.25);
    const chosen = chooseConfiguration([svm, ann], null, folds, CLASSES, 1);
    expect(chosen.algorithm).toBe('ANN');
    expect(chosen.tieBreak).toMatch(new RegExp(`ANN within it on the classes with at least ${MIN_ROWS_FOR_A_LEAD} validation rows`));
  });

  it('is a lead when the leader is also ahead on the classes with enough rows', () => {
    const weak = finalistFrom('ANN', (i) => (i === 0 ? 1 : wrongEvery(3, 1)(i)), 0.8);
    const chosen = chooseConfiguration([svm, weak], null, folds, CLASSES, 1);
    expect(chosen.algorithm).toBe('SVM');
    expect(chosen.tieBreak).toBeNull();
  });
});
