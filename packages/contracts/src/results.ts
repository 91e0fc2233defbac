import { z } from 'zod';
import { whoVintageSchema } from './who.ts';
import { replayRecordSchema } from './replay.ts';
import { calibrationReportSchema, trustReportSchema } from './results-trust.ts';

/**
 * The results of one AutoML run (the job's results JSON). Produced by the engine's runAutoML, stored by
 * the server, rendered by the results view and the report writer. Every table of the spec's section 3
 * "Results content" is here, with the spec's column names where it quotes them (TotalIntances is
 * spelled so on purpose), plus the extras a careful reader needs (baselines, CV gap, preprocessing report).
 *
 * Rows are identified with generic keys (space, region, time); `labels` names the columns they came from
 * (e.g. countryName, regionName, year), so a view can show the spec's headers.
 */

/**
 * Algorithms that produce predictions: the five families, the soft-voting ensemble, and the rules every model is
 * measured against (persistence: each place keeps its class of its latest earlier year; majority: the most frequent
 * training class; trend, when the target's history is offered: the class of the value the place's latest yearly
 * change projects), which the run recommends when no model beats the best of them on validation by more than the noise.
 */
export const RESULT_ALGORITHMS = ['ANN', 'KNN', 'SVM', 'DT', 'RF', 'Ensemble', 'Persistence', 'Majority', 'Trend'] as const;
/** The rules among RESULT_ALGORITHMS. */
export const RULE_ALGORITHMS = ['Persistence', 'Majority', 'Trend'] as const;
export type RuleAlgorithm = (typeof RULE_ALGORITHMS)[number];
export const resultAlgorithmSchema = z.enum(RESULT_ALGORITHMS);
export type ResultAlgorithm = z.infer<typeof resultAlgorithmSchema>;

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

/**
 * The choice in numbers, all from the pooled forward-chaining validation predictions: the best model against its
 * ensemble and against the rules, each difference beside the standard error of that paired difference (a seeded
 * bootstrap over the pooled rows). A difference within one standard error is noise.
 */
export const choiceReportSchema = z.object({
  /** The model the search recommends before the rules are weighed (a family or the ensemble). */
  model: resultAlgorithmSchema,
  modelValidationMacroF1: z.number(),
  /**
   * What picked the model when several were within noise of the best (null: the best pooled macro-F1 alone): the
   * Brier score of the pooled validation probabilities, or the macro-F1 over the horizon when the horizon check ran.
   */
  tieBreak: z.string().nullable(),
  ensemble: z.object({
    /** Whether an ensemble was selected and compared. */
    considered: z.boolean(),
    chosen: z.boolean(),
    /** The family of its best member. */
    bestMember: z.string().nullable(),
    /** Ensemble's pooled validation macro-F1 minus its best member's. */
    margin: z.number().nullable(),
    standardError: z.number().nullable(),
  }),
  /** The best rule against the model (null when the rules were not candidates: target history off). */
  rules: z
    .object({
      best: z.enum(RULE_ALGORITHMS),
      validationMacroF1: z.number(),
      /** Model's pooled validation macro-F1 minus the rule's. */
      margin: z.number(),
      /** Bootstrap standard error of the difference the choice read: `margin`, or `supportedClasses.margin`. */
      standardError: z.number(),
      /**
       * The model predicts what the rule predicts on every pooled validation row (a model that learned to copy last
       * year's class): it adds nothing to the rule. Absent in results written before 2026-11-29.
       */
      samePredictions: z.boolean().optional(),
      /**
       * When some class had fewer than `minRows` pooled validation rows: the model-minus-rule macro-F1 over the classes
       * with at least that many (class indices), the difference the choice read, and `standardError` is its standard
       * error; the model must also be ahead on `margin`. One rare row put right is worth a fifth of a five-class
       * macro-F1, so it decides nothing. Absent otherwise, and in results written before 2026-11-29.
       */
      supportedClasses: z.object({ classes: z.array(z.number().int()), minRows: z.number().int(), margin: z.number() }).optional(),
    })
    .nullable(),
  /**
   * The model against the rule over the test horizon, on training years only: trained on the years up to
   * `trainedThrough`, scored on `years` (as many as the test years). A model that wins one year ahead but scores below
   * the rule here is not recommended (results written before 2026-11-28 vetoed only a loss beyond one standard
   * error); the model figures are those of the model recommended (of the one-step choice when the rule is). Absent
   * when not run (a rule already recommended, one test year, too few years, no time left).
   */
  horizon: z
    .object({
      years: z.array(z.number().int()),
      trainedThrough: z.number().int(),
      rows: z.number().int(),
      modelMacroF1: z.number(),
      ruleMacroF1: z.number(),
      /** Bootstrap standard error of the model-minus-rule macro-F1 over the horizon rows. */
      standardError: z.number(),
      /** Not behind the rule (model macro-F1 >= the rule's). */
      passed: z.boolean(),
      /** Every configuration checked (the one-step choice first, then other finalists that beat the rule one year ahead). */
      compared: z.array(z.object({ algorithm: resultAlgorithmSchema, modelMacroF1: z.number(), standardError: z.number(), passed: z.boolean() })),
      /**
       * When the check broke a tie: the models level one year ahead that it ranked by their macro-F1 here, the one
       * recommended among them (it scored highest). Absent when it did not change the one-step choice.
       */
      level: z.array(resultAlgorithmSchema).optional(),
    })
    .nullable()
    .optional(),
  /**
   * Why the horizon check could not run when a model beat the rule one year ahead (no time left): the rule is then
   * recommended, since nothing showed that the model's lead lasts. Absent or null otherwise.
   */
  horizonSkipped: z.string().nullable().optional(),
  /**
   * When the test is a single year: the model against the rule on each validation year scored on its own, as the
   * test year is, averaged over `years`. A model ahead of the rule on the pooled validation rows is recommended only
   * when it also leads on this mean by more than its standard error; the model figures are those of the model
   * recommended (of the one-step choice when the rule is). Absent when not run (several test years, a rule already
   * recommended; results before 2026-11-28).
   */
  yearly: z
    .object({
      years: z.array(z.number().int()),
      modelMacroF1: z.number(),
      ruleMacroF1: z.number(),
      /** Standard error of the mean of the yearly model-minus-rule differences. */
      standardError: z.number(),
      /** Mean yearly macro-F1 ahead of the rule's by more than the standard error. */
      passed: z.boolean(),
      /** Every configuration checked (the one-step choice first, then other finalists that beat the rule on the pooled rows). */
      compared: z.array(z.object({ algorithm: resultAlgorithmSchema, modelMacroF1: z.number(), ruleMacroF1: z.number(), standardError: z.number(), passed: z.boolean() })),
    })
    .nullable()
    .optional(),
  /** What the run recommends: `best`. */
  recommended: resultAlgorithmSchema,
});
export type ChoiceReport = z.infer<typeof choiceReportSchema>;

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
