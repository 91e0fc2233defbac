import { z } from 'zod';
import { whoVintageSchema } from './who.ts';
import { replayRecordSchema } from './replay.ts';
import { calibrationReportSchema, trustReportSchema } from './results-trust.ts';
import { resultAlgorithmSchema } from './result-algorithms.ts';
import { choiceReportSchema } from './results-choice.ts';

/**
 * The results of one AutoML run (the job's results JSON). Produced by the engine's runAutoML, stored by
 * the server, rendered by the results view and the report writer. Every table of the spec's section 3
 * "Results content" is here, with the spec's column names where it quotes them (TotalIntances is
 * spelled so on purpose), plus the extras a careful reader needs (baselines, CV gap, preprocessing report).
 *
 * Rows are identified with generic keys (space, region, time); `labels` names the columns they came from
 * (e.g. countryName, regionName, year), so a view can show the spec's headers.
 */

/** A metric that can be undefined for the data at hand (e.g. KGE with constant predictions) is null. */
const metric = z.number().nullable();

/**
 * One row of the Resultados table and of the confirm screen. Category is a class title, or one of the
 * summary categories 'macro avg', 'weighted avg' (all test rows).
 */
export const resultRowSchema = z.object({
  Algorithm: z.string(),
  Category: z.string(),
  TotalIntances: z.number().int(),
  /** Fraction 0..1. Class rows: one-vs-rest accuracy of that class; summary rows: overall accuracy. */
  Accuracy: metric,
  precision: metric,
  recall: metric,
  f1: metric,
  /** Errors on the ordered class index (1-based), over the rows whose actual class is the category. */
  MAE: metric,
  MAPE: metric,
  MSE: metric,
  RMSE: metric,
  KGE: metric,
});
export type ResultRow = z.infer<typeof resultRowSchema>;

/** One test-row prediction (per-model results table). */
export const predictionRowSchema = z.object({
  space: z.string(),
  region: z.string().nullable(),
  time: z.number(),
  /** Actual class title ("Actual Value"). */
  actual: z.string(),
  /** Predicted class title ("Prediction"). */
  predicted: z.string(),
  /** Ordered class indices (0-based) of actual and predicted. */
  actualIndex: z.number().int(),
  predictedIndex: z.number().int(),
  correct: z.boolean(),
  /** Raw target value of the row. */
  actualValue: z.number(),
  /** The row's target lies outside the training IQR bounds (kept and flagged). */
  outlier: z.boolean(),
  /** The row had missing features that were filled with training medians (imputation 'none'). */
  imputed: z.boolean(),
  /**
   * The prediction set: the class titles that hold the true class with the run's nominal probability (trust.conformal),
   * in class order. Absent in results written before prediction sets.
   */
  set: z.array(z.string()).optional(),
});
export type PredictionRow = z.infer<typeof predictionRowSchema>;

/** Hyperparameter ranking table row (per family). */
export const hyperparameterRowSchema = z.object({
  // The spec's names, scikit-learn's cv_results_ keys: "test" there means the held-out fold, so these three are
  // validation scores of the search (mean and standard deviation of the folds' macro-F1), never the test years'.
  rank_test_score: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  mean_test_score: z.number(),
  std_test_score: z.number(),
  /** Validation macro-F1 per forward-chaining fold. */
  fold_scores: z.array(z.number()),
  /** Feature scaler of the candidate (KNN/SVM/ANN), else null. */
  scaler: z.string().nullable(),
  /** Worker seconds of the candidate's fits (all scored folds) and of its predictions. */
  fit_seconds: z.number().optional(),
  predict_seconds: z.number().optional(),
  /** Macro-F1 of the validation predictions pooled over every fold (the selection score); absent when not every fold was scored. */
  pooled_score: z.number().optional(),
  /** Folds the candidate was scored on (successive halving scores weak candidates on fewer folds). */
  folds_scored: z.number().int().optional(),
  /** Inputs the candidate saw: 'indicators' or 'indicators+history' (the target's own history, see targetHistory). */
  inputs: z.enum(['indicators', 'indicators+history']).optional(),
});
export type HyperparameterRow = z.infer<typeof hyperparameterRowSchema>;

/** ANN hyperparameter table row. */
export const annHyperparameterRowSchema = z.object({
  num_layers: z.number().int(),
  neurons: z.number().int(),
  activation: z.string(),
  dropout_rate: z.number(),
  optimizer: z.string(),
  score: z.number(),
});
export type AnnHyperparameterRow = z.infer<typeof annHyperparameterRowSchema>;

export const featureImportanceRowSchema = z.object({
  Feature: z.string(),
  Importance: z.number(),
  /** Standard deviation over permutation repeats (permutation importance only). */
  std: z.number().optional(),
});
export type FeatureImportanceRow = z.infer<typeof featureImportanceRowSchema>;

export const confusionMatrixSchema = z.object({
  /** Class titles in ordered class index order; rows are actual, columns predicted. */
  labels: z.array(z.string()),
  matrix: z.array(z.array(z.number().int())),
});
export type ConfusionMatrix = z.infer<typeof confusionMatrixSchema>;

/** Headline metrics of one algorithm on the test rows. */
export const summaryMetricsSchema = z.object({
  TotalIntances: z.number().int(),
  accuracy: metric,
  macroPrecision: metric,
  macroRecall: metric,
  macroF1: metric,
  weightedF1: metric,
  MAE: metric,
  MAPE: metric,
  MSE: metric,
  RMSE: metric,
  KGE: metric,
});
export type SummaryMetrics = z.infer<typeof summaryMetricsSchema>;

export const modelResultSchema = z.object({
  algorithm: resultAlgorithmSchema,
  /** Parameters of the fitted model (scikit-learn names), including the scaler for KNN/SVM/ANN. */
  params: z.record(z.string(), z.unknown()),
  /** 'auto' when searched, 'explicit' when the user's parameters were used as given, 'rule' for persistence and majority. */
  paramsSource: z.enum(['auto', 'explicit', 'ensemble', 'rule']),
  /** Mean and std of validation macro-F1 over the forward-chaining folds (the selection score). */
  validationMacroF1: z.number(),
  validationMacroF1Std: z.number(),
  test: summaryMetricsSchema,
  predictions: z.array(predictionRowSchema),
  confusionMatrix: confusionMatrixSchema,
  /** Ranking table of every evaluated candidate, rank_test_score ascending. Empty for the ensemble. */
  hyperparameters: z.array(hyperparameterRowSchema),
  /** ANN only. */
  annHyperparameters: z.array(annHyperparameterRowSchema).optional(),
  /** Impurity importance (trees), descending. */
  impurityImportance: z.array(featureImportanceRowSchema).nullable(),
  /** Permutation importance on the test rows (drop in macro-F1), descending. */
  permutationImportance: z.array(featureImportanceRowSchema).nullable(),
  /** Ensemble only: member weights. */
  members: z.array(z.object({ algorithm: z.string(), weight: z.number() })).optional(),
  /** Candidates evaluated and whether the time budget cut the search short. */
  search: z.object({ evaluated: z.number().int(), planned: z.number().int(), budgetBound: z.boolean(), seconds: z.number() }),
  /** Seconds spent on the final fit on all training rows. */
  fitSeconds: z.number(),
  /**
   * The model's conformal rule, fitted on its own pooled validation probabilities: the score, the nominal level and the
   * threshold(s) (one, or one per class for Mondrian; null: every class), so a new row's set can be computed from its
   * probabilities; and the coverage and mean set size it reached on the test rows.
   */
  conformal: z
    .object({
      method: z.enum(['lac', 'aps', 'mondrian-lac']),
      nominal: z.number(),
      thresholds: z.array(z.number().nullable()),
      coverage: z.number(),
      meanSetSize: z.number(),
    })
    .optional(),
  /** Temperature scaling of this model's probabilities (see trust.calibration). */
  calibration: calibrationReportSchema.optional(),
});
export type ModelResult = z.infer<typeof modelResultSchema>;

export const classDefinitionSchema = z.object({
  /** 0-based ordered class index. */
  index: z.number().int(),
  title: z.string(),
  min: z.number(),
  max: z.number(),
  trainCount: z.number().int(),
  testCount: z.number().int(),
});
export type ClassDefinition = z.infer<typeof classDefinitionSchema>;

export const indicatorRowSchema = z.object({
  indicatorAnalyzingName: z.string(),
  /** Percent (0..100) of training rows where the indicator is missing. */
  missingDatasPercent: z.number(),
  /** Information gain (bits) against the target class on training rows; null when not computed. */
  ig: z.number().nullable(),
  /** Pearson r with the target value on training rows; null when undefined. */
  pearson: z.number().nullable(),
  /** Why an unused indicator was left out. */
  reason: z.string().optional(),
});
export type IndicatorRow = z.infer<typeof indicatorRowSchema>;

export const outlierRowSchema = z.object({
  space: z.string(),
  region: z.string().nullable(),
  time: z.number(),
  value: z.number(),
  set: z.enum(['train', 'test']),
  /** Training outliers are removed; test outliers are kept and flagged. */
  action: z.enum(['removed', 'flagged']),
});
export type OutlierRow = z.infer<typeof outlierRowSchema>;

export const baselineSchema = z.object({
  name: z.enum(['majority', 'persistence']),
  description: z.string(),
  test: summaryMetricsSchema,
  /**
   * Pooled macro-F1 of the rule on the same forward-chaining validation folds as the models (one step ahead) and the
   * standard deviation over the folds; absent in results written before the rules were candidates.
   */
  validation: z.object({ macroF1: z.number(), std: z.number() }).optional(),
  /** Persistence only: test rows with no earlier year of their region (predicted by the majority class). */
  fallbackRows: z.number().int().optional(),
});
export type Baseline = z.infer<typeof baselineSchema>;

export const preprocessingReportSchema = z.object({
  missingData: z.object({
    maxMissingPercent: z.number().nullable(),
    imputation: z.enum(['none', 'mean', 'median']),
    /**
     * Indicators removed for missing data: percent missing on all training rows and, when the rule was judged on the
     * latest training years only, percent missing there.
     */
    removedColumns: z.array(z.object({ name: z.string(), missingPercent: z.number(), recentMissingPercent: z.number().optional() })),
    /** Training rows dropped because of missing features (imputation 'none'). */
    droppedTrainRows: z.number().int(),
    /** Test rows whose missing features were filled with training medians and flagged. */
    imputedTestRows: z.number().int(),
    /**
     * Whether a missing cell was first filled with its place's latest earlier value of the indicator (then the mean or
     * median), and how many cells of the used indicators that filled on the training and the test rows. Absent in
     * results written before carry-forward.
     */
    carryForward: z.boolean().optional(),
    carriedTrainCells: z.number().int().optional(),
    carriedTestCells: z.number().int().optional(),
    /** Rows without a target value (never used). */
    rowsWithoutTarget: z.number().int(),
    /** Non-numeric cells of the input that were read as missing. */
    nonNumericCells: z.number().int(),
  }),
  outliers: z.object({
    quantiles: z.tuple([z.number(), z.number()]).nullable(),
    k: z.number(),
    lower: z.number().nullable(),
    upper: z.number().nullable(),
    removedTrainRows: z.number().int(),
    flaggedTestRows: z.number().int(),
  }),
  targetDiscretization: z.object({
    mode: z.enum(['automatic', 'manual']),
    method: z.string().nullable(),
    requestedGroups: z.number().int().nullable(),
    /** Rows whose target falls outside every manual class (dropped). */
    unassignedRows: z.number().int(),
  }),
  attributeSelection: z.object({
    mode: z.enum(['automatic', 'manual', 'off']),
    minInformationGain: z.number().nullable(),
    maxFeatures: z.number().int(),
    pearsonCut: z.number().nullable(),
    igBins: z.number().int(),
  }),
  attributeDiscretization: z.array(
    z.object({ indicator: z.string(), option: z.enum(['automatic', 'manual']), edges: z.array(z.number()) }),
  ),
  balancing: z.object({
    algorithm: z.string(),
    description: z.string(),
    /** Synthetic rows added to the final training set (never scored). */
    syntheticRows: z.number().int(),
    removedRows: z.number().int(),
    classCountsBefore: z.array(z.number().int()),
    classCountsAfter: z.array(z.number().int()),
  }),
  scaling: z.string(),
});
export type PreprocessingReport = z.infer<typeof preprocessingReportSchema>;

export const splitReportSchema = z.object({
  mode: z.enum(['year', 'percent']),
  testYear: z.number().nullable(),
  testRegion: z.string().nullable(),
  testPercent: z.number().nullable(),
  /** Fraction of scored rows that ended up in the test set (percent mode cuts at year boundaries). */
  actualTestFraction: z.number(),
  trainYears: z.array(z.number()),
  testYears: z.array(z.number()),
  trainRows: z.number().int(),
  testRows: z.number().int(),
  /** Forward-chaining validation folds: the validation year of each and its training-row count. */
  folds: z.array(z.object({ validationYears: z.array(z.number()), trainRows: z.number().int(), validationRows: z.number().int() })),
  description: z.string(),
});
export type SplitReport = z.infer<typeof splitReportSchema>;

export const autoMLResultsSchema = z.object({
  format: z.literal('indicata-results'),
  version: z.literal(1),
  /**
   * The recommended algorithm, chosen on validation data only (never by test score): the best model (the ensemble
   * only when it beats its best member by more than one standard error), or the better rule when no model beats it
   * by more than one standard error (see `choice`).
   */
  best: resultAlgorithmSchema,
  bestReason: z.string(),
  seed: z.number().int(),
  elapsedSeconds: z.number(),
  budgetSeconds: z.number(),
  labels: z.object({ space: z.string(), region: z.string().nullable(), time: z.string(), target: z.string() }),
  classes: z.array(classDefinitionSchema),
  split: splitReportSchema,
  preprocessing: preprocessingReportSchema,
  /** Resultados table: per algorithm, one row per class then 'macro avg' and 'weighted avg'. */
  resultados: z.array(resultRowSchema),
  /** One summary row per algorithm (the confirm screen's row; Category 'macro avg'). */
  summary: z.array(resultRowSchema),
  models: z.partialRecord(resultAlgorithmSchema, modelResultSchema),
  baselines: z.array(baselineSchema),
  /** Forward-chaining vs seeded stratified random k-fold macro-F1 of the chosen configuration. */
  cvGap: z
    .object({
      algorithm: z.string(),
      forwardChaining: z.number(),
      randomKFold: z.number(),
      /** randomKFold - forwardChaining: how much a random split would have flattered the model. */
      gap: z.number(),
      folds: z.number().int(),
    })
    .nullable(),
  usedIndicators: z.array(indicatorRowSchema),
  unusedIndicators: z.array(indicatorRowSchema),
  /** Pearson correlations of the selected features and the target value on training rows. */
  correlationMatrix: z.object({ labels: z.array(z.string()), values: z.array(z.array(z.number().nullable())) }),
  outliers: z.array(outlierRowSchema),
  warnings: z.array(z.string()),
  /** How the time budget was spent (wall seconds), and what the budget stopped. */
  budgetUse: z
    .object({
      budgetSeconds: z.number(),
      searchSeconds: z.number(),
      finalFitSeconds: z.number(),
      cvGapSeconds: z.number(),
      otherSeconds: z.number(),
      totalSeconds: z.number(),
      /** Candidates evaluated over all families, and how many were planned. */
      candidatesEvaluated: z.number().int(),
      candidatesPlanned: z.number().int(),
      /** Fits stopped or never started because of the deadline, in words ("SVM candidate 12 stopped after 4.1 s"). */
      stopped: z.array(z.string()),
    })
    .optional(),
  /** Why the CV gap is missing (null when it was computed). */
  cvGapSkippedReason: z.string().nullable().optional(),
  /** The target's own history as inputs (previous known class/value and years since): requested mode and outcome. */
  targetHistory: z
    .object({ mode: z.enum(['off', 'auto', 'on']), used: z.boolean(), description: z.string() })
    .optional(),
  /** Baselines scoring at least as well as the chosen model on the test rows (macro-F1); empty when it beats them. */
  baselinesAtLeastAsGood: z.array(z.string()).optional(),
  /** How the recommendation was made, on validation data only (absent in results written before these rules). */
  choice: choiceReportSchema.optional(),
  /** Prediction sets with their measured coverage, and calibration, of the recommended model (absent in older results). */
  trust: trustReportSchema.optional(),
  /** WHO jobs: the vintage of the catalog the data came from (the server adds it; absent for uploads). */
  whoVintages: z.array(whoVintageSchema).optional(),
  /** What the budget decided, so that the run can be replayed exactly (absent in older results). */
  replay: replayRecordSchema.optional(),
});
export type AutoMLResults = z.infer<typeof autoMLResultsSchema>;
