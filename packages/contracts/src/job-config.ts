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
  ANN_ACTIVATIONS,
  ANN_OPTIMIZERS,
  BALANCE_ALGORITHMS,
  DISCRETIZATION_METHODS,
  DT_SPLITTERS,
  GROUPS_CATEGORIZATION_RANGE,
  IMPUTATION_OPTIONS,
  KNN_ALGORITHMS,
  KNN_WEIGHTS,
  MODEL_FAMILIES,
  SVM_GAMMA_KEYWORDS,
  SVM_KERNELS,
  TASK_TYPE,
  TOTAL_INDICATORS_USED_FOR_PREDICTION,
  TREE_CRITERIA,
} from './options.ts';
import { LIMITS } from './limits.ts';
import { JOB_LIMITS } from './job-limits.ts';

export const AUTO = 'auto' as const;

/** Whether the target's own history is offered to the models as inputs. */
export const TARGET_HISTORY_MODES = ['off', 'auto', 'on'] as const;
export type TargetHistoryMode = (typeof TARGET_HISTORY_MODES)[number];
const autoLiteral = z.literal(AUTO);

/** 'auto' or a non-empty list of candidate values. */
function param<T extends z.ZodType>(item: T) {
  return z.union([autoLiteral, z.array(item).min(1).max(JOB_LIMITS.candidatesMax)]);
}

const positiveInt = z.number().int().min(1);
const nonNegative = z.number().min(0);
const maxFeaturesValue = z.union([z.enum(['sqrt', 'log2']), z.number().positive(), z.null()]);
const minSamplesSplitValue = z.number().positive(); // int >= 2 or a fraction in (0, 1]
const minSamplesLeafValue = z.number().positive(); // int >= 1 or a fraction in (0, 0.5]

export const rfParamsSchema = z
  .object({
    RFnEstimators: param(positiveInt),
    RFcriterion: param(z.enum(TREE_CRITERIA)),
    RFmaxDepth: param(positiveInt.nullable()),
    RFminSamplesSplit: param(minSamplesSplitValue),
    RFminSamplesLeaf: param(minSamplesLeafValue),
    RFminWeightFractionLeaf: param(z.number().min(0).max(0.5)),
    RFmaxFeatures: param(maxFeaturesValue),
    RFmaxLeafNodes: param(z.number().int().min(2).nullable()),
    RFminImpurityDecrease: param(nonNegative),
    RFbootstrap: param(z.boolean()),
    RFoobScore: param(z.boolean()),
  })
  .strict();

export const dtParamsSchema = z
  .object({
    DTcriterion: param(z.enum(TREE_CRITERIA)),
    DTsplitter: param(z.enum(DT_SPLITTERS)),
    DTmaxDepth: param(positiveInt.nullable()),
    DTminSamplesSplit: param(minSamplesSplitValue),
    DTminSamplesLeaf: param(minSamplesLeafValue),
    DTminWeightFractionLeaf: param(z.number().min(0).max(0.5)),
    DTmaxFeatures: param(maxFeaturesValue),
    DTrandomState: param(z.number().int().min(0).nullable()),
    DTmaxLeafNodes: param(z.number().int().min(2).nullable()),
    DTminImpurityDecrease: param(nonNegative),
  })
  .strict();

export const knnParamsSchema = z
  .object({
    KNNnNeighbors: param(positiveInt),
    KNNweights: param(z.enum(KNN_WEIGHTS)),
    KNNalgorithm: param(z.enum(KNN_ALGORITHMS)),
    KNNleafSize: param(positiveInt),
    KNNp: param(z.number().min(1)),
  })
  .strict();

export const svmParamsSchema = z
  .object({
    SVMC: param(z.number().positive()),
    SVMkernel: param(z.enum(SVM_KERNELS)),
    SVMdegree: param(positiveInt),
    SVMgamma: param(z.union([z.enum(SVM_GAMMA_KEYWORDS), z.number().positive()])),
    SVMcoef0: param(z.number()),
    SVMshrinking: param(z.boolean()),
    SVMprobability: param(z.boolean()),
  })
  .strict();

export const annParamsSchema = z
  .object({
    ANNbatchSize: param(positiveInt),
    ANNepochs: param(positiveInt),
    ANNoptimizer: param(z.enum(ANN_OPTIMIZERS)),
    /** Candidate numbers of units per hidden layer. */
    ANNneurons: param(positiveInt),
    ANNdropoutRate: param(z.number().min(0).lt(1)),
    ANNactivation: param(z.enum(ANN_ACTIVATIONS)),
  })
  .strict();

export type RfParams = z.infer<typeof rfParamsSchema>;
export type DtParams = z.infer<typeof dtParamsSchema>;
export type KnnParams = z.infer<typeof knnParamsSchema>;
export type SvmParams = z.infer<typeof svmParamsSchema>;
export type AnnParams = z.infer<typeof annParamsSchema>;

export const rfConfigSchema = z.union([autoLiteral, rfParamsSchema]);
export const dtConfigSchema = z.union([autoLiteral, dtParamsSchema]);
export const knnConfigSchema = z.union([autoLiteral, knnParamsSchema]);
export const svmConfigSchema = z.union([autoLiteral, svmParamsSchema]);
export const annConfigSchema = z.union([autoLiteral, annParamsSchema]);

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
    classes: z.record(z.string().regex(/^\d+$/), z.object({ title: z.string().min(1), min: z.number(), max: z.number() })),
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
    groupsCategorizationMethod: z.enum(DISCRETIZATION_METHODS).default('equal-width'),
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
    pearsonCorrelationCut: z.union([autoLiteral, z.number().min(0).max(1), z.null()]),
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
    method: z.enum(DISCRETIZATION_METHODS).default('equal-width'),
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
});
export type TargetClassPreviewRequest = z.input<typeof targetClassPreviewRequestSchema>;

export const targetClassPreviewResponseSchema = z.object({
  classes: z.array(z.object({ index: z.number().int(), title: z.string(), min: z.number(), max: z.number(), count: z.number().int() })),
  /** Values outside every manual class. */
  unassigned: z.number().int(),
  /** Rows without a target value. */
  missing: z.number().int(),
  /** Rows with a target value. */
  rows: z.number().int(),
});
export type TargetClassPreviewResponse = z.infer<typeof targetClassPreviewResponseSchema>;

/** Below this many rows a class is flagged as too small to learn from (the preview's warning). */
export const TINY_CLASS_ROWS = 10;
