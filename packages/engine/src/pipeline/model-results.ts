import type { FeatureImportanceRow, HyperparameterRow, ModelFamily, ModelResult, PredictionRow } from '@indicata/contracts';
import type { PanelFrame } from '../data/frame.ts';
import type { FitResult } from '../search/fit-task.ts';
import type { FamilySearch, ScoredCandidate } from '../search/halving.ts';
import type { Finalist } from '../search/select.ts';
import { SCALED_FAMILIES } from '../search/spaces.ts';
import type { EngineConfig } from './config.ts';
import type { PreparedTarget } from './prepare.ts';
import { confusionMatrix, macroF1 } from '../metrics/classification.ts';
import { clean, summaryMetrics } from '../metrics/tables.ts';

/** What every per-model result needs about the test rows. */
export interface TestContext {
  frame: PanelFrame;
  prepared: PreparedTarget;
  config: EngineConfig;
  /** Actual class per test row (prepared.testRows order). */
  actual: Int32Array;
  /** The prediction tables' order (predictionTableOrder): the rows' and their prediction sets' alike. */
  tableOrder: Int32Array;
  /** Per test row: whether a cell was filled although imputation is 'none' (indicators' input set). */
  incomplete: Uint8Array;
  titles: string[];
  nClasses: number;
}

function meanStd(values: number[]): { mean: number; std: number } {
  if (values.length === 0) return { mean: 0, std: 0 };
  const m = values.reduce((s, v) => s + v, 0) / values.length;
  return { mean: m, std: Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / values.length) };
}

/**
 * The order of the prediction tables: by time, then place. Entry k is the test row (its position in
 * `testRows`) shown k-th, so anything computed per test row (a prediction set) can follow the table.
 * @param frame the panel
 * @param testRows the test rows' frame indices
 */
export function predictionTableOrder(frame: PanelFrame, testRows: readonly number[]): Int32Array {
  const byTimeThenPlace = (a: number, b: number) => {
    const [i, j] = [testRows[a], testRows[b]];
    const [si, sj] = [frame.space[i], frame.space[j]];
    return frame.time[i] - frame.time[j] || (si < sj ? -1 : si > sj ? 1 : 0);
  };
  return Int32Array.from(testRows.map((_, r) => r).sort(byTimeThenPlace));
}

/**
 * Prediction rows of the test set, sorted by time then place (ctx.tableOrder).
 * @param ctx test context
 * @param predicted predicted class per test row
 */
export function predictionRows(ctx: TestContext, predicted: Int32Array): PredictionRow[] {
  const { frame, prepared, actual, titles } = ctx;
  const outlierTest = new Set(prepared.outlierTestRows);
  const region = (i: number) => (frame.region ? (frame.region[i] ?? null) : null);
  return Array.from(ctx.tableOrder, (r) => {
    const i = prepared.testRows[r];
    return {
      space: frame.space[i],
      region: region(i),
      time: frame.time[i],
      actual: titles[actual[r]],
      predicted: titles[predicted[r]],
      actualIndex: actual[r],
      predictedIndex: predicted[r],
      correct: actual[r] === predicted[r],
      actualValue: prepared.target[i],
      outlier: outlierTest.has(i),
      imputed: ctx.config.preprocessing.missingData.imputation === 'none' && ctx.incomplete[r] === 1,
    };
  });
}

/**
 * Permutation importance rows: mean and sd of the macro-F1 drop per feature.
 * @param names feature names in model column order
 * @param permutedPredictions [feature][repeat] predictions of the permuted sample
 * @param base predictions of the unpermuted sample
 * @param actual actual classes of the sample
 * @param nClasses number of classes
 */
export function permutationRows(names: string[], permutedPredictions: Int32Array[][], base: Int32Array, actual: Int32Array, nClasses: number): FeatureImportanceRow[] {
  const baseScore = macroF1(actual, base, nClasses);
  return names
    .map((name, f) => {
      const drops = permutedPredictions[f].map((p) => baseScore - macroF1(actual, p, nClasses));
      const { mean, std } = meanStd(drops);
      return { Feature: name, Importance: clean(mean) as number, std: clean(std) as number };
    })
    .sort((a, b) => b.Importance - a.Importance || a.Feature.localeCompare(b.Feature));
}

/** Scores of a scored candidate over the folds it was scored on. */
function scoredFolds(s: ScoredCandidate): number[] {
  return s.foldScores.filter((v): v is number => v !== null);
}

/**
 * The family's leaderboard rows: candidates scored on every fold first, ranked by pooled validation macro-F1
 * (1 = best, ties share a rank), then those the halving stopped after the most recent fold.
 * @param family the family
 * @param search the family's search
 */
export function hyperparameterRows(family: ModelFamily, search: FamilySearch): HyperparameterRow[] {
  const complete = search.scored.filter((s) => s.pooled !== null);
  const partial = search.scored.filter((s) => s.pooled === null);
  const rankOf = (s: ScoredCandidate) => 1 + complete.filter((o) => (o.pooled as number) > (s.pooled as number) + 1e-12).length;
  const row = (s: ScoredCandidate, rank: number): HyperparameterRow & { order: number } => {
    const scores = scoredFolds(s);
    const { mean, std } = meanStd(scores);
    return {
      rank_test_score: rank,
      params: s.candidate.params,
      mean_test_score: clean(mean) as number,
      std_test_score: clean(std) as number,
      fold_scores: scores.map((v) => clean(v) as number),
      scaler: SCALED_FAMILIES.includes(family) ? s.candidate.scaler : null,
      ...(s.pooled !== null ? { pooled_score: clean(s.pooled) as number } : {}),
      fit_seconds: clean(s.fitSeconds) as number,
      predict_seconds: clean(s.predictSeconds) as number,
      folds_scored: scores.length,
      inputs: s.candidate.inputs ?? 'indicators',
      order: s.index,
    };
  };
  const ranked = complete.map((s) => row(s, rankOf(s))).sort((a, b) => a.rank_test_score - b.rank_test_score || a.order - b.order);
  const rest = partial
    .map((s) => row(s, complete.length + 1))
    .sort((a, b) => b.mean_test_score - a.mean_test_score || a.order - b.order)
    .map((r, k) => ({ ...r, rank_test_score: complete.length + 1 + k }));
  return [...ranked, ...rest].map(({ order: _order, ...r }) => r);
}

/**
 * One family's model result.
 * @param ctx test context
 * @param finalist the family's finalist
 * @param search the family's search
 * @param final its final fit
 * @param featureNames feature names of its input set, in model column order
 * @param permutationActual actual classes of the permutation sample
 */
export function familyResult(
  ctx: TestContext,
  finalist: Finalist,
  search: FamilySearch,
  final: FitResult,
  featureNames: string[],
  permutationActual: Int32Array,
): ModelResult {
  const family = finalist.family;
  const predicted = final.predictions[0];
  const c = finalist.scored.candidate;
  const result: ModelResult = {
    algorithm: family,
    params: SCALED_FAMILIES.includes(family) ? { ...c.params, scaler: c.scaler } : c.params,
    paramsSource: ctx.config.models[family] === 'auto' ? 'auto' : 'explicit',
    validationMacroF1: clean(finalist.pooled) as number,
    validationMacroF1Std: clean(meanStd(scoredFolds(finalist.scored)).std) as number,
    test: summaryMetrics(ctx.actual, predicted, ctx.nClasses),
    predictions: predictionRows(ctx, predicted),
    confusionMatrix: { labels: ctx.titles, matrix: confusionMatrix(ctx.actual, predicted, ctx.nClasses) },
    hyperparameters: hyperparameterRows(family, search),
    impurityImportance: final.impurityImportance
      ? featureNames
          .map((name, f) => ({ Feature: name, Importance: clean((final.impurityImportance as number[])[f]) as number }))
          .sort((a, b) => b.Importance - a.Importance || a.Feature.localeCompare(b.Feature))
      : null,
    permutationImportance: final.permuted ? permutationRows(featureNames, final.permuted.predictions, final.permuted.base, permutationActual, ctx.nClasses) : null,
    search: { evaluated: search.scored.length, planned: search.planned, budgetBound: search.budgetBound, seconds: clean(search.seconds) as number },
    fitSeconds: clean(final.seconds) as number,
  };
  if (family === 'ANN') {
    result.annHyperparameters = search.scored
      .map((s) => ({
        num_layers: Number(s.candidate.params.num_layers ?? 1),
        neurons: Number(s.candidate.params.neurons ?? 0),
        activation: String(s.candidate.params.activation ?? ''),
        dropout_rate: Number(s.candidate.params.dropout_rate ?? 0),
        optimizer: String(s.candidate.params.optimizer ?? ''),
        score: clean(s.pooled ?? meanStd(scoredFolds(s)).mean) as number,
      }))
      .sort((a, b) => b.score - a.score);
  }
  return result;
}
