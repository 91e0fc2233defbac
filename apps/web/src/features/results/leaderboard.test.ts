import { describe, expect, it } from 'vitest';
import type { AutoMLResults, HyperparameterRow, ModelResult } from '@indicata/contracts';
import { leaderboardRows, relevantParams, sortLeaderboard } from './leaderboard.ts';

const hp = (rank: number, params: Record<string, unknown>, mean: number, extra: Partial<HyperparameterRow> = {}): HyperparameterRow => ({
  rank_test_score: rank,
  params,
  mean_test_score: mean,
  std_test_score: 0.01,
  fold_scores: [mean, mean, mean],
  scaler: null,
  ...extra,
});

const model = (algorithm: ModelResult['algorithm'], hyperparameters: HyperparameterRow[], testMacroF1: number, extra: Partial<ModelResult> = {}): ModelResult =>
  ({
    algorithm,
    params: {},
    paramsSource: 'auto',
    validationMacroF1: hyperparameters[0]?.mean_test_score ?? 0.8,
    validationMacroF1Std: 0.02,
    test: { macroF1: testMacroF1 },
    predictions: [],
    hyperparameters,
    fitSeconds: 1.5,
    ...extra,
  }) as unknown as ModelResult;

describe('relevantParams', () => {
  it('drops what the SVM kernel ignores', () => {
    expect(relevantParams('SVM', { kernel: 'linear', C: 1, gamma: 0.1, degree: 3 })).toEqual({ kernel: 'linear', C: 1 });
    expect(relevantParams('SVM', { kernel: 'rbf', C: 1, gamma: 0.1, degree: 3 })).toEqual({ kernel: 'rbf', C: 1, gamma: 0.1 });
    expect(relevantParams('SVM', { kernel: 'poly', C: 1, gamma: 0.1, degree: 3 })).toEqual({ kernel: 'poly', C: 1, gamma: 0.1, degree: 3 });
  });
  it('drops the KNN weighting with one neighbour, and never-relevant settings', () => {
    expect(relevantParams('KNN', { n_neighbors: 1, weights: 'distance', p: 2, n_jobs: 4 })).toEqual({ n_neighbors: 1, p: 2 });
    expect(relevantParams('KNN', { n_neighbors: 5, weights: 'distance', p: 2 })).toEqual({ n_neighbors: 5, weights: 'distance', p: 2 });
  });
});

describe('leaderboardRows', () => {
  const results = {
    best: 'SVM',
    models: {
      SVM: model(
        'SVM',
        [
          hp(1, { kernel: 'linear', C: 1, gamma: 'scale', degree: 3 }, 0.8, { scaler: 'standard', fit_seconds: 2, predict_seconds: 0.1, folds_scored: 3 }),
          hp(2, { kernel: 'linear', C: 1, gamma: 0.1, degree: 3 }, 0.8, { scaler: 'standard' }),
          hp(3, { kernel: 'linear', C: 1, gamma: 0.1, degree: 3 }, 0.79, { scaler: 'quantile-normal' }),
          hp(4, { kernel: 'rbf', C: 1, gamma: 0.1, degree: 3 }, 0.7, { scaler: 'standard' }),
        ],
        0.77,
      ),
      KNN: model(
        'KNN',
        [hp(1, { n_neighbors: 5, weights: 'uniform', p: 2 }, 0.75, { scaler: 'standard' }), hp(2, { n_neighbors: 5, weights: 'uniform', p: 2 }, 0.75, { scaler: 'standard' })],
        0.7,
      ),
      Ensemble: model('Ensemble', [], 0.78, { validationMacroF1: 0.79, members: [{ algorithm: 'SVM', weight: 0.6 }, { algorithm: 'KNN', weight: 0.4 }] }),
    },
  } as unknown as AutoMLResults;

  it('shows twins that differ only in ignored parameters (or not at all) once, counting them', () => {
    const rows = leaderboardRows(results);
    const svm = rows.filter((r) => r.family === 'SVM');
    expect(svm.map((r) => [r.rank, r.scaler, r.candidates])).toEqual([
      [1, 'standard', 2],
      [3, 'quantile-normal', 1],
      [4, 'standard', 1],
    ]);
    expect(svm[0].params).toEqual({ kernel: 'linear', C: 1 });
    // Two KNN candidates with the same settings would be two identical rows, which reads as a bug: shown once.
    expect(rows.filter((r) => r.family === 'KNN')).toHaveLength(1);
  });

  it('gives the test score to each family finalist only, and marks the chosen model', () => {
    const rows = leaderboardRows(results);
    expect(rows.filter((r) => r.testMacroF1 !== null).map((r) => [r.family, r.testMacroF1])).toEqual([
      ['SVM', 0.77],
      ['Ensemble', 0.78],
      ['KNN', 0.7],
    ]);
    expect(rows.filter((r) => r.chosen).map((r) => r.family)).toEqual(['SVM']);
    const ensemble = rows.find((r) => r.family === 'Ensemble')!;
    expect(ensemble.params).toEqual({ SVM: 0.6, KNN: 0.4 });
  });

  it('still lists a family whose search the budget ended before any candidate was scored, as its finalist', () => {
    const cut = { ...results, models: { ...results.models, ANN: model('ANN', [], 0.6, { params: { epochs: 30, n_jobs: 2 }, validationMacroF1: 0.61 }) } } as AutoMLResults;
    const ann = leaderboardRows(cut).filter((r) => r.family === 'ANN');
    expect(ann.map((r) => [r.finalist, r.testMacroF1, r.validationScore, r.foldsScored, r.params])).toEqual([[true, 0.6, 0.61, null, { epochs: 30 }]]);
  });

  it('keeps times and folds when the results carry them, null otherwise', () => {
    const [first] = leaderboardRows(results);
    expect([first.fitSeconds, first.predictSeconds, first.foldsScored]).toEqual([2, 0.1, 3]);
    const knn = leaderboardRows(results).find((r) => r.family === 'KNN')!;
    expect([knn.fitSeconds, knn.predictSeconds, knn.foldsScored]).toEqual([null, null, 3]);
  });

  it('sorts by validation score by default and by any column on request', () => {
    const rows = leaderboardRows(results);
    expect(rows.map((r) => r.validationScore)).toEqual([0.8, 0.79, 0.79, 0.75, 0.7]);
    expect(sortLeaderboard(rows, 'testMacroF1', 'desc').map((r) => r.testMacroF1)).toEqual([0.78, 0.77, 0.7, null, null]);
    expect(sortLeaderboard(rows, 'family', 'asc').map((r) => r.family)).toEqual(['Ensemble', 'KNN', 'SVM', 'SVM', 'SVM']);
  });
});

describe('the rules in the leaderboard', () => {
  const rule = (algorithm: 'Persistence' | 'Majority' | 'Trend', validation: number, test: number) =>
    model(algorithm, [], test, { paramsSource: 'rule', validationMacroF1: validation, validationMacroF1Std: 0.01, hyperparameters: [] });

  it('shows persistence and majority with their validation and test scores, the recommended one chosen', () => {
    const results = {
      best: 'Persistence',
      models: { RF: model('RF', [hp(1, { n_estimators: 100 }, 0.9)], 0.88), Persistence: rule('Persistence', 0.91, 0.93), Majority: rule('Majority', 0.3, 0.28) },
      baselines: [],
    } as unknown as AutoMLResults;
    const rows = leaderboardRows(results);
    expect(rows.map((r) => [r.family, r.validationScore, r.testMacroF1, r.chosen, r.rule])).toEqual([
      ['Persistence', 0.91, 0.93, true, true],
      ['RF', 0.9, 0.88, false, false],
      ['Majority', 0.3, 0.28, false, true],
    ]);
    expect(rows[0]).toMatchObject({ params: {}, validationSd: 0.01, finalist: true });
  });

  it('shows the trend rule as a rule row, chosen when it is recommended', () => {
    const results = {
      best: 'Trend',
      models: { RF: model('RF', [hp(1, { n_estimators: 100 }, 0.9)], 0.88), Persistence: rule('Persistence', 0.85, 0.8), Majority: rule('Majority', 0.3, 0.28), Trend: rule('Trend', 0.94, 0.95) },
      baselines: [],
    } as unknown as AutoMLResults;
    expect(leaderboardRows(results).map((r) => [r.family, r.chosen, r.rule])).toEqual([
      ['Trend', true, true],
      ['RF', false, false],
      ['Persistence', false, true],
      ['Majority', false, true],
    ]);
  });

  it("takes the baselines' validation and test scores when the rules are not models of the results (history off)", () => {
    const results = {
      best: 'RF',
      models: { RF: model('RF', [hp(1, { n_estimators: 100 }, 0.9)], 0.88) },
      baselines: [
        { name: 'majority', test: { macroF1: 0.28 }, validation: { macroF1: 0.3, std: 0.02 } },
        { name: 'persistence', test: { macroF1: 0.93 }, validation: { macroF1: 0.95, std: 0.01 } },
      ],
    } as unknown as AutoMLResults;
    expect(leaderboardRows(results).map((r) => [r.family, r.validationScore, r.validationSd, r.testMacroF1, r.chosen])).toEqual([
      ['Persistence', 0.95, 0.01, 0.93, false],
      ['RF', 0.9, 0.01, 0.88, true],
      ['Majority', 0.3, 0.02, 0.28, false],
    ]);
    // Older results without the baselines' validation scores: no rule rows.
    const older = { ...results, baselines: results.baselines.map(({ validation: _, ...b }) => b) } as AutoMLResults;
    expect(leaderboardRows(older).map((r) => r.family)).toEqual(['RF']);
  });
});

describe('the score the leaderboard shows', () => {
  it('is the pooled validation macro-F1 that ranked the candidates, so the finalist stands above the candidates it beat', () => {
    const results = {
      best: 'DT',
      models: {
        // The finalist won on the pooled score (0.9377) though the folds' mean of the third was higher (0.9402).
        DT: model('DT', [hp(1, { max_depth: 8 }, 0.9331, { pooled_score: 0.9377 }), hp(2, { max_depth: 12 }, 0.93, { pooled_score: 0.935 }), hp(3, { max_depth: 6 }, 0.9402, { pooled_score: 0.93 }), hp(4, { max_depth: 3 }, 0.95)], 0.7),
      },
      baselines: [],
    } as unknown as AutoMLResults;
    const rows = leaderboardRows(results);
    expect(rows.map((r) => [r.rank, r.validationScore])).toEqual([
      // Stopped before every fold: no pooled score, so its folds' mean (its "folds scored" says how few).
      [4, 0.95],
      [1, 0.9377],
      [2, 0.935],
      [3, 0.93],
    ]);
    expect(rows.find((r) => r.finalist)?.validationScore).toBe(0.9377);
  });
});
