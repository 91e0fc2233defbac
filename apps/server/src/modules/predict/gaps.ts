import type { GapsResponse, PredictionModel } from '@indicata/contracts';
import { assignClass, type PanelFrame, type TargetClasses } from '@indicata/engine';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { buildFrameForJob, JobDataError } from '../../jobs/job-frame.ts';
import { findOwnJob } from '../jobs/service.ts';
import { predictRows, resolveJobModel } from './service.ts';

/**
 * A frame row as the prediction API takes it (place, time and every indicator, NaN as null), or null when the
 * row has no indicator value at all (nothing to predict from).
 */
function rowOf(frame: PanelFrame, index: number, target: string): Record<string, number | string | null> | null {
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
 * Gap filling: predicts the rows of the job's own panel whose target is missing but that have indicator values
 * (for WHO data, the country-years not yet published), with the job's chosen model or the one asked for, by the
 * prediction API's rules (rows with too many missing indicators are listed with the reason). Nothing is stored.
 * @throws ApiError 404 (not the caller's job), 409 (not done, or its data can no longer be read), 400 (no such model)
 */
export async function predictGaps(ctx: AppContext, userId: string, jobId: string, model: PredictionModel): Promise<GapsResponse> {
  // The panel is built here once, with the WHO gap rows, and serves the target's history look-up as well.
  const resolved = await resolveJobModel(ctx, userId, jobId, model, false);
  const job = await findOwnJob(ctx, userId, jobId);
  if (!job) throw ApiError.of(404, 'not_found');
  let frame: PanelFrame;
  let target: string;
  try {
    ({ frame, targetColumn: target } = await buildFrameForJob(ctx, job, { withGaps: true }));
  } catch (error) {
    if (error instanceof JobDataError) throw new ApiError(409, 'conflict', error.message);
    throw error;
  }
  const values = frame.columns.find((c) => c.name === target)?.values ?? new Float64Array(frame.space.length).fill(Number.NaN);
  const withHistory = resolved.members.find((m) => m.saved.pipeline.history)?.saved.pipeline.history;
  if (withHistory) resolved.history = { columns: withHistory.columns, frame, target: values, clamp: withHistory.clamp ?? true, targetColumn: target };

  // Observed classes by the model's class bounds (automatic classes take outlying values into the end classes).
  const clamp = resolved.results.preprocessing?.targetDiscretization?.mode !== 'manual';
  const fitted: TargetClasses = { classes: resolved.pipeline.classes.map((c) => ({ ...c })), mode: clamp ? 'automatic' : 'manual', method: null, clamp };
  const observed: GapsResponse['observed'] = [];
  const rows: Record<string, number | string | null>[] = [];
  for (let i = 0; i < frame.space.length; i++) {
    if (Number.isFinite(values[i])) {
      const classIndex = assignClass(values[i], fitted);
      if (classIndex >= 0) observed.push({ space: frame.space[i], time: frame.time[i], classIndex });
      continue;
    }
    const row = rowOf(frame, i, target);
    if (row) rows.push(row);
  }
  const labels = { space: frame.spaceColumn, time: frame.timeColumn };
  const answer =
    rows.length > 0
      ? predictRows(resolved, { model, rows }, labels)
      : {
          model: resolved.algorithm,
          features: resolved.features,
          classes: resolved.pipeline.classes.map((c, index) => ({ index, title: c.title, min: c.min, max: c.max })),
          predictions: [],
          notPredicted: [],
        };
  return { jobId, ...answer, target, missingTarget: rows.length, panelRows: frame.space.length, observed };
}
