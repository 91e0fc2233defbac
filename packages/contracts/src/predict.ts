import { z } from 'zod';
import { MODEL_FAMILIES } from './options.ts';
import { RESULT_ALGORITHMS } from './result-algorithms.ts';

/**
 * Prediction API (POST /api/jobs/:id/predict) and personal API tokens (/api/tokens): request and answer
 * shapes, limits and messages. The server validates with these schemas and the OpenAPI description at
 * /api/openapi.json is generated from them.
 */

/** Which model predicts: the job's chosen model (default), one family's, or the ensemble. */
export const PREDICTION_MODELS = ['chosen', ...MODEL_FAMILIES, 'Ensemble', 'Persistence', 'Majority', 'Trend'] as const;
export type PredictionModel = (typeof PREDICTION_MODELS)[number];

export const PREDICT_LIMITS = {
  /** Rows in one request (a 10,000-row CSV is ~2 MB). */
  maxRows: 50_000,
  /**
   * A row with more than this share of the model's indicators missing is not predicted: the model would
   * mostly see training fill values.
   */
  maxMissingShare: 0.5,
  /**
   * A predicted row with more than this share of the model's indicators missing in its input, before any filling
   * (carried forward from an earlier year of the place, or the training fill value), is flagged `mostlyImputed`: it
   * was predicted, but mostly from values the row did not have.
   */
  mostlyImputedShare: 0.5,
  /** Contributions listed per explained prediction. */
  explainTop: 5,
  /**
   * Rows one request may have explained by the sampled estimate (every model but a tree or forest): each costs about
   * 32 x (inputs - 1) model evaluations, up to 50 ms on the WHO panel (bench/explain.ts): 500 rows are half a minute.
   */
  explainSampledMaxRows: 500,
  /** Contributions listed in a test row's explanation on the result page (the rest are summed into one bar). */
  explainChartTop: 12,
  /** Requests per minute and token (or per address without one) on the prediction API. */
  requestsPerMinute: 120,
  /** Live personal tokens per user. */
  maxTokensPerUser: 20,
  tokenNameMaxLength: 80,
} as const;

/** A cell of a JSON row: a number, null (missing) or text (identifier columns; numeric text is read as a number). */
export type PredictCell = number | string | null;

function isPredictRow(value: unknown): value is Record<string, PredictCell> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const cell of Object.values(value)) {
    if (cell !== null && typeof cell !== 'number' && typeof cell !== 'string') return false;
  }
  return true;
}

/**
 * The JSON rows: 1..maxRows objects of column -> number, text or null. One check function over the whole array
 * instead of an array of records of unions: zod spent ~2 s validating 10,000 rows x 24 cells cell by cell (and
 * ~0.2 s item by item), against the prediction API's 2 s target for the whole request. Its JSON Schema (for the
 * OpenAPI description) is given as metadata.
 */
export const predictRowsSchema = z
  .custom<Record<string, PredictCell>[]>((value) => Array.isArray(value) && value.length >= 1 && value.length <= PREDICT_LIMITS.maxRows && value.every(isPredictRow), {
    message: `"rows" must be a list of 1 to ${PREDICT_LIMITS.maxRows} objects whose values are numbers, text or null.`,
  })
  .meta({
    type: 'array',
    minItems: 1,
    maxItems: PREDICT_LIMITS.maxRows,
    items: { type: 'object', additionalProperties: { type: ['number', 'string', 'null'] } },
  });

export const predictRequestSchema = z
  .object({
    model: z.enum(PREDICTION_MODELS).default('chosen').describe('chosen (default: what the job recommends, a model or a rule), DT, RF, KNN, SVM, ANN, Ensemble, or the rules Persistence, Majority and Trend'),
    rows: predictRowsSchema
      .optional()
      .describe('Rows as objects: indicator column -> value (null = missing). Extra keys are ignored.'),
    csv: z.string().min(1).optional().describe('Alternatively, a semicolon CSV with a header row holding the training columns.'),
    explain: z
      .boolean()
      .optional()
      .describe(
        "true: each prediction lists the inputs that moved its class's probability most (Shapley values: exact for a decision tree or random forest, a seeded estimate over training rows for the other models)",
      ),
  })
  .refine((body) => (body.rows === undefined) !== (body.csv === undefined), { message: 'Send either "rows" or "csv" (exactly one).', path: ['rows'] });
export type PredictRequest = z.infer<typeof predictRequestSchema>;

/**
 * A prediction's Shapley values for its predicted class's probability: `exact` (TreeSHAP, decision trees and random
 * forests) or `sampled` (permutation sampling over 32 training rows saved with the model: KNN, SVM, ANN, the ensemble,
 * the rules; seeded, so the same row always gets the same values). Either way `expected` plus every input's
 * contribution is the predicted probability.
 */
export const explanationSchema = z.object({
  /** The predicted class's probability knowing no input (averaged over the training or background rows). */
  expected: z.number(),
  /**
   * The largest contributions by absolute value, signed (toward the class when positive). `filled`: the row had no
   * value of that input, so the contribution is that of the value the model filled in (the place's earlier value of
   * the indicator, or the training fill value).
   */
  contributions: z.array(z.object({ feature: z.string(), value: z.number(), filled: z.boolean().optional() })),
  method: z.enum(['exact', 'sampled']).optional(),
});
export type Explanation = z.infer<typeof explanationSchema>;

export const predictionSchema = z.object({
  /** 0-based position of the row in the request. */
  row: z.number().int(),
  /** The row's place and time when it carries the job's spatial/temporal columns. */
  space: z.string().nullable(),
  time: z.number().nullable(),
  label: z.string(),
  classIndex: z.number().int(),
  /** Probability per class, in `classes` order. */
  probabilities: z.array(z.number()),
  /**
   * The prediction set: the class titles that hold the true class with the job's nominal probability (its conformal
   * rule, fitted on validation; the coverage it reached on the test years is in the results' trust.conformal).
   */
  set: z.array(z.string()).optional(),
  /**
   * How many of the model's indicators were missing and filled: with the place's latest earlier value in the job's
   * data (models trained with carry-forward), else the training fill value.
   */
  imputed: z.number().int(),
  /** More than PREDICT_LIMITS.mostlyImputedShare of the model's indicators were missing in the input and filled in. */
  mostlyImputed: z.boolean(),
  /**
   * With `explain`: the predicted class's probability knowing no input, and the inputs that moved it most (Shapley
   * values), largest first; they add up, with the ones left out, to the predicted probability.
   */
  explanation: explanationSchema.optional(),
  /**
   * Gap filling only: the row's year is after the last year with a target value, so the model extrapolates (its
   * validation never looked that far ahead).
   */
  extrapolated: z.boolean().optional(),
});
export type Prediction = z.infer<typeof predictionSchema>;

export const notPredictedSchema = z.object({
  row: z.number().int(),
  space: z.string().nullable(),
  time: z.number().nullable(),
  missing: z.number().int(),
  reason: z.string(),
});
export type NotPredicted = z.infer<typeof notPredictedSchema>;

export const predictResponseSchema = z.object({
  jobId: z.string(),
  model: z.enum(RESULT_ALGORITHMS),
  /** The model's indicator columns, in input order. */
  features: z.array(z.string()),
  classes: z.array(z.object({ index: z.number().int(), title: z.string(), min: z.number(), max: z.number() })),
  predictions: z.array(predictionSchema),
  notPredicted: z.array(notPredictedSchema),
});
export type PredictResponse = z.infer<typeof predictResponseSchema>;

/**
 * GET /api/jobs/:id/gaps: the job's own panel rows whose target is missing (country-years the source has not
 * published), predicted by the same rules as POST /api/jobs/:id/predict.
 */
export const gapsResponseSchema = predictResponseSchema.extend({
  /** The target column of the job's panel. */
  target: z.string(),
  /**
   * Rows of the panel whose target is missing and that have some indicator value, in or after the target's years
   * (= predictions + notPredicted).
   */
  missingTarget: z.number().int(),
  /** The first and last year with a target value in the job's panel (null when it has none). */
  targetYears: z.object({ first: z.number(), last: z.number() }).nullable(),
  /**
   * Rows with indicator values but no target before targetYears.first: not predicted, since the model learned to
   * predict a year from the ones before it and would extrapolate backwards there.
   */
  beforeTargetYears: z.number().int(),
  /** Rows of the panel in all (with WHO data: the target's country-years and these gaps). */
  panelRows: z.number().int(),
  /**
   * The panel's rows that have a target value, with its class by the model's classes (for the map of observed
   * and predicted classes); rows outside every manual class are left out.
   */
  observed: z.array(z.object({ space: z.string(), time: z.number(), classIndex: z.number().int() })),
});
export type GapsResponse = z.infer<typeof gapsResponseSchema>;

/**
 * GET /api/jobs/:id/explanations?model=&row= (a test row: its position in that model's test predictions) or
 * ?model=&space=&time= (any row of the job's panel by place and year, a gap filled among them): one row explained
 * from the saved model, as the prediction API explains a row.
 */
export const testRowExplanationQuerySchema = z
  .object({
    model: z.enum(PREDICTION_MODELS).default('chosen'),
    row: z.coerce.number().int().min(0).optional(),
    space: z.string().min(1).max(200).optional(),
    time: z.coerce.number().int().optional(),
  })
  .refine((q) => (q.row !== undefined) !== (q.space !== undefined && q.time !== undefined), {
    message: 'Give either "row" (a test row) or both "space" and "time" (a row of the panel).',
    path: ['row'],
  });
export type TestRowExplanationQuery = z.infer<typeof testRowExplanationQuerySchema>;

export const testRowExplanationSchema = z.object({
  jobId: z.string(),
  model: z.enum(RESULT_ALGORITHMS),
  /** The test row's position asked for; null for a row asked for by place and year. */
  row: z.number().int().nullable(),
  space: z.string(),
  time: z.number(),
  /** The actual class title of a test row; null for a row without one (a gap) or asked for by place and year. */
  actual: z.string().nullable(),
  /** The class the saved model predicts for the row, and its probability (the value explained). */
  predicted: z.string(),
  probability: z.number(),
  /** Number of inputs the model reads (the contributions listed are the largest PREDICT_LIMITS.explainChartTop). */
  inputs: z.number().int(),
  explanation: explanationSchema,
});
export type TestRowExplanation = z.infer<typeof testRowExplanationSchema>;

/** A personal API token as listed (never its secret). */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** First characters of the secret, to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createApiTokenRequestSchema = z.object({
  name: z.string().trim().min(1, 'Give the token a name.').max(PREDICT_LIMITS.tokenNameMaxLength, `At most ${PREDICT_LIMITS.tokenNameMaxLength} characters.`),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

export const createApiTokenResponseSchema = z.object({
  token: apiTokenSchema,
  /** The secret, shown this once: send it as `Authorization: Bearer <secret>`. */
  secret: z.string(),
});
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;

/** Prefix of every token secret, so leaked tokens are easy to recognise in logs and scanners. */
export const API_TOKEN_PREFIX = 'ind_';

/** Messages of the prediction API and tokens (English; {placeholders} filled with formatMessage). */
export const PREDICT_MESSAGES = {
  jobNotDone: 'The job has not finished: predictions need its saved models.',
  modelNotAvailable: 'This job has no {model} model. Available: {available}.',
  missingColumns: 'The rows lack columns the model was trained on: {columns}.',
  tooManyMissing: '{missing} of the model\'s {total} indicators are missing; at most {allowed} may be filled in.',
  ruleWithoutHistory:
    'This place has no earlier value of the target before this year, so the {rule} rule has nothing to carry forward: it would only give the most frequent training class. Choose a model to predict this row from its indicators.',
  ruleUnknownPlace:
    'The job\'s data has no place "{place}" in its {space} column, so the {rule} rule has no earlier value of the target to carry forward. Write the place as the data does, or choose a model to predict this row from its indicators.',
  ruleNeedsPlaceAndYear:
    'The row has no {space} or no {time}, which the {rule} rule needs to look up the earlier value of the target. Add them, or choose a model to predict this row from its indicators.',
  csvUnreadable: 'The CSV could not be read: {problem}',
  notANumber: 'Row {row}, column {column}: "{value}" is not a number.',
  invalidToken: 'The API token is unknown or revoked.',
  tokenRouteOnly: 'Personal API tokens work only on the job and prediction routes listed in /api/openapi.json; sign in for the rest.',
  tooManyTokens: 'You have {max} live tokens; revoke one first.',
  modelUnreadable: 'The saved {model} model of this job could not be read. Run the job again to save it anew.',
  noExplanation: "The saved {model} model of this job was saved before per-row explanations existed, and the job's data has no training rows left to explain it against. Run the job again to get them.",
  tooManyToExplain: 'Explanations of a {model} model are estimated row by row: at most {max} rows per request with "explain" (this one has {rows}).',
  noSuchTestRow: 'This model has no test row {row}.',
  testRowMissing: 'Test row {row} ({space}, {time}) is no longer in the job\'s data.',
  noSuchPanelRow: 'The job\'s data has no row for {space} in {time}.',
  onnxExportFailed: 'This model could not be written as ONNX. Its predictions are still available through the prediction API; please report the job id.',
} as const;
export type PredictMessageKey = keyof typeof PREDICT_MESSAGES;
