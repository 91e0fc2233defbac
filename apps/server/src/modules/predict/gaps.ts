import type { GapsResponse, PredictionModel } from '@indicata/contracts';
import { assignClass, type PanelFrame, type TargetClasses } from '@indicata/engine';
import type { AppContext } from '../../context.ts';
import type { JobRow } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { buildFrameForJob, JobDataError } from '../jobs/job-frame.ts';
import { findOwnJob } from '../jobs/service.ts';
import { panelTargetValues, predictRows, resolvedHistory, resolveJobModel, type ResolvedModel } from './service.ts';

/**
 * Panels with their gaps of recent gap-filling requests, by job and model inputs: building a WHO panel takes
 * seconds, and a person who switches models or asks again should not wait for it twice. A job's data does not
 * change once it is done; a WHO re-import shows up once an entry expires.
 */
const FRAME_CACHE_SIZE = 4;
const FRAME_CACHE_MS = 10 * 60_000;
const frames = new Map<string, { at: number; frame: PanelFrame; target: string }>();

/**
 * The job's panel with its gap rows (cached), for predictions of the panel's own rows.
 * @param inputs the model's input columns (the gap rows a WHO panel gets are those with some of them)
 * @throws ApiError 409 when the job's data can no longer be read
 */
export async function panelWithGaps(ctx: AppContext, job: JobRow, inputs: string[]): Promise<{ frame: PanelFrame; target: string }> {
  const key = `${job.id}\u0000${inputs.join('\u0000')}`;
  const hit = frames.get(key);
  if (hit && Date.now() - hit.at < FRAME_CACHE_MS) return hit;
  try {
    const { frame, targetColumn } = await buildFrameForJob(ctx, job, { withGaps: true, gapColumns: inputs });
    const entry = { at: Date.now(), frame, target: targetColumn };
    frames.delete(key);
    frames.set(key, entry);
    while (frames.size > FRAME_CACHE_SIZE) frames.delete(frames.keys().next().value as string);
    return entry;
  } catch (error) {
    if (error instanceof JobDataError) throw new ApiError(409, 'conflict', error.message);
    throw error;
  }
}

/**
 * A frame row as the prediction API takes it (place, time and every indicator, NaN as null), or null when the
 * row has no indicator value at all (nothing to predict from).
 */
export function rowOf(frame: PanelFrame, index: number, target: string): Record<string, number | string | null> | null {
  const row: Record<string, number | string | null> = { [frame.spaceColumn]: frame.space[index], [frame.timeColumn]: frame.time[index] };
  let present = 0;
  for (const column of frame.columns) {
    if (column.name === target) continue;
    const value = column.values[index];
    if (Number.isFinite(value)) present += 1;
    row[column.name] = Number.isFinite(value) ? value : null;
  }
  return present > 0 ? row : null;
}

/**
 * Gives a resolved model the panel to read the target's history and carry-forward values from, as it was trained.
 * @returns the panel's target values
 */
export function readFromPanel(resolved: ResolvedModel, frame: PanelFrame, target: string): Float64Array {
  const values = panelTargetValues(frame, target);
  const withHistory = resolved.members.find((m) => m.saved.pipeline.history)?.saved.pipeline.history;
  if (withHistory) resolved.history = resolvedHistory(withHistory, frame, values, target);
  if (resolved.members.some((m) => m.saved.pipeline.carryForward)) resolved.carry = { frame };
  return values;
}

/** The first and last year with a target value in the panel, or null when no row has one. */
function yearsWithTarget(frame: PanelFrame, values: Float64Array): GapsResponse['targetYears'] {
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) continue;
    first = Math.min(first, frame.time[i]);
    last = Math.max(last, frame.time[i]);
  }
  return Number.isFinite(first) ? { first, last } : null;
}

/**
 * Gap filling: predicts the rows of the job's own panel whose target is missing but that have indicator values
 * (for WHO data, the country-years not yet published), with the job's chosen model or the one asked for, by the
 * prediction API's rules (rows with too many missing indicators are listed with the reason). Only rows from the
 * target's first year on are predicted; those after its last year are marked `extrapolated`. Nothing is stored.
 * @throws ApiError 404 (not the caller's job), 409 (not done, or its data can no longer be read), 400 (no such model)
 */
export async function predictGaps(ctx: AppContext, userId: string, jobId: string, model: PredictionModel): Promise<GapsResponse> {
  // The panel is built here once, with the WHO gap rows, and serves the target's history and carry-forward look-ups.
  const resolved = await resolveJobModel(ctx, userId, jobId, model, false);
  const job = await findOwnJob(ctx, userId, jobId);
  if (!job) throw ApiError.of(404, 'not_found');
  const { frame, target } = await panelWithGaps(ctx, job, resolved.features);
  const values = readFromPanel(resolved, frame, target);

  // Observed classes by the model's class bounds (automatic classes take outlying values into the end classes).
  const clamp = resolved.results.preprocessing?.targetDiscretization?.mode !== 'manual';
  const fitted: TargetClasses = { classes: resolved.pipeline.classes.map((c) => ({ ...c })), mode: clamp ? 'automatic' : 'manual', method: null, clamp };
  const observed: GapsResponse['observed'] = [];
  const targetYears = yearsWithTarget(frame, values);
  const rows: Record<string, number | string | null>[] = [];
  let beforeTargetYears = 0;
  for (let i = 0; i < frame.space.length; i++) {
    if (Number.isFinite(values[i])) {
      const classIndex = assignClass(values[i], fitted);
      if (classIndex >= 0) observed.push({ space: frame.space[i], time: frame.time[i], classIndex });
      continue;
    }
    const row = rowOf(frame, i, target);
    if (!row) continue;
    // Before the data begins the model would extrapolate backwards (WHO indicators often start decades earlier).
    if (targetYears && frame.time[i] < targetYears.first) beforeTargetYears += 1;
    else rows.push(row);
  }
  const labels = { space: frame.spaceColumn, time: frame.timeColumn };
  const answer =
    rows.length > 0
      ? await predictRows(resolved, { model, rows }, labels)
      : {
          model: resolved.algorithm,
          features: resolved.features,
          classes: resolved.pipeline.classes.map((c, index) => ({ index, title: c.title, min: c.min, max: c.max })),
          predictions: [],
          notPredicted: [],
        };
  // After the last target year the model forecasts further ahead than it was validated on: said per row.
  const predictions = answer.predictions.map((p) => ({ ...p, extrapolated: targetYears !== null && p.time !== null && p.time > targetYears.last }));
  return { jobId, ...answer, predictions, target, missingTarget: rows.length, targetYears, beforeTargetYears, panelRows: frame.space.length, observed };
}
