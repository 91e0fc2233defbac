/**
 * The job configuration contract: the `data` object of spec section 3 that the wizard submits with
 * POST /api/jobs, that the server validates and stores, and that the worker hands to the engine.
 *
 * Conventions (the spec leaves them open):
 * - 'auto' means "choose for me": a whole model config, a whole preprocessing field, or one parameter.
 * - An explicit model parameter is a non-empty list of candidate values: one value fixes it, several are
 *   searched (the form's inputs are comma separated). `null` in a list is scikit-learn's None.
 * - A preprocessing step that is not selected is sent with its "off" value: maxPercentMissingDatasToPrediction
 *   'No', dataImputation 'nenhum', outlierQparameter 'none', minInformationGain / pearsonCorrelationCut null,
 *   groupsCategorizationFeatures '', BalanceAlgorithm 'none'.
 * - fracUsedToTest is the percentage (0..100) of the most recent rows used for testing, or null when the
 *   split is by target year.
 */
import { z } from 'zod';
import {
  BALANCE_ALGORITHMS,
  DISCRETIZATION_METHODS,
  DEFAULT_DISCRETIZATION_METHOD,
  GROUPS_CATEGORIZATION_RANGE,
  IMPUTATION_OPTIONS,
  MODEL_FAMILIES,
  TASK_TYPE,
  TOTAL_INDICATORS_USED_FOR_PREDICTION,
  type ModelFamily,
} from './options.ts';
import { combinationProblem, HYPERPARAMETERS, paramSettingProblem, type ParamValue } from './hyperparameters.ts';
import { LIMITS, TARGET_DIMENSIONS_MAX, informationGainCeiling, isPearsonCutInRange } from './limits.ts';
import { JOB_LIMITS } from './job-limits.ts';

export const AUTO = 'auto' as const;

/** Whether the target's own history is offered to the models as inputs. */
export const TARGET_HISTORY_MODES = ['off', 'auto', 'on'] as const;
export type TargetHistoryMode = (typeof TARGET_HISTORY_MODES)[number];
/** The nominal coverages a job may ask of its prediction sets (the engine accepts 0.5-0.99; the wizard offers these). */
export const PREDICTION_SET_LEVELS = [0.8, 0.9, 0.95] as const;
export const DEFAULT_PREDICTION_SET_LEVEL = 0.9;
const autoLiteral = z.literal(AUTO);

/**
 * One family's explicit configuration, derived from the hyper-parameter table: each field 'auto' (the default when
 * left out) or a non-empty list of candidate values the table allows, plus the table's rules between parameters.
 * A refusal names the field and what it allows, so the API refuses up front what the engine would refuse later.
 */
function familyParamsSchema<F extends ModelFamily>(family: F) {
  const shape = Object.fromEntries(
    HYPERPARAMETERS[family].map((p) => [
      p.field,
      z
        .custom<typeof AUTO | ParamValue[]>((v) => paramSettingProblem(p, v, JOB_LIMITS.candidatesMax) === null, {
          error: (issue) => paramSettingProblem(p, issue.input, JOB_LIMITS.candidatesMax)?.message ?? 'not allowed',
        })
        .default(AUTO),
    ]),
  ) as unknown as Record<FieldOf<F>, z.ZodDefault<z.ZodType<typeof AUTO | ParamValue[]>>>;
  return z
    .object(shape)
    .strict()
    .superRefine((config, ctx) => {
      const values: Record<string, readonly unknown[]> = {};
      for (const p of HYPERPARAMETERS[family]) {
        const setting = (config as Record<string, unknown>)[p.field];
        values[p.sklearn] = Array.isArray(setting) ? setting : [p.default];
      }
      const problem = combinationProblem(family, values);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    });
}

/** The job fields of one family's parameters (`RFnEstimators` ...), as the spec names them. */
type FieldOf<F extends ModelFamily> = {
  RF: 'RFnEstimators' | 'RFcriterion' | 'RFmaxDepth' | 'RFminSamplesSplit' | 'RFminSamplesLeaf' | 'RFminWeightFractionLeaf' | 'RFmaxFeatures' | 'RFmaxLeafNodes' | 'RFminImpurityDecrease' | 'RFbootstrap' | 'RFoobScore';
  DT: 'DTcriterion' | 'DTsplitter' | 'DTmaxDepth' | 'DTminSamplesSplit' | 'DTminSamplesLeaf' | 'DTminWeightFractionLeaf' | 'DTmaxFeatures' | 'DTrandomState' | 'DTmaxLeafNodes' | 'DTminImpurityDecrease';
  KNN: 'KNNnNeighbors' | 'KNNweights' | 'KNNalgorithm' | 'KNNleafSize' | 'KNNp';
  SVM: 'SVMC' | 'SVMkernel' | 'SVMdegree' | 'SVMgamma' | 'SVMcoef0' | 'SVMshrinking' | 'SVMprobability';
  ANN: 'ANNbatchSize' | 'ANNepochs' | 'ANNoptimizer' | 'ANNneurons' | 'ANNdropoutRate' | 'ANNactivation';
}[F];

export const rfParamsSchema = familyParamsSchema('RF');
export const dtParamsSchema = familyParamsSchema('DT');
export const knnParamsSchema = familyParamsSchema('KNN');
export const svmParamsSchema = familyParamsSchema('SVM');
export const annParamsSchema = familyParamsSchema('ANN');

export type RfParams = z.input<typeof rfParamsSchema>;
export type DtParams = z.input<typeof dtParamsSchema>;
export type KnnParams = z.input<typeof knnParamsSchema>;
export type SvmParams = z.input<typeof svmParamsSchema>;
export type AnnParams = z.input<typeof annParamsSchema>;

/**
 * 'auto' or the family's parameters. Not a z.union: a union that fails reports only "Invalid input" at the
 * config, and the refusal must name the parameter (RFConfig.RFminSamplesSplit) and what it allows.
 */
function autoOr<S extends z.ZodType<Record<string, unknown>>>(params: S) {
  return z
    .custom<typeof AUTO | z.input<S>>((v) => v === AUTO || (typeof v === 'object' && v !== null && !Array.isArray(v)), {
      message: "'auto' or an object of the model's parameters",
    })
    .transform((v, ctx): typeof AUTO | z.output<S> => {
      if (v === AUTO) return AUTO;
      const parsed = params.safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    });
}

export const rfConfigSchema = autoOr(rfParamsSchema);
export const dtConfigSchema = autoOr(dtParamsSchema);
export const knnConfigSchema = autoOr(knnParamsSchema);
export const svmConfigSchema = autoOr(svmParamsSchema);
export const annConfigSchema = autoOr(annParamsSchema);

/** One manual target class as stored: class number -> [title, min, max]. */
export const manualClassesSchema = z
  .record(z.string().regex(/^\d+$/), z.tuple([z.string().min(1).max(JOB_LIMITS.textMaxChars), z.number(), z.number()]))
  .refine((m) => Object.keys(m).length >= LIMITS.manualClassesMin && Object.keys(m).length <= LIMITS.manualClassesMax, {
    message: `between ${LIMITS.manualClassesMin} and ${LIMITS.manualClassesMax} classes`,
  });
export type ManualClasses = z.infer<typeof manualClassesSchema>;

/** One entry of the per-attribute discretization JSON text (spec section 3 "Discretization"). */
export const featureDiscretizationEntrySchema = z.discriminatedUnion('option', [
  z.object({
    indicator: z.string().min(1),
    option: z.literal('automatic'),
    groups: z.number().int().min(LIMITS.autoCategoriesMin).max(LIMITS.autoCategoriesMax),
  }),
  z.object({
    indicator: z.string().min(1),
    option: z.literal('manual'),
    // At least two classes, as for the target: with none the attribute was left as it is without a word.
    classes: z
      .record(z.string().regex(/^\d+$/), z.object({ title: z.string().min(1), min: z.number(), max: z.number() }))
      .refine((classes) => Object.keys(classes).length >= LIMITS.manualClassesMin, { message: `at least ${LIMITS.manualClassesMin} classes` }),
  }),
]);
export const featureDiscretizationSchema = z.array(featureDiscretizationEntrySchema);
export type FeatureDiscretization = z.infer<typeof featureDiscretizationSchema>;

/** Parses the per-attribute discretization text; null when it is not valid. */
export function parseFeatureDiscretization(text: string): FeatureDiscretization | null {
  try {
    const parsed = featureDiscretizationSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const outlierQparameterSchema = z.union([
  autoLiteral,
  z.literal('none'),
  z.tuple([z.number().gt(0).lt(0.5), z.number().gt(0.5).lt(1)]),
]);

export const jobDataSchema = z
  .object({
    /** 'WHO' or the uploaded database's name. */
    database: z.string().min(1).max(JOB_LIMITS.textMaxChars),
    /** The upload the data comes from (ours: the spec's first version found it by name); null for WHO. */
    uploadId: z.string().nullable().default(null),
    codePredictionIndicator: z.string().min(1).max(JOB_LIMITS.textMaxChars),
    predictionIndicatorDimensions: z.array(z.string().max(JOB_LIMITS.textMaxChars)).max(JOB_LIMITS.dimensionsMax),
    predictionIndicatorYear: z.number().int().nullable(),
    predictionIndicatorRegion: z.string().max(JOB_LIMITS.textMaxChars).nullable(),
    maxPercentMissingDatasToPrediction: z.union([autoLiteral, z.literal('No'), z.number().int().min(5).max(95)]),
    dataImputation: z.union([autoLiteral, z.enum(IMPUTATION_OPTIONS)]),
    minInformationGain: z.union([autoLiteral, z.number().positive(), z.null()]),
    totalIndicatorsUseToPrediction: z.literal(TOTAL_INDICATORS_USED_FOR_PREDICTION),
    /** Manual attribute selection (codes, or column names of an upload); empty: selection by the rules. */
    indicatorsAnalyzingCode: z.array(z.string().min(1).max(JOB_LIMITS.textMaxChars)).max(JOB_LIMITS.indicatorsMax),
    /** Automatic target groups (1..100); null when the target classes are manual. */
    groupsCategorization: z.number().int().min(LIMITS.autoCategoriesMin).max(LIMITS.autoCategoriesMax).nullable(),
    /** How automatic groups are cut (equal-width is the original behaviour). */
    groupsCategorizationMethod: z.enum(DISCRETIZATION_METHODS).default(DEFAULT_DISCRETIZATION_METHOD),
    groupsCategorizationManual: manualClassesSchema.nullable(),
    /** 'auto', '' (no attribute discretization) or the JSON text of featureDiscretizationSchema. */
    groupsCategorizationFeatures: z.union([
      autoLiteral,
      z.literal(''),
      z.string().refine((t) => parseFeatureDiscretization(t) !== null, { message: 'not a valid attribute discretization' }),
    ]),
    groupsCategorizationRange: z.literal(GROUPS_CATEGORIZATION_RANGE),
    typeML: z.literal(TASK_TYPE),
    outlierQparameter: outlierQparameterSchema,
    fracUsedToTest: z.number().min(LIMITS.testPercentMin).max(LIMITS.testPercentMax).nullable(),
    pearsonCorrelationCut: z.union([autoLiteral, z.number().refine(isPearsonCutInRange, { message: 'above 0 and at most 1' }), z.null()]),
    BalanceAlgorithm: z.union([autoLiteral, z.enum(BALANCE_ALGORITHMS)]),
    MLAlgorithms: z
      .array(z.enum(MODEL_FAMILIES))
      .min(1)
      .max(MODEL_FAMILIES.length)
      .refine((families) => new Set(families).size === families.length, { message: 'each model once' }),
    timeDimension: z.string().min(1).max(JOB_LIMITS.textMaxChars),
    regionDimension: z.string().min(1).max(JOB_LIMITS.textMaxChars),
    ANNConfig: annConfigSchema,
    KNNConfig: knnConfigSchema,
    SVMConfig: svmConfigSchema,
    DTConfig: dtConfigSchema,
    RFConfig: rfConfigSchema,
    /** Seed of every random choice of the run; the server picks one when absent. */
    seed: z.number().int().min(0).max(LIMITS.jobSeedMax).optional(),
    /** The search time budget of this job in seconds; absent: the server's JOB_BUDGET_SECONDS. */
    budgetSeconds: z.number().int().min(LIMITS.jobBudgetSecondsMin).max(LIMITS.jobBudgetSecondsMax).optional(),
    /**
     * The target's own history as candidate inputs (the place's previous known class and value, years since):
     * 'auto' lets validation decide, 'on' always adds them, 'off' never (like-for-like with plain indicators).
     */
    targetHistory: z.enum(TARGET_HISTORY_MODES).default('auto'),
    /** How often each prediction set must hold the true class (its nominal coverage). */
    predictionSetLevel: z
      .number()
      .refine((level) => (PREDICTION_SET_LEVELS as readonly number[]).includes(level), { message: `one of ${PREDICTION_SET_LEVELS.join(', ')}` })
      .default(DEFAULT_PREDICTION_SET_LEVEL),
    /** The interface language the job was submitted in: the report's prose and the e-mail are written in it. */
    locale: z.enum(['en', 'pt-BR']).default('en'),
  })
  .superRefine((data, ctx) => {
    const byYear = data.predictionIndicatorYear !== null;
    const byPercent = data.fracUsedToTest !== null;
    if (byYear === byPercent) {
      ctx.addIssue({ code: 'custom', path: ['fracUsedToTest'], message: 'exactly one of target year or test percentage' });
    }
    if ((data.groupsCategorization === null) === (data.groupsCategorizationManual === null)) {
      ctx.addIssue({ code: 'custom', path: ['groupsCategorization'], message: 'exactly one of automatic groups or manual classes' });
    }
    if (data.predictionIndicatorDimensions.length > TARGET_DIMENSIONS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['predictionIndicatorDimensions'], message: 'one dimension of the target at most: a model predicts one series' });
    }
    // A minimum no indicator can reach leaves nothing to learn from.
    const classes = data.groupsCategorization ?? Object.keys(data.groupsCategorizationManual ?? {}).length;
    const ceiling = informationGainCeiling({ classes, handPicked: data.indicatorsAnalyzingCode.length, targetHistory: data.targetHistory });
    if (typeof data.minInformationGain === 'number' && ceiling !== null && data.minInformationGain > ceiling) {
      ctx.addIssue({ code: 'custom', path: ['minInformationGain'], message: `at most ${ceiling.toFixed(3)} bits with ${classes} classes: no indicator can have more information gain` });
    }
  });

export type JobData = z.infer<typeof jobDataSchema>;
/** What the wizard writes; defaults (uploadId, groupsCategorizationMethod) may be left out. */
export type JobDataInput = z.input<typeof jobDataSchema>;

/** The settings `autoJobSettings` fills in. */
export type AutoJobSettings = Pick<
  JobData,
  | 'predictionIndicatorRegion'
  | 'maxPercentMissingDatasToPrediction'
  | 'dataImputation'
  | 'minInformationGain'
  | 'totalIndicatorsUseToPrediction'
  | 'indicatorsAnalyzingCode'
  | 'groupsCategorization'
  | 'groupsCategorizationMethod'
  | 'groupsCategorizationManual'
  | 'groupsCategorizationFeatures'
  | 'groupsCategorizationRange'
  | 'typeML'
  | 'outlierQparameter'
  | 'fracUsedToTest'
  | 'pearsonCorrelationCut'
  | 'BalanceAlgorithm'
  | 'ANNConfig'
  | 'KNNConfig'
  | 'SVMConfig'
  | 'DTConfig'
  | 'RFConfig'
>;

/**
 * A job's settings when nothing is configured by hand: every preprocessing step and model family on auto, every
 * indicator a candidate, three quantile classes, no test region. Code that builds a job itself (the demo's example,
 * tests, benchmarks) spreads a fresh copy and sets the data, target, test year, models and seed.
 */
export function autoJobSettings(): AutoJobSettings {
  return {
    predictionIndicatorRegion: null,
    maxPercentMissingDatasToPrediction: 'auto',
    dataImputation: 'auto',
    minInformationGain: 'auto',
    totalIndicatorsUseToPrediction: TOTAL_INDICATORS_USED_FOR_PREDICTION,
    indicatorsAnalyzingCode: [],
    groupsCategorization: 3,
    groupsCategorizationMethod: 'quantile',
    groupsCategorizationManual: null,
    groupsCategorizationFeatures: 'auto',
    groupsCategorizationRange: GROUPS_CATEGORIZATION_RANGE,
    typeML: TASK_TYPE,
    outlierQparameter: 'auto',
    fracUsedToTest: null,
    pearsonCorrelationCut: 'auto',
    BalanceAlgorithm: 'auto',
    ANNConfig: 'auto',
    KNNConfig: 'auto',
    SVMConfig: 'auto',
    DTConfig: 'auto',
    RFConfig: 'auto',
  };
}

export const createJobRequestSchema = z.object({
  name: z.string().trim().min(1).max(JOB_LIMITS.nameMaxChars),
  data: jobDataSchema,
});
export type CreateJobRequest = z.infer<typeof createJobRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Target class preview (POST /api/preview/target-classes): the class counts a discretization gives on
// the chosen data, shown on Target Selection before saving.

export const targetDiscretizationRequestSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('automatic'),
    groups: z.number().int().min(LIMITS.autoCategoriesMin).max(LIMITS.autoCategoriesMax),
    method: z.enum(DISCRETIZATION_METHODS).default(DEFAULT_DISCRETIZATION_METHOD),
  }),
  z.object({
    mode: z.literal('manual'),
    classes: z
      .array(z.object({ title: z.string().min(1), min: z.number(), max: z.number() }))
      .min(LIMITS.manualClassesMin)
      .max(LIMITS.manualClassesMax),
  }),
]);

export const targetClassPreviewRequestSchema = z.object({
  /** 'WHO' or an upload (then uploadId names it). */
  database: z.string().min(1),
  uploadId: z.string().nullable().default(null),
  /** WHO indicator code, or the upload's column. */
  targetCode: z.string().min(1),
  /** WHO dimension key (SEX_BTSX); default both sexes / total. */
  targetDimension: z.string().optional(),
  discretization: targetDiscretizationRequestSchema,
  /** The split the job will use; with it each class is also counted in the training and the test years. */
  split: z
    .discriminatedUnion('mode', [
      z.object({ mode: z.literal('year'), year: z.number().int(), region: z.string().nullable().default(null) }),
      z.object({ mode: z.literal('percent'), percent: z.number().gt(LIMITS.testPercentMin).lt(LIMITS.testPercentMax) }),
    ])
    .optional(),
});
export type TargetClassPreviewRequest = z.input<typeof targetClassPreviewRequestSchema>;

export const targetClassPreviewResponseSchema = z.object({
  classes: z.array(
    z.object({
      index: z.number().int(),
      title: z.string(),
      min: z.number(),
      max: z.number(),
      count: z.number().int(),
      /** With a split: rows of the class in the training years, and in the test years (and region). */
      train: z.number().int().optional(),
      test: z.number().int().optional(),
    }),
  ),
  /** Values outside every manual class. */
  unassigned: z.number().int(),
  /** Rows without a target value. */
  missing: z.number().int(),
  /** Rows with a target value. */
  rows: z.number().int(),
  /**
   * The target's values, ascending, when they are all whole numbers and there are 2 to LIMITS.targetCodesMax of them
   * (a target already coded as classes); absent otherwise.
   */
  codes: z.array(z.number().int()).optional(),
  /** With a split: its years and rows, the classes then fitted on the training rows as the engine fits them. */
  split: z
    .object({
      trainYears: z.array(z.number().int()),
      testYears: z.array(z.number().int()),
      trainRows: z.number().int(),
      testRows: z.number().int(),
      testRegion: z.string().nullable(),
    })
    .nullable(),
});
export type TargetClassPreviewResponse = z.infer<typeof targetClassPreviewResponseSchema>;

/** Below this many rows a class is flagged as too small to learn from (the preview's warning). */
export const TINY_CLASS_ROWS = 10;
