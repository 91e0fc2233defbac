import { z } from 'zod';
import { BALANCE_ALGORITHMS, DEFAULT_DISCRETIZATION_METHOD, DISCRETIZATION_METHODS, MODEL_FAMILIES, TOTAL_INDICATORS_USED_FOR_PREDICTION } from '@indicata/contracts/options';

/**
 * The engine's own configuration, with clean names. The server maps the spec's job `data` object onto
 * it (e.g. dataImputacao 'mediana' -> imputation 'median', outlierQparameter -> outliers.quantiles).
 * Defaults are the "auto" choices documented in packages/engine/README.md.
 */

export const manualClassSchema = z.object({
  title: z.string().min(1),
  min: z.number(),
  max: z.number(),
});
export type ManualClass = z.infer<typeof manualClassSchema>;

export const targetDiscretizationSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('automatic'),
    /** Number of classes, 1..100. */
    groups: z.number().int().min(1).max(100),
    method: z.enum(DISCRETIZATION_METHODS).default(DEFAULT_DISCRETIZATION_METHOD),
  }),
  z.object({
    mode: z.literal('manual'),
    classes: z.array(manualClassSchema).min(2).max(100),
  }),
]);
export type TargetDiscretization = z.infer<typeof targetDiscretizationSchema>;

/** The missing-data step's threshold when a run does not set one: a column more than half missing is removed. */
export const DEFAULT_MAX_MISSING_PERCENT = 50;

export const splitSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('year'),
    /** Test rows are this year (training: strictly earlier years). */
    testYear: z.number(),
    /** When set, test rows are also restricted to this region (space value, or region-group value). */
    testRegion: z.string().nullable().default(null),
  }),
  z.object({
    mode: z.literal('percent'),
    /** Share of rows (the most recent years) used for testing, 0 < P < 100. */
    testPercent: z.number().gt(0).lt(100),
  }),
]);
export type SplitConfig = z.infer<typeof splitSchema>;

/** Per-attribute discretization in the spec's JSON form (section 3). */
export const attributeDiscretizationSchema = z.array(
  z.object({
    indicator: z.string(),
    option: z.enum(['automatic', 'manual']),
    groups: z.number().int().min(1).max(100).optional(),
    classes: z.record(z.string(), z.object({ title: z.string(), min: z.number(), max: z.number() })).optional(),
  }),
);
export type AttributeDiscretization = z.infer<typeof attributeDiscretizationSchema>;

export const preprocessingSchema = z.object({
  missingData: z
    .object({
      /**
       * Remove feature columns with more than this percent missing on the training rows of the latest years
       * (recentMissingRows); null keeps all.
       */
      maxMissingPercent: z.number().min(0).max(100).nullable().default(DEFAULT_MAX_MISSING_PERCENT),
      imputation: z.enum(['none', 'mean', 'median']).default('median'),
      /**
       * With mean or median imputation, fill a missing cell with its place's latest earlier value of the indicator
       * first, and with the training mean or median only when the place has none (preprocess/carry-forward.ts).
       */
      carryForward: z.boolean().default(true),
    })
    .default({ maxMissingPercent: DEFAULT_MAX_MISSING_PERCENT, imputation: 'median', carryForward: true }),
  outliers: z
    .object({
      /** IQR quantile pair, e.g. [0.25, 0.75]; null disables outlier handling. */
      quantiles: z.tuple([z.number(), z.number()]).nullable().default(null),
      k: z.number().positive().default(1.5),
    })
    .default({ quantiles: null, k: 1.5 }),
  attributeSelection: z
    .object({
      /** Keep features with information gain >= this (bits); null turns automatic selection off. */
      minInformationGain: z.number().min(0).nullable().default(0),
      /** At most this many features (the spec's totalIndicatorsUseToPrediction). */
      maxFeatures: z.number().int().positive().default(TOTAL_INDICATORS_USED_FOR_PREDICTION),
      /** Drop features whose |Pearson r| with the target value exceeds this; null disables. */
      pearsonCut: z.number().min(0).max(1).nullable().default(0.95),
      /** A manual list of feature names overrides the automatic selection. */
      manualFeatures: z.array(z.string()).nullable().default(null),
    })
    .default({ minInformationGain: 0, maxFeatures: TOTAL_INDICATORS_USED_FOR_PREDICTION, pearsonCut: 0.95, manualFeatures: null }),
  attributeDiscretization: attributeDiscretizationSchema.default([]),
  balancing: z.enum(BALANCE_ALGORITHMS).default('none'),
});
export type PreprocessingConfig = z.infer<typeof preprocessingSchema>;

/** 'auto' (our search space) or explicit parameters with scikit-learn names. */
export const modelChoiceSchema = z.union([z.literal('auto'), z.record(z.string(), z.unknown())]);
export type ModelChoice = z.infer<typeof modelChoiceSchema>;

export const engineConfigSchema = z.object({
  /** Name of the numeric target column. */
  target: z.string().min(1),
  /** Feature columns to consider; default every numeric column except the target. */
  features: z.array(z.string()).nullable().default(null),
  split: splitSchema,
  targetDiscretization: targetDiscretizationSchema,
  preprocessing: preprocessingSchema.default(preprocessingSchema.parse({})),
  /** Families to run, each 'auto' or explicit parameters. */
  models: z.partialRecord(z.enum(MODEL_FAMILIES), modelChoiceSchema).refine((m) => Object.keys(m).length > 0, {
    message: 'Choose at least one model family.',
  }),
  /** Wall-time budget in seconds for the whole run. */
  budgetSeconds: z.number().positive().default(60),
  /**
   * The target's own history as candidate inputs (previous known value and class of the place, years since):
   * 'auto' searches with and without and keeps what validation prefers; 'on' always; 'off' never.
   */
  targetHistory: z.enum(['off', 'auto', 'on']).default('auto'),
  seed: z.number().int().min(0).default(42),
  /** Maximum forward-chaining validation folds (fewer when there are fewer training years). */
  folds: z.number().int().min(2).max(10).default(4),
  /** Folds of the seeded stratified random k-fold run for the chosen configuration (the CV gap). */
  randomFolds: z.number().int().min(2).max(10).default(5),
  /** Cap on candidates per family (makes a run reproducible when the budget does not bind). */
  maxCandidatesPerFamily: z.number().int().positive().default(40),
  /** Permutation-importance repeats per feature. */
  permutationRepeats: z.number().int().min(1).max(50).default(5),
  /** Worker threads: 0 runs every fit in this thread; null uses one per core. */
  workers: z.number().int().min(0).nullable().default(null),
  /** Build the soft-voting ensemble of the per-family best models as a candidate. */
  ensemble: z.boolean().default(true),
  /** Nominal coverage of the prediction sets (the probability that a row's set holds its true class). */
  predictionSetLevel: z.number().min(0.5).max(0.99).default(0.9),
});
/** Engine configuration as written by callers (defaults applied by parseEngineConfig). */
export type EngineConfigInput = z.input<typeof engineConfigSchema>;
/** Engine configuration with every default filled in. */
export type EngineConfig = z.infer<typeof engineConfigSchema>;

/**
 * Validates a configuration and fills defaults.
 * @param input configuration as given by the server or CLI
 * @throws ZodError with the offending fields
 */
export function parseEngineConfig(input: EngineConfigInput): EngineConfig {
  return engineConfigSchema.parse(input);
}
