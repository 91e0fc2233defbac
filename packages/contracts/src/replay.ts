import { z } from 'zod';
import { MODEL_FAMILIES } from './options.ts';

/**
 * What a time-budgeted run decided because of the clock, so that a replay decides the same without one: the
 * search's completed fits, the final fits that finished, and each later stage's outcome. Every fit is a pure
 * function of its input and seed, so replaying these decisions gives the same results, metric for metric and
 * prediction for prediction, on any machine, under any load and with any number of threads.
 */

const familySchema = z.enum(MODEL_FAMILIES);

export const REPLAY_RECORD_VERSION = 1;

export const replayRecordSchema = z.object({
  version: z.literal(REPLAY_RECORD_VERSION),
  /** The engine's version that wrote the record; a replay by another version says so. */
  engineVersion: z.string(),
  /** SHA-256 of the panel the run saw (columns, places, years, values): a replay on other data is refused. */
  frameSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The engine configuration with its defaults filled in. */
  config: z.record(z.string(), z.unknown()),
  /** Per family: the candidates scored (their position in the family's list) and the folds each was scored on. */
  search: z.array(
    z.object({
      family: familySchema,
      budgetBound: z.boolean(),
      scored: z.array(z.object({ index: z.number().int().nonnegative(), folds: z.array(z.number().int().nonnegative()) })),
    }),
  ),
  /**
   * The time the choice was made with: seconds left, each finalist's predicted final fit, and how many final fits ran
   * side by side (an ensemble's members share the time left among the run's threads; a replay on fewer threads must
   * judge them as the run did). Records written before `threads` was kept lack it.
   */
  choice: z.object({ leftSeconds: z.number(), finalSeconds: z.partialRecord(familySchema, z.number()), threads: z.number().int().positive().optional() }),
  /** Families whose final fit finished; whether the chosen model's ran on into the time kept for the results. */
  finals: z.object({ fitted: z.array(familySchema), lastResort: z.boolean() }),
  /** The horizon check: how many contenders were checked, or why it did not run (null: not attempted). */
  horizon: z.union([z.object({ checked: z.number().int().positive() }), z.object({ skipped: z.string() })]).nullable(),
  /** The CV gap: the random folds fit, or why it was not computed (null: not attempted). */
  cvGap: z.union([z.object({ folds: z.number().int().positive() }), z.object({ skipped: z.string() })]).nullable(),
  /** Set by the command line: the file and columns the panel was read from, so `--replay` alone can rerun it. */
  input: z
    .object({ csv: z.string(), timeColumn: z.string(), spaceColumn: z.string(), regionColumn: z.string().optional() })
    .optional(),
});
export type ReplayRecord = z.infer<typeof replayRecordSchema>;

/** A panel as a replay bundle carries it (JSON: numbers exactly as the run read them, null where missing). */
export const bundledFrameSchema = z.object({
  sha256: z.string(),
  /** Where the job's data came from: the user's upload or the WHO catalog (under its own licence). */
  source: z.enum(['upload', 'who']),
  spaceColumn: z.string(),
  timeColumn: z.string(),
  regionColumn: z.string().nullable(),
  space: z.array(z.string()),
  time: z.array(z.number()),
  region: z.array(z.string().nullable()).nullable(),
  columns: z.array(z.object({ name: z.string(), values: z.array(z.number().nullable()) })),
});
export type BundledFrame = z.infer<typeof bundledFrameSchema>;

/**
 * One download per job that anyone can replay with `npm run automl -- --replay FILE`: the configuration, the seed,
 * the replay record, the panel with its SHA-256, the versions that ran it, and the results to compare with.
 */
export const replayBundleSchema = z.object({
  format: z.literal('indicata-replay-bundle'),
  version: z.literal(1),
  createdAt: z.string(),
  job: z.object({ id: z.string(), name: z.string(), seed: z.number().int(), data: z.unknown() }),
  versions: z.object({ engine: z.string(), app: z.string(), node: z.string() }),
  /** WHO jobs: the catalog's vintage (the GHO export the data came from). */
  whoVintages: z.array(z.unknown()).nullable(),
  replay: replayRecordSchema,
  /** The panel; null when the data changed since the run (then only its digest, in `replay`, is left). */
  frame: bundledFrameSchema.nullable(),
  frameNote: z.string().nullable(),
  results: z.unknown(),
});
export type ReplayBundle = z.infer<typeof replayBundleSchema>;
