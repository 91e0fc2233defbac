import { RULE_ALGORITHMS, type AutoMLResults, type HyperparameterRow, type ModelResult, type RuleAlgorithm } from '@indicata/contracts';
import { isRule, modelsInOrder } from './resultsView.ts';
import { sortByNumber } from './sorting.ts';

/**
 * The leaderboard of the result page: every evaluated candidate of every family, plus the ensemble, with
 * duplicates that differ only in parameters the model ignores shown once.
 */

export interface LeaderboardRow {
  /** Stable key: family and the candidate's canonical form. */
  key: string;
  family: string;
  /** The engine's rank within the family (1 = the family's finalist). */
  rank: number;
  /** Parameters that change the fitted model (ignored ones removed). */
  params: Record<string, unknown>;
  scaler: string | null;
  inputs: HyperparameterRow['inputs'] | null;
  /** Pooled validation macro-F1, the score the choice read (a candidate stopped before every fold: its folds' mean). */
  validationScore: number;
  validationSd: number;
  foldsScored: number | null;
  fitSeconds: number | null;
  predictSeconds: number | null;
  /** The family's finalist (the configuration fitted on all training rows and scored on the test rows). */
  finalist: boolean;
  /** Test macro-F1: finalists only, never shown for other candidates. */
  testMacroF1: number | null;
  /** How many evaluated candidates this row stands for (1 = no duplicates). */
  candidates: number;
  /** The chosen model of the run (a rule when the run recommends it). */
  chosen: boolean;
  /** A rule (persistence, majority): nothing searched or fitted; the page says what it does instead of settings. */
  rule: boolean;
}

/** Parameters that never change what a fitted model predicts (speed or logging only). */
const NEVER_RELEVANT = new Set(['n_jobs', 'verbose', 'algorithm', 'leaf_size', 'cache_size', 'warm_start']);

/**
 * A candidate's parameters without the ones its configuration ignores: for SVM, gamma with a linear kernel,
 * degree unless the kernel is poly, coef0 with linear or rbf; for KNN, the weighting with one neighbour.
 * @param family model family
 * @param params the candidate's parameters (scikit-learn names)
 */
export function relevantParams(family: string, params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const kernel = params.kernel;
  for (const [name, value] of Object.entries(params)) {
    if (NEVER_RELEVANT.has(name)) continue;
    if (family === 'SVM') {
      if (name === 'gamma' && kernel === 'linear') continue;
      if (name === 'degree' && kernel !== 'poly') continue;
      if (name === 'coef0' && (kernel === 'linear' || kernel === 'rbf')) continue;
    }
    if (family === 'KNN' && name === 'weights' && params.n_neighbors === 1) continue;
    out[name] = value;
  }
  return out;
}

function canonicalKey(family: string, params: Record<string, unknown>, scaler: string | null, inputs: string | null): string {
  const sorted = Object.entries(params).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([family, sorted, scaler, inputs]);
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A candidate's row before the finalist is marked: what differs between candidates, the rest at its default. */
function candidateRow(
  family: string,
  params: Record<string, unknown>,
  scores: Pick<LeaderboardRow, 'rank' | 'scaler' | 'inputs' | 'validationScore' | 'validationSd' | 'foldsScored' | 'fitSeconds' | 'predictSeconds'>,
): LeaderboardRow {
  return {
    key: canonicalKey(family, params, scores.scaler, scores.inputs ?? null),
    family,
    params,
    ...scores,
    finalist: false,
    testMacroF1: null,
    candidates: 1,
    chosen: false,
    rule: false,
  };
}

function familyRows(model: ModelResult, chosen: string): LeaderboardRow[] {
  const rows = Array.isArray(model.hyperparameters) ? sortByNumber(model.hyperparameters, (r) => r.rank_test_score, 'asc') : [];
  const byKey = new Map<string, LeaderboardRow>();
  for (const row of rows) {
    const candidate = candidateRow(model.algorithm, relevantParams(model.algorithm, row.params ?? {}), {
      rank: row.rank_test_score,
      scaler: row.scaler ?? null,
      inputs: row.inputs ?? null,
      // The pooled score is what ranked the candidates and chose the finalist; a candidate stopped before every fold
      // has none, and shows its folds' mean.
      validationScore: finite(row.pooled_score) ?? row.mean_test_score,
      validationSd: row.std_test_score,
      foldsScored: finite(row.folds_scored) ?? (Array.isArray(row.fold_scores) ? row.fold_scores.length : null),
      fitSeconds: finite(row.fit_seconds),
      predictSeconds: finite(row.predict_seconds),
    });
    const seen = byKey.get(candidate.key);
    // The better-ranked twin stays; the row counts the candidates it stands for.
    if (seen) seen.candidates += 1;
    else byKey.set(candidate.key, candidate);
  }
  const list = [...byKey.values()];
  if (list.length === 0) {
    // The budget ended the search before any candidate of this family was scored on every fold: its final
    // model (the family's first default) still ran on the test rows, so it still has its row.
    list.push(
      candidateRow(model.algorithm, relevantParams(model.algorithm, model.params ?? {}), {
        rank: 1,
        scaler: null,
        inputs: null,
        validationScore: model.validationMacroF1,
        validationSd: model.validationMacroF1Std,
        foldsScored: null,
        fitSeconds: finite(model.fitSeconds),
        predictSeconds: null,
      }),
    );
  }
  const finalist = list[0];
  if (finalist) {
    finalist.finalist = true;
    finalist.testMacroF1 = finite(model.test?.macroF1);
    finalist.chosen = model.algorithm === chosen;
  }
  return list;
}

/** The ensemble as one row: its members and weights as parameters, its validation and test scores. */
function ensembleRow(model: ModelResult, chosen: string): LeaderboardRow {
  const weights = Object.fromEntries((model.members ?? []).map((m) => [m.algorithm, m.weight]));
  return {
    key: 'Ensemble',
    family: 'Ensemble',
    rank: 1,
    params: Object.keys(weights).length > 0 ? weights : (model.params ?? {}),
    scaler: null,
    inputs: null,
    validationScore: model.validationMacroF1,
    validationSd: model.validationMacroF1Std,
    foldsScored: null,
    fitSeconds: finite(model.fitSeconds),
    predictSeconds: null,
    finalist: true,
    testMacroF1: finite(model.test?.macroF1),
    candidates: 1,
    chosen: chosen === 'Ensemble',
    rule: false,
  };
}

/** A rule as one row: its validation score on the same folds as the models, its test score, no settings. */
function ruleRow(
  family: RuleAlgorithm,
  scores: { validationScore: number; validationSd: number; testMacroF1: number | null },
  chosen: string,
): LeaderboardRow {
  return {
    key: family,
    family,
    rank: 1,
    params: {},
    scaler: null,
    inputs: null,
    ...scores,
    foldsScored: null,
    fitSeconds: null,
    predictSeconds: null,
    finalist: true,
    candidates: 1,
    chosen: chosen === family,
    rule: true,
  };
}

/**
 * The rules' rows: from their model results when the target's history was offered, else from the baselines'
 * validation scores when the results hold them (older results have none: no row).
 */
function ruleRows(results: AutoMLResults): LeaderboardRow[] {
  return RULE_ALGORITHMS.flatMap((family) => {
    const model = results.models?.[family];
    if (model) {
      return [ruleRow(family, { validationScore: model.validationMacroF1, validationSd: model.validationMacroF1Std, testMacroF1: finite(model.test?.macroF1) }, results.best)];
    }
    const baseline = (Array.isArray(results.baselines) ? results.baselines : []).find((b) => b.name === family.toLowerCase());
    if (!baseline?.validation) return [];
    return [ruleRow(family, { validationScore: baseline.validation.macroF1, validationSd: baseline.validation.std, testMacroF1: finite(baseline.test?.macroF1) }, results.best)];
  });
}

/** Every family's candidates (duplicates merged), the ensemble and the rules, best validation macro-F1 first. */
export function leaderboardRows(results: AutoMLResults): LeaderboardRow[] {
  const rows = modelsInOrder(results)
    .filter((model) => !isRule(model.algorithm))
    .flatMap((model) => (model.algorithm === 'Ensemble' ? [ensembleRow(model, results.best)] : familyRows(model, results.best)));
  return sortByNumber([...rows, ...ruleRows(results)], (row) => row.validationScore, 'desc');
}

export type LeaderboardSortKey = 'family' | 'validationScore' | 'foldsScored' | 'fitSeconds' | 'predictSeconds' | 'testMacroF1' | 'rank';

/** The leaderboard sorted by a column; text columns alphabetically, rows without a value last. */
export function sortLeaderboard(rows: readonly LeaderboardRow[], key: LeaderboardSortKey, direction: 'asc' | 'desc'): LeaderboardRow[] {
  if (key === 'family') {
    const sign = direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => a.family.localeCompare(b.family) * sign || a.rank - b.rank);
  }
  return sortByNumber(rows, (row) => row[key], direction);
}
