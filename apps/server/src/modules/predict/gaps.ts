import type { GapsResponse, PredictionModel } from '@indicata/contracts';
import type { PanelFrame } from '@indicata/engine';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { buildFrameForJob, JobDataError } from '../../jobs/job-frame.ts';
import { findOwnJob } from '../jobs/service.ts';
import { predictRows, resolveJobModel } from './service.ts';

/** A frame row as the prediction API takes it: place, time and every numeric column (NaN as null). */
function rowOf(frame: PanelFrame, index: number, skip: string): Record<string, number | string | null> {
  const row: Record<string, number | string | null> = { [frame.spaceColumn]: frame.space[index], [frame.timeColumn]: frame.time[index] };
  for (const column of frame.columns) {
    if (column.name === skip) continue;
    const value = column.values[index];
    row[column.name] = Number.isFinite(value) ? value : null;
  }
  return row;
}

/**
 * Gap filling: predicts the rows of the job's own panel whose target is missing, with the job's chosen model
 * or the one asked for, by the prediction API's rules (rows with too many missing indicators are listed with
 * the reason). Nothing is stored.
 * @throws ApiError 404 (not the caller's job), 409 (not done, or its data can no longer be read), 400 (no such model)
 */
export async function predictGaps(ctx: AppContext, userId: string, jobId: string, model: PredictionModel): Promise<GapsResponse> {
  const resolved = await resolveJobModel(ctx, userId, jobId, model);
  let frame: PanelFrame;
  let target: string;
  if (resolved.history) {
    // resolveJobModel has already built the panel to look the target's history up in.
    ({ frame, targetColumn: target } = resolved.history);
  } else {
    const row = await findOwnJob(ctx, userId, jobId);
    if (!row) throw ApiError.of(404, 'not_found');
    try {
      ({ frame, targetColumn: target } = await buildFrameForJob(ctx, row));
    } catch (error) {
      if (error instanceof JobDataError) throw new ApiError(409, 'conflict', error.message);
      throw error;
    }
  }
  const values = frame.columns.find((c) => c.name === target)?.values;
  const rows: Record<string, number | string | null>[] = [];
  for (let i = 0; i < frame.space.length; i++) if (!values || !Number.isFinite(values[i])) rows.push(rowOf(frame, i, target));
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
  return { jobId, ...answer, target, missingTarget: rows.length, panelRows: frame.space.length };
}
