import type { ModelFamily, ModelResult, ResultAlgorithm, ResultRow, RuleAlgorithm } from '@indicata/contracts';
import type { PanelFrame } from '../data/frame.ts';
import { pickInt32 } from '../data/stats.ts';
import type { FeatureSource } from '../preprocess/features.ts';
import { combineProbabilities, ENSEMBLE_TIE_TOLERANCE } from '../search/ensemble.ts';
import { argmaxRows } from '../data/stats.ts';
import type { FitResult } from '../search/fit-task.ts';
import type { FamilySearch } from '../search/halving.ts';
import type { FoldData } from '../search/search.ts';
import { ensembleFoldScores, type Finalist, type SelectedEnsemble } from '../search/select.ts';
import { confusionMatrix } from '../metrics/classification.ts';
import { clean, resultRows, summaryMetrics } from '../metrics/tables.ts';
import { backgroundOrder, backgroundRows } from '../explain/background.ts';
import type { EngineConfig } from './config.ts';
import type { FinalData } from './final-fits.ts';
import { familyResult, permutationRows, predictionRows, type TestContext } from './model-results.ts';
import { majorityClass, type PreparedTarget } from './prepare.ts';
import { ruleInputsOf, rulePredictions, ruleResult, ruleSavedModel, type RuleCandidate } from './rules.ts';
import { PREVIOUS_CLASS_COLUMN, PROJECTED_CLASS_COLUMN } from './target-history.ts';
import type { SavedPipelineModel } from './saved-model.ts';
import type { TrustInputs } from './trust-results.ts';

/** What the test-side results of a run are built from: the final fits, the ensemble, the rules. */
export interface ModelResultsInputs {
  frame: PanelFrame;
  config: EngineConfig;
  prepared: PreparedTarget;
  ctx: TestContext;
  /** Positions (in test-row order) of the rows permutation importance is estimated on. */
  permutationPositions: Int32Array | number[];
  finalists: Finalist[];
  /** Finalists whose final fit completed. */
  fitted: Finalist[];
  finals: Map<ModelFamily, FitResult>;
  searched: Map<ModelFamily, FamilySearch>;
  /** The fitted data of an input set (its columns: the models' explanation backgrounds are built from them). */
  dataOf: (inputs: string) => { final: FinalData; source: FeatureSource };
  /** The target's history columns, when offered. */
  history: FeatureSource | null;
  ensemble: SelectedEnsemble | null;
  /** The primary input set's validation folds (the ensemble's fold scores). */
  folds: FoldData[];
  /** The rules, when they are candidates (their saved models and test predictions are built). */
  rules: RuleCandidate[] | null;
}

/** Every model's test results, the per-class rows, the saved models, and the rules' test predictions. */
export interface ModelResultsOutput {
  models: Partial<Record<ResultAlgorithm, ModelResult>>;
  resultados: ResultRow[];
  summary: ResultRow[];
  savedModels: Partial<Record<ModelFamily | RuleAlgorithm, SavedPipelineModel>>;
  ruleTests: TrustInputs['rules'];
}

const RULE_TITLES = {
  Persistence: "Keeps each place's class of its latest earlier year (places without one get the majority class)",
  Majority: 'Always the most frequent training class',
  Trend: "The class of the value each place's latest yearly change projects for the year (places with one earlier value keep its class; places without one get the majority class)",
};

/**
 * Scores every final fit, the ensemble and the rules on the test rows (after the choice, which never reads them),
 * and builds each one's saved model with the pipeline that turns raw rows into its inputs.
 * @param run the run's fitted pieces
 */
export function collectModelResults(run: ModelResultsInputs): ModelResultsOutput {
  const { frame, config, prepared, ctx, permutationPositions, finalists, fitted, finals, searched, dataOf, history, ensemble, rules } = run;
  const { actual, titles, nClasses } = ctx;
  const permutationActual = pickInt32(actual, permutationPositions);
  const models: Partial<Record<ResultAlgorithm, ModelResult>> = {};
  const resultados: ResultRow[] = [];
  const summary: ResultRow[] = [];
  const savedModels: Partial<Record<ModelFamily | RuleAlgorithm, SavedPipelineModel>> = {};
  const order = backgroundOrder(prepared.trainRows, config.seed);
  const addRows = (algorithm: string, predicted: Int32Array) => {
    const rows = resultRows(algorithm, actual, predicted, titles);
    resultados.push(...rows);
    summary.push(rows.find((r) => r.Category === 'macro avg') as ResultRow);
  };
  for (const finalist of fitted) {
    const { family } = finalist;
    const final = finals.get(family) as FitResult;
    const inputs = finalist.scored.candidate.inputs ?? 'indicators';
    const { final: finalData, source } = dataOf(inputs);
    const fittedFeatures = finalData.set.fitted;
    models[family] = familyResult(ctx, finalist, searched.get(family) as FamilySearch, final, fittedFeatures.names, permutationActual);
    addRows(family, final.predictions[0]);
    if (final.saved) {
      savedModels[family] = {
        ...final.saved,
        pipeline: {
          features: fittedFeatures.names,
          fill: Array.from(fittedFeatures.fill),
          binEdges: fittedFeatures.binEdges,
          scaler: final.scaler,
          classes: prepared.classes.classes.map((c) => ({ ...c })),
          ...(inputs === 'indicators+history' && history ? { history: { target: config.target, columns: history.names, clamp: prepared.classes.clamp } } : {}),
          ...(prepared.source.carried ? { carryForward: true } : {}),
          background: backgroundRows(frame, source, fittedFeatures, finalData.set.rows, order),
        },
      };
    }
  }
  if (ensemble && ensemble.weights.every((w) => finals.has(w.algorithm))) {
    const weights = ensemble.weights.map((w) => w.weight);
    const memberFinals = ensemble.weights.map((w) => finals.get(w.algorithm) as FitResult);
    const predicted = argmaxRows(combineProbabilities(memberFinals.map((m) => m.probabilities[0]), weights), nClasses, ENSEMBLE_TIE_TOLERANCE);
    // Members carry permuted probabilities only when the ensemble is the chosen model. Members may differ in
    // input set: the indicator columns are the same leading columns in both (selection does not see the
    // history), so feature f is permuted identically in every member that has it, and a member without it
    // keeps its unpermuted probabilities.
    const memberCols = ensemble.weights.map((w) => dataOf(finalists.find((f) => f.family === w.algorithm)?.scored.candidate.inputs ?? 'indicators').final.set.fitted.names);
    const widest = memberCols.reduce((a, b) => (b.length > a.length ? b : a));
    const permuted = memberFinals.every((m) => m.permuted)
      ? widest.map((_, f) =>
          Array.from({ length: config.permutationRepeats }, (_unused, r) =>
            argmaxRows(
              combineProbabilities(
                memberFinals.map((m, k) => (f < memberCols[k].length ? (m.permuted as NonNullable<FitResult['permuted']>).probabilities[f][r] : m.probabilities[1])),
                weights,
              ),
              nClasses,
              ENSEMBLE_TIE_TOLERANCE,
            ),
          ),
        )
      : null;
    const foldScores = ensembleFoldScores(finalists, ensemble.weights, run.folds, nClasses);
    const mean = foldScores.reduce((s, v) => s + v, 0) / foldScores.length;
    models.Ensemble = {
      algorithm: 'Ensemble',
      params: { voting: 'soft', selection: 'bagged greedy (Caruana et al., 2004)', weights: Object.fromEntries(ensemble.weights.map((w) => [w.algorithm, clean(w.weight)])) },
      paramsSource: 'ensemble',
      validationMacroF1: clean(ensemble.pooled) as number,
      validationMacroF1Std: clean(Math.sqrt(foldScores.reduce((s, v) => s + (v - mean) ** 2, 0) / foldScores.length)) as number,
      test: summaryMetrics(actual, predicted, nClasses),
      predictions: predictionRows(ctx, predicted),
      confusionMatrix: { labels: titles, matrix: confusionMatrix(actual, predicted, nClasses) },
      hyperparameters: [],
      impurityImportance: null,
      permutationImportance: permuted
        ? permutationRows(
            widest,
            permuted,
            argmaxRows(combineProbabilities(memberFinals.map((m) => m.probabilities[1]), weights), nClasses, ENSEMBLE_TIE_TOLERANCE),
            permutationActual,
            nClasses,
          )
        : null,
      members: ensemble.weights.map((w) => ({ algorithm: w.algorithm, weight: clean(w.weight) as number })),
      search: { evaluated: 1, planned: 1, budgetBound: false, seconds: 0 },
      fitSeconds: 0,
    };
    addRows('Ensemble', predicted);
  }

  const ruleTests: TrustInputs['rules'] = [];
  if (rules) {
    const historySet = dataOf('indicators+history').final.set;
    const majority = majorityClass(pickInt32(prepared.classOf, historySet.rows), nClasses);
    const base: SavedPipelineModel['pipeline'] = {
      features: historySet.fitted.names,
      fill: Array.from(historySet.fitted.fill),
      binEdges: historySet.fitted.binEdges,
      scaler: null,
      classes: prepared.classes.classes.map((c) => ({ ...c })),
      history: { target: config.target, columns: (history as FeatureSource).names, clamp: prepared.classes.clamp },
      ...(prepared.source.carried ? { carryForward: true } : {}),
    };
    const historyNames = (history as FeatureSource).names;
    const columnOf = { Persistence: historyNames[PREVIOUS_CLASS_COLUMN], Majority: historyNames[PREVIOUS_CLASS_COLUMN], Trend: historyNames[PROJECTED_CLASS_COLUMN] };
    const ruleInputs = ruleInputsOf(frame, prepared.classOf, history);
    for (const rule of rules) {
      const predicted = rulePredictions(rule.name, ruleInputs, prepared.testRows, majority);
      ruleTests.push({ candidate: rule, test: predicted });
      models[rule.name] = ruleResult(ctx, rule, predicted, RULE_TITLES[rule.name]);
      addRows(rule.name, predicted);
      const saved = ruleSavedModel(rule.name, base, historySet.fitted.names.indexOf(columnOf[rule.name]), majority, nClasses);
      // The rule reads its columns as they are (no bins) with its own fills: its background is made the same way.
      const ruleFeatures = { ...historySet.fitted, fill: Float64Array.from(saved.pipeline.fill), binEdges: saved.pipeline.binEdges };
      saved.pipeline.background = backgroundRows(frame, dataOf('indicators+history').source, ruleFeatures, historySet.rows, order);
      savedModels[rule.name] = saved;
    }
  }
  return { models, resultados, summary, savedModels, ruleTests };
}
