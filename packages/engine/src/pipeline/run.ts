import type {
  AutoMLResults,
  Baseline,
  FeatureImportanceRow,
  HyperparameterRow,
  ModelFamily,
  ModelResult,
  PredictionRow,
  ResultAlgorithm,
  ResultRow,
} from '@indicata/contracts';
import { setMaxListeners } from 'node:events';
import type { PanelFrame } from '../data/frame.ts';
import { totalNonNumericCells } from '../data/frame.ts';
import type { Matrix, SavedModel } from '../models/types.ts';
import { parseEngineConfig, type EngineConfig, type EngineConfigInput } from './config.ts';
import { buildFoldData, buildTrainingSet, prepareTarget, type PreparedTarget } from './prepare.ts';
import { transformFeatures } from '../preprocess/features.ts';
import { BALANCING_DESCRIPTIONS } from '../preprocess/balancing.ts';
import type { ScalerState } from '../preprocess/scalers.ts';
import { forwardChainingFolds, stratifiedKFold, type Fold } from '../search/splits.ts';
import { candidatesFor, SCALED_FAMILIES, type Candidate } from '../search/spaces.ts';
import { createTaskRunner } from '../search/pool.ts';
import { bestOf, evaluateCandidate, ranks, searchFamilies, type EvaluatedCandidate, type FamilySearchResult } from '../search/search.ts';
import { argmaxRows, combineProbabilities, ensembleFoldScores, ensembleWeights } from '../search/ensemble.ts';
import type { FitResult } from '../search/fit-task.ts';
import { createRng, deriveSeed, shuffleInPlace } from '../data/random.ts';
import { confusionMatrix, macroF1 } from '../metrics/classification.ts';
import { clean, resultRows, summaryMetrics } from '../metrics/tables.ts';
import { correlationMatrix } from '../explain/correlation.ts';
import { persistencePredictions } from '../explain/baselines.ts';

/** Progress callback: fraction of the run done (0..1) and what is happening. */
export type ProgressCallback = (fraction: number, message: string) => void;

export interface RunOptions {
  onProgress?: ProgressCallback;
  /** Aborts the whole run (rejects with the signal's reason). */
  signal?: AbortSignal;
  /**
   * URL of the module exporting createModel. Defaults to the engine's models; tests of the plumbing may
   * point it at a small test classifier.
   */
  modelModule?: string;
}

/** A saved model plus what is needed to turn new raw rows into its inputs. */
export type SavedPipelineModel = SavedModel & {
  pipeline: {
    /** Raw feature columns in model input order. */
    features: string[];
    /** Value filling a missing cell of each feature. */
    fill: number[];
    /** Inner bin edges per feature when discretized (value -> 1-based bin), else null. */
    binEdges: (number[] | null)[];
    scaler: ScalerState | null;
    /** Class definitions (index order). */
    classes: { title: string; min: number; max: number }[];
  };
};

export interface RunOutput {
  results: AutoMLResults;
  models: Partial<Record<ModelFamily, SavedPipelineModel>>;
}

/**
 * Time kept for the final fits, permutation importance and writing the results: before a family's first
 * candidate is measured, this share of the budget per family; after, its measured per-fold seconds times
 * FINAL_FIT_FACTOR (the final fit sees all training rows and predicts the permuted test rows).
 */
const UNMEASURED_RESERVE_SHARE = 0.3;
/** The final fit sees all training rows (a fold sees fewer), and machine load varies: margin on the fit time. */
const FINAL_FIT_FACTOR = 1.4;
/** Margin on the prediction time, which also grows with the test-set size. */
const FINAL_PREDICT_FACTOR = 1.4;
/**
 * Permutation importance is estimated on at most this many test rows (a seeded sample, the same for every
 * model): it costs features x repeats predictions, which on a large test set would eat the budget.
 */
const PERMUTATION_MAX_ROWS = 200;
/** The reserve never drops below this share of the budget (result assembly, the CV-gap run). */
const MIN_RESERVE_SHARE = 0.1;

const DEFAULT_MODEL_MODULE = new URL('../models/index.ts', import.meta.url).href;

/**
 * Runs the whole AutoML pipeline on a panel.
 * @param frame the panel (rows = space x time)
 * @param configInput engine configuration (validated; defaults filled)
 * @param options progress callback, abort signal
 * @returns the results JSON and the saved model of each family
 */
export async function runAutoML(frame: PanelFrame, configInput: EngineConfigInput | EngineConfig, options: RunOptions = {}): Promise<RunOutput> {
  const config = parseEngineConfig(configInput as EngineConfigInput);
  const started = Date.now();
  const budgetMs = config.budgetSeconds * 1000;
  const progress = (fraction: number, message: string) => options.onProgress?.(Math.max(0, Math.min(1, fraction)), message);
  const { signal } = options;
  const modelModule = options.modelModule ?? DEFAULT_MODEL_MODULE;
  signal?.throwIfAborted();
  // Every queued fit listens to the run's signal.
  if (signal) setMaxListeners(0, signal);
  progress(0, 'Preparing the data');

  const prepared = prepareTarget(frame, config);
  const warnings = [...prepared.warnings];
  const nClasses = prepared.classes.classes.length;
  const titles = prepared.classes.classes.map((c) => c.title);

  // Validation folds over the outer training rows.
  const trainTimes = prepared.trainRows.map((i) => frame.time[i]);
  let folds: Fold[] = forwardChainingFolds(trainTimes, config.folds);
  let foldKind = 'forward-chaining';
  if (folds.length === 0) {
    folds = stratifiedKFold(
      prepared.trainRows.map((i) => prepared.classOf[i]),
      Math.min(config.randomFolds, prepared.trainRows.length),
      deriveSeed(config.seed, 'fallback-folds'),
    );
    foldKind = 'random';
    warnings.push('The training rows cover a single time value, so validation used seeded stratified random folds instead of forward chaining.');
  }
  const foldData = buildFoldData(frame, prepared, folds, config, 'fc');
  const finalSet = buildTrainingSet(frame, prepared, prepared.trainRows, config, 'final');
  warnings.push(...finalSet.fitted.warnings);
  const test = transformFeatures(prepared.source, finalSet.fitted, prepared.testRows);
  signal?.throwIfAborted();
  progress(0.05, 'Searching models');

  const runner = createTaskRunner(config.workers);
  try {
    const families = Object.keys(config.models) as ModelFamily[];
    const candidates = new Map<ModelFamily, Candidate[]>();
    for (const family of families) {
      const choice = config.models[family] as 'auto' | Record<string, unknown>;
      candidates.set(family, candidatesFor(family, choice, deriveSeed(config.seed, 'space', family), config.maxCandidatesPerFamily));
    }
    // The search stops starting fits when the time left equals the estimated cost of what must follow.
    const foldSeconds = new Map<ModelFamily, { fit: number; predict: number }>();
    // A fold task predicts one validation year; the final task predicts the test rows (possibly several years).
    const meanValidationRows = foldData.reduce((s, f) => s + f.validation.rows, 0) / Math.max(1, foldData.length);
    const testScale = Math.max(1, test.X.rows / Math.max(1, meanValidationRows));
    const reserveMs = () => {
      let worker = 0;
      let longest = 0;
      for (const family of families) {
        const measured = foldSeconds.get(family);
        const cost =
          measured === undefined
            ? (budgetMs / 1000) * (UNMEASURED_RESERVE_SHARE / families.length) * runner.threads
            : measured.fit * FINAL_FIT_FACTOR + measured.predict * FINAL_PREDICT_FACTOR * testScale;
        worker += cost;
        longest = Math.max(longest, measured === undefined ? 0 : cost);
      }
      // Permutation importance of the chosen model: features x repeats predictions of up to 200 rows; the
      // chosen family is not known yet, so the costliest measured one is assumed.
      let permutation = 0;
      for (const measured of foldSeconds.values()) {
        const perRow = measured.predict / Math.max(1, meanValidationRows);
        permutation = Math.max(permutation, perRow * Math.min(test.X.rows, PERMUTATION_MAX_ROWS) * test.X.cols * config.permutationRepeats);
      }
      // The random k-fold run (CV gap) refits the chosen configuration once per random fold; the chosen one is
      // not known yet and is often the ensemble of every family, so all families' fold costs are assumed.
      let gap = 0;
      for (const measured of foldSeconds.values()) gap += (measured.fit * FINAL_FIT_FACTOR + measured.predict) * config.randomFolds;
      // Final fits run in parallel: the slowest one bounds the wall time from below.
      return Math.max(budgetMs * MIN_RESERVE_SHARE, ((worker + permutation + gap) * 1000) / runner.threads, (longest + permutation) * 1000 + (gap * 1000) / runner.threads);
    };
    const searchDeadline = () => started + budgetMs - reserveMs();
    const searchStarted = Date.now();
    let evaluatedSoFar = 0;
    const searchFraction = () => 0.05 + 0.7 * Math.min(1, (Date.now() - searchStarted) / Math.max(1, searchDeadline() - searchStarted));
    // A steady heartbeat while long fits run, so a progress bar never looks stuck.
    const ticker = setInterval(() => progress(searchFraction(), `Searching models (${evaluatedSoFar} candidates evaluated)`), 2000);
    ticker.unref();
    const searched = await searchFamilies(candidates, {
      runner,
      folds: foldData,
      nClasses,
      seed: config.seed,
      deadline: searchDeadline,
      modelModule,
      signal,
      onCandidate: (family, done, planned, result) => {
        evaluatedSoFar += 1;
        if (done === 1) {
          foldSeconds.set(family, { fit: result.fitSeconds / foldData.length, predict: (result.seconds - result.fitSeconds) / foldData.length });
        }
        progress(searchFraction(), `${family}: ${done} of ${planned} candidates evaluated`);
      },
    }).finally(() => clearInterval(ticker));
    for (const result of searched.values()) {
      if (result.budgetBound) {
        warnings.push(
          `${result.family}: the time budget stopped the search after ${result.evaluated.length} of ${result.planned} candidates; a rerun with another machine load may evaluate a different number.`,
        );
      }
    }

    // The choice uses validation scores only, so it is made before any test row is predicted.
    const best = new Map<ModelFamily, EvaluatedCandidate>();
    for (const family of families) best.set(family, bestOf((searched.get(family) as FamilySearchResult).evaluated));

    // Ensemble of the per-family best models, weighed on the same folds.
    const foldLabels = foldData.map((f) => f.yValidation);
    let ensemble: { weights: { algorithm: ModelFamily; weight: number }[]; foldScores: number[]; mean: number; std: number } | null = null;
    if (config.ensemble && families.length >= 2) {
      const members = ensembleWeights(families.map((f) => ({ algorithm: f, mean: (best.get(f) as EvaluatedCandidate).mean }))) as {
        algorithm: ModelFamily;
        weight: number;
      }[];
      if (members.length >= 2) {
        const foldScores = ensembleFoldScores(
          members.map((m) => (best.get(m.algorithm) as EvaluatedCandidate).foldProbabilities),
          members.map((m) => m.weight),
          foldLabels,
          nClasses,
        );
        const mean = foldScores.reduce((s, v) => s + v, 0) / foldScores.length;
        const std = Math.sqrt(foldScores.reduce((s, v) => s + (v - mean) ** 2, 0) / foldScores.length);
        ensemble = { weights: members, foldScores, mean, std };
      }
    }

    // The chosen algorithm: highest validation macro-F1 (ties: lower std, then the single model).
    const contenders: { algorithm: ResultAlgorithm; mean: number; std: number }[] = families.map((f) => ({
      algorithm: f,
      mean: (best.get(f) as EvaluatedCandidate).mean,
      std: (best.get(f) as EvaluatedCandidate).std,
    }));
    if (ensemble) contenders.push({ algorithm: 'Ensemble', mean: ensemble.mean, std: ensemble.std });
    const chosen = [...contenders].sort((a, b) => b.mean - a.mean || a.std - b.std || (a.algorithm === 'Ensemble' ? 1 : 0) - (b.algorithm === 'Ensemble' ? 1 : 0))[0];

    // Final fits of each family's best candidate on all training rows, predicting the test rows.
    progress(0.75, 'Fitting the chosen models on all training rows');
    const permutationSeed = deriveSeed(config.seed, 'permutation');
    const permutationFamilies = new Set<ModelFamily>(
      chosen.algorithm === 'Ensemble' ? (ensemble as NonNullable<typeof ensemble>).weights.map((w) => w.algorithm) : [chosen.algorithm as ModelFamily],
    );
    const actual = Int32Array.from(prepared.testRows, (i) => prepared.classOf[i]);
    const permutationPositions = samplePositions(test.X.rows, PERMUTATION_MAX_ROWS, deriveSeed(config.seed, 'permutation-rows'));
    const permutationX = subsetRows(test.X, permutationPositions);
    const permutationActual = Int32Array.from(permutationPositions, (p) => actual[p]);
    const finals = new Map<ModelFamily, FitResult>();
    await Promise.all(
      families.map(async (family) => {
        const winner = best.get(family) as EvaluatedCandidate;
        const result = await runner.run(
          {
            family,
            params: winner.candidate.params,
            scaler: winner.candidate.scaler,
            seed: deriveSeed(config.seed, 'final', family),
            nClasses,
            train: finalSet.balanced.X,
            y: finalSet.balanced.y,
            predict: [test.X, permutationX],
            deadline: null,
            final: true,
            // Permutation importance (many predictions) for the chosen model, or the ensemble's members.
            permutation: permutationFamilies.has(family) ? { repeats: config.permutationRepeats, seed: permutationSeed, matrix: 1 } : null,
            modelModule,
          },
          signal,
        );
        finals.set(family, result);
        progress(0.75 + (0.15 * finals.size) / families.length, `${family}: final model fitted`);
      }),
    );

    // Random stratified k-fold score of the chosen configuration (the CV gap), when time allows.
    progress(0.9, 'Measuring the gap between forward-chaining and random cross-validation');
    let cvGap: AutoMLResults['cvGap'] = null;
    const gapMembers: ModelFamily[] = chosen.algorithm === 'Ensemble' ? (ensemble as NonNullable<typeof ensemble>).weights.map((w) => w.algorithm) : [chosen.algorithm as ModelFamily];
    const gapCost = gapMembers.reduce((s, f) => s + (best.get(f) as EvaluatedCandidate).seconds, 0) * (config.randomFolds / Math.max(1, folds.length));
    const remainingMs = started + budgetMs - Date.now();
    if (gapCost * 1000 / runner.threads <= remainingMs && prepared.trainRows.length >= config.randomFolds * 2) {
      const randomFolds = stratifiedKFold(
        prepared.trainRows.map((i) => prepared.classOf[i]),
        config.randomFolds,
        deriveSeed(config.seed, 'random-kfold'),
      );
      const randomData = buildFoldData(frame, prepared, randomFolds, config, 'rk');
      const evaluations = await Promise.all(
        gapMembers.map((f) => {
          const b = best.get(f) as EvaluatedCandidate;
          return evaluateCandidate(b.candidate, b.index, {
            runner,
            folds: randomData,
            nClasses,
            seed: config.seed,
            deadline: null,
            modelModule,
            signal,
            seedLabel: 'random-kfold',
          });
        }),
      );
      let scores: number[];
      if (chosen.algorithm === 'Ensemble') {
        scores = ensembleFoldScores(
          evaluations.map((e) => (e as EvaluatedCandidate).foldProbabilities),
          (ensemble as NonNullable<typeof ensemble>).weights.map((w) => w.weight),
          randomData.map((d) => d.yValidation),
          nClasses,
        );
      } else scores = (evaluations[0] as EvaluatedCandidate).foldScores;
      const randomMean = scores.reduce((s, v) => s + v, 0) / scores.length;
      cvGap = {
        algorithm: chosen.algorithm,
        forwardChaining: clean(chosen.mean) as number,
        randomKFold: clean(randomMean) as number,
        gap: clean(randomMean - chosen.mean) as number,
        folds: config.randomFolds,
      };
    } else {
      warnings.push('The random k-fold comparison (CV gap) was skipped: not enough time left in the budget or too few rows.');
    }

    // Assemble per-algorithm results.
    progress(0.95, 'Writing the results');
    const testIncomplete = test.incomplete;
    const outlierTest = new Set(prepared.outlierTestRows);
    const region = (i: number) => (frame.region ? (frame.region[i] ?? null) : null);
    const predictionRows = (predicted: Int32Array): PredictionRow[] =>
      prepared.testRows
        .map((i, r) => ({
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
          imputed: config.preprocessing.missingData.imputation === 'none' && testIncomplete[r] === 1,
        }))
        .sort((a, b) => a.time - b.time || (a.space < b.space ? -1 : a.space > b.space ? 1 : 0));
    const featureNames = finalSet.fitted.names;
    const permutationRows = (permutedPredictions: Int32Array[][], base: Int32Array): FeatureImportanceRow[] => {
      const baseScore = macroF1(permutationActual, base, nClasses);
      return featureNames
        .map((name, f) => {
          const drops = permutedPredictions[f].map((p) => baseScore - macroF1(permutationActual, p, nClasses));
          const m = drops.reduce((s, v) => s + v, 0) / drops.length;
          const sd = Math.sqrt(drops.reduce((s, v) => s + (v - m) ** 2, 0) / drops.length);
          return { Feature: name, Importance: clean(m) as number, std: clean(sd) as number };
        })
        .sort((a, b) => b.Importance - a.Importance || a.Feature.localeCompare(b.Feature));
    };

    const models: Partial<Record<ResultAlgorithm, ModelResult>> = {};
    const resultados: ResultRow[] = [];
    const summary: ResultRow[] = [];
    const savedModels: Partial<Record<ModelFamily, SavedPipelineModel>> = {};
    const addRows = (algorithm: string, predicted: Int32Array) => {
      const rows = resultRows(algorithm, actual, predicted, titles);
      resultados.push(...rows);
      summary.push(rows.find((r) => r.Category === 'macro avg') as ResultRow);
    };
    for (const family of families) {
      const search = searched.get(family) as FamilySearchResult;
      const chosenCandidate = best.get(family) as EvaluatedCandidate;
      const final = finals.get(family) as FitResult;
      const predicted = final.predictions[0];
      const rankList = ranks(search.evaluated);
      const hyperparameters: HyperparameterRow[] = search.evaluated
        .map((e, k) => ({
          rank_test_score: rankList[k],
          params: e.candidate.params,
          mean_test_score: clean(e.mean) as number,
          std_test_score: clean(e.std) as number,
          fold_scores: e.foldScores.map((s) => clean(s) as number),
          scaler: SCALED_FAMILIES.includes(family) ? e.candidate.scaler : null,
          order: e.index,
        }))
        .sort((a, b) => a.rank_test_score - b.rank_test_score || a.order - b.order)
        .map(({ order: _order, ...row }) => row);
      const modelResult: ModelResult = {
        algorithm: family,
        params: SCALED_FAMILIES.includes(family) ? { ...chosenCandidate.candidate.params, scaler: chosenCandidate.candidate.scaler } : chosenCandidate.candidate.params,
        paramsSource: config.models[family] === 'auto' ? 'auto' : 'explicit',
        validationMacroF1: clean(chosenCandidate.mean) as number,
        validationMacroF1Std: clean(chosenCandidate.std) as number,
        test: summaryMetrics(actual, predicted, nClasses),
        predictions: predictionRows(predicted),
        confusionMatrix: { labels: titles, matrix: confusionMatrix(actual, predicted, nClasses) },
        hyperparameters,
        impurityImportance: final.impurityImportance
          ? featureNames
              .map((name, f) => ({ Feature: name, Importance: clean((final.impurityImportance as number[])[f]) as number }))
              .sort((a, b) => b.Importance - a.Importance || a.Feature.localeCompare(b.Feature))
          : null,
        permutationImportance: final.permuted ? permutationRows(final.permuted.predictions, final.permuted.base) : null,
        search: { evaluated: search.evaluated.length, planned: search.planned, budgetBound: search.budgetBound, seconds: clean(search.seconds) as number },
        fitSeconds: clean(final.seconds) as number,
      };
      if (family === 'ANN') {
        modelResult.annHyperparameters = search.evaluated
          .map((e) => ({
            num_layers: Number(e.candidate.params.num_layers ?? 1),
            neurons: Number(e.candidate.params.neurons ?? 0),
            activation: String(e.candidate.params.activation ?? ''),
            dropout_rate: Number(e.candidate.params.dropout_rate ?? 0),
            optimizer: String(e.candidate.params.optimizer ?? ''),
            score: clean(e.mean) as number,
          }))
          .sort((a, b) => b.score - a.score);
      }
      models[family] = modelResult;
      addRows(family, predicted);
      if (final.saved) {
        savedModels[family] = {
          ...final.saved,
          pipeline: {
            features: featureNames,
            fill: Array.from(finalSet.fitted.fill),
            binEdges: finalSet.fitted.binEdges,
            scaler: final.scaler,
            classes: prepared.classes.classes.map((c) => ({ ...c })),
          },
        };
      }
    }
    if (ensemble) {
      const weights = ensemble.weights.map((w) => w.weight);
      const memberFinals = ensemble.weights.map((w) => finals.get(w.algorithm) as FitResult);
      const predicted = argmaxRows(combineProbabilities(memberFinals.map((m) => m.probabilities[0]), weights), nClasses);
      // Members carry permuted probabilities only when the ensemble is the chosen model.
      const permuted = memberFinals.every((m) => m.permuted)
        ? featureNames.map((_, f) =>
            Array.from({ length: config.permutationRepeats }, (_unused, r) =>
              argmaxRows(combineProbabilities(memberFinals.map((m) => (m.permuted as NonNullable<FitResult['permuted']>).probabilities[f][r]), weights), nClasses),
            ),
          )
        : null;
      models.Ensemble = {
        algorithm: 'Ensemble',
        params: { voting: 'soft', weights: Object.fromEntries(ensemble.weights.map((w) => [w.algorithm, clean(w.weight)])) },
        paramsSource: 'ensemble',
        validationMacroF1: clean(ensemble.mean) as number,
        validationMacroF1Std: clean(ensemble.std) as number,
        test: summaryMetrics(actual, predicted, nClasses),
        predictions: predictionRows(predicted),
        confusionMatrix: { labels: titles, matrix: confusionMatrix(actual, predicted, nClasses) },
        hyperparameters: [],
        impurityImportance: null,
        permutationImportance: permuted
          ? permutationRows(permuted, argmaxRows(combineProbabilities(memberFinals.map((m) => m.probabilities[1]), weights), nClasses))
          : null,
        members: ensemble.weights.map((w) => ({ algorithm: w.algorithm, weight: clean(w.weight) as number })),
        search: { evaluated: 1, planned: 1, budgetBound: false, seconds: 0 },
        fitSeconds: 0,
      };
      addRows('Ensemble', predicted);
    }

    const results = assembleResults({
      frame,
      config,
      prepared,
      finalSet,
      chosen,
      foldKind,
      folds,
      models,
      resultados,
      summary,
      cvGap,
      warnings,
      actual,
      testIncompleteCount: config.preprocessing.missingData.imputation === 'none' ? testIncomplete.reduce((s, v) => s + v, 0) : 0,
      started,
    });
    progress(1, 'Done');
    return { results, models: savedModels };
  } finally {
    await runner.close();
  }
}

interface AssembleInput {
  frame: PanelFrame;
  config: EngineConfig;
  prepared: PreparedTarget;
  finalSet: ReturnType<typeof buildTrainingSet>;
  chosen: { algorithm: ResultAlgorithm; mean: number; std: number };
  foldKind: string;
  folds: Fold[];
  models: Partial<Record<ResultAlgorithm, ModelResult>>;
  resultados: ResultRow[];
  summary: ResultRow[];
  cvGap: AutoMLResults['cvGap'];
  warnings: string[];
  actual: Int32Array;
  testIncompleteCount: number;
  started: number;
}

function assembleResults(input: AssembleInput): AutoMLResults {
  const { frame, config, prepared, finalSet, chosen, folds, actual } = input;
  const nClasses = prepared.classes.classes.length;
  const classes = prepared.classes.classes.map((c, index) => ({
    index,
    title: c.title,
    min: clean(c.min) as number,
    max: clean(c.max) as number,
    trainCount: finalSet.rows.filter((i) => prepared.classOf[i] === index).length,
    testCount: prepared.testRows.filter((i) => prepared.classOf[i] === index).length,
  }));

  // Baselines: majority class of the training rows; persistence (the place's class in its latest earlier year).
  const trainCounts = classes.map((c) => c.trainCount);
  const majority = trainCounts.indexOf(Math.max(...trainCounts));
  const majorityPred = new Int32Array(actual.length).fill(majority);
  const persistence = persistencePredictions(frame, prepared, majority);
  const baselines: Baseline[] = [
    {
      name: 'majority',
      description: `Always predicts the most frequent training class (${classes[majority].title}).`,
      test: summaryMetrics(actual, majorityPred, nClasses),
    },
    {
      name: 'persistence',
      description:
        "Predicts each place's class in its latest earlier year with a target value (training or earlier test years); places with no earlier year get the majority class.",
      test: summaryMetrics(actual, persistence.predicted, nClasses),
      fallbackRows: persistence.fallbackRows,
    },
  ];

  const b = prepared.bounds;
  const region = (i: number) => (frame.region ? (frame.region[i] ?? null) : null);
  const outliers = [
    ...prepared.outlierTrainRows.map((i) => ({ i, set: 'train' as const, action: 'removed' as const })),
    ...prepared.outlierTestRows.map((i) => ({ i, set: 'test' as const, action: 'flagged' as const })),
  ]
    .map(({ i, set, action }) => ({ space: frame.space[i], region: region(i), time: frame.time[i], value: prepared.target[i], set, action }))
    .sort((a, b2) => a.time - b2.time || a.space.localeCompare(b2.space));
  const split = prepared.split;
  const testFraction = prepared.testRows.length / (prepared.testRows.length + prepared.trainRows.length + prepared.outlierTrainRows.length);
  const results: AutoMLResults = {
    format: 'indicata-results',
    version: 1,
    best: chosen.algorithm,
    bestReason: `${chosen.algorithm} has the highest mean macro-F1 on the ${input.foldKind} validation folds (${(clean(chosen.mean) as number).toFixed(4)}); test scores played no part in the choice.`,
    seed: config.seed,
    elapsedSeconds: clean((Date.now() - input.started) / 1000) as number,
    budgetSeconds: config.budgetSeconds,
    labels: { space: frame.spaceColumn, region: frame.regionColumn ?? null, time: frame.timeColumn, target: config.target },
    classes,
    split: {
      mode: config.split.mode,
      testYear: config.split.mode === 'year' ? config.split.testYear : null,
      testRegion: config.split.mode === 'year' ? config.split.testRegion : null,
      testPercent: config.split.mode === 'percent' ? config.split.testPercent : null,
      actualTestFraction: clean(testFraction) as number,
      trainYears: split.trainYears,
      testYears: split.testYears,
      trainRows: finalSet.rows.length,
      testRows: prepared.testRows.length,
      folds: folds.map((f) => ({
        validationYears: f.validationYears,
        trainRows: f.train.length,
        validationRows: f.validation.length,
      })),
      description: split.description,
    },
    preprocessing: {
      missingData: {
        maxMissingPercent: config.preprocessing.missingData.maxMissingPercent,
        imputation: config.preprocessing.missingData.imputation,
        removedColumns: finalSet.fitted.removedColumns,
        droppedTrainRows: finalSet.droppedIncomplete,
        imputedTestRows: input.testIncompleteCount,
        rowsWithoutTarget: prepared.rowsWithoutTarget,
        nonNumericCells: totalNonNumericCells(frame),
      },
      outliers: {
        quantiles: config.preprocessing.outliers.quantiles,
        k: config.preprocessing.outliers.k,
        lower: b ? clean(b.lower) : null,
        upper: b ? clean(b.upper) : null,
        removedTrainRows: prepared.outlierTrainRows.length,
        flaggedTestRows: prepared.outlierTestRows.length,
      },
      targetDiscretization: {
        mode: prepared.classes.mode,
        method: prepared.classes.method,
        requestedGroups: config.targetDiscretization.mode === 'automatic' ? config.targetDiscretization.groups : null,
        unassignedRows: prepared.unassignedRows,
      },
      attributeSelection: {
        mode: finalSet.fitted.selectionMode,
        minInformationGain: config.preprocessing.attributeSelection.minInformationGain,
        maxFeatures: config.preprocessing.attributeSelection.maxFeatures,
        pearsonCut: config.preprocessing.attributeSelection.pearsonCut,
        igBins: 10,
      },
      attributeDiscretization: finalSet.fitted.names
        .map((name, k) => ({ name, edges: finalSet.fitted.binEdges[k] }))
        .filter((e) => e.edges !== null)
        .map((e) => ({
          indicator: e.name,
          option: config.preprocessing.attributeDiscretization.find((a) => a.indicator === e.name)?.option ?? 'automatic',
          edges: (e.edges as number[]).map((v) => clean(v) as number),
        })),
      balancing: {
        algorithm: config.preprocessing.balancing,
        description: BALANCING_DESCRIPTIONS[config.preprocessing.balancing],
        syntheticRows: finalSet.balanced.syntheticRows,
        removedRows: finalSet.balanced.removedRows,
        classCountsBefore: finalSet.balanced.classCountsBefore,
        classCountsAfter: finalSet.balanced.classCountsAfter,
      },
      scaling:
        'KNN, SVM and ANN: scaler chosen by the search among standard, log1p-then-standard (non-negative skewed columns) and quantile-to-normal, fit on the rows each model is fit on; trees: none.',
    },
    resultados: input.resultados,
    summary: input.summary,
    models: input.models,
    baselines,
    cvGap: input.cvGap,
    usedIndicators: finalSet.fitted.used,
    unusedIndicators: finalSet.fitted.unused,
    correlationMatrix: correlationMatrix(prepared, finalSet.fitted.names, finalSet.rows),
    outliers,
    warnings: input.warnings,
  };
  if (finalSet.balanced.fallbackClasses.length > 0) {
    results.warnings.push(
      `Balancing found no neighbour or adjacent-year pair for class(es) ${finalSet.balanced.fallbackClasses.map((c) => classes[c].title).join(', ')}; their rows were duplicated at random instead.`,
    );
  }
  return results;
}

/** Up to `max` positions of 0..n-1, a seeded sample in ascending order (all of them when n <= max). */
function samplePositions(n: number, max: number, seed: number): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  if (n <= max) return all;
  return shuffleInPlace(all, createRng(seed))
    .slice(0, max)
    .sort((a, b) => a - b);
}

/** The rows of a matrix at the given positions. */
function subsetRows(X: Matrix, positions: number[]): Matrix {
  const data = new Float64Array(positions.length * X.cols);
  positions.forEach((p, r) => data.set(X.data.subarray(p * X.cols, (p + 1) * X.cols), r * X.cols));
  return { data, rows: positions.length, cols: X.cols };
}
