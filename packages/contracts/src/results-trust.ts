import { z } from 'zod';

/**
 * The results' trust figures (a part of results.ts): how calibrated a model's probabilities are, and how often the
 * recommended model's prediction sets hold the true class on the test years.
 */

/** One bin of a reliability diagram (rows whose top probability is in [lo, hi)). */
export const reliabilityBinSchema = z.object({
  lo: z.number(),
  hi: z.number(),
  rows: z.number().int(),
  confidence: z.number().nullable(),
  accuracy: z.number().nullable(),
});

/**
 * Calibration of a model's probabilities: temperature scaling fitted on the pooled validation predictions (never on
 * test rows) and kept only when it lowers the cross-fitted validation log-loss without raising the cross-fitted
 * validation Brier score (results written before the Brier check lack the two Brier figures); test-year figures before
 * and after (after = before when not kept).
 */
export const calibrationReportSchema = z.object({
  method: z.literal('temperature'),
  kept: z.boolean(),
  temperature: z.number(),
  validation: z.object({ logLossBefore: z.number(), logLossAfter: z.number(), brierBefore: z.number().optional(), brierAfter: z.number().optional() }),
  test: z.object({
    brierBefore: z.number(),
    brierAfter: z.number(),
    eceBefore: z.number(),
    eceAfter: z.number(),
    logLossBefore: z.number(),
    logLossAfter: z.number(),
  }),
  reliability: z.object({ before: z.array(reliabilityBinSchema), after: z.array(reliabilityBinSchema) }),
});
export type CalibrationReport = z.infer<typeof calibrationReportSchema>;

/** Coverage of prediction sets on the test rows: overall, per year and per true class. */
const setCoverageSchema = z.object({
  coverage: z.number(),
  meanSetSize: z.number(),
  byYear: z.array(z.object({ year: z.number(), coverage: z.number(), meanSetSize: z.number(), rows: z.number().int() })),
  byClass: z.array(z.object({ classIndex: z.number().int(), coverage: z.number().nullable(), meanSetSize: z.number().nullable(), rows: z.number().int() })),
});

/** How far to trust each prediction of the recommended model. */
export const trustReportSchema = z.object({
  conformal: z.object({
    nominal: z.number(),
    method: z.enum(['lac', 'aps', 'mondrian-lac']),
    test: setCoverageSchema,
    /** Every score on the same rows, for comparison (the default is `method`). */
    compared: z.array(z.object({ method: z.enum(['lac', 'aps', 'mondrian-lac']), coverage: z.number(), meanSetSize: z.number(), emptySets: z.number().int() })),
    /**
     * The same score with its level adapted year by year to the coverage of the years before (adaptive conformal
     * inference), measured beside the static sets; `nextLevel` is the level it would use after the test years.
     */
    adaptive: z
      .object({
        gamma: z.number(),
        coverage: z.number(),
        meanSetSize: z.number(),
        byYear: z.array(z.object({ year: z.number(), level: z.number(), coverage: z.number(), meanSetSize: z.number() })),
        nextLevel: z.number(),
      })
      .optional(),
  }),
  calibration: calibrationReportSchema,
});
export type TrustReport = z.infer<typeof trustReportSchema>;
