import { PREDICT_LIMITS, PREDICT_MESSAGES, formatMessage, type TestRowExplanation, type TestRowExplanationQuery } from '@indicata/contracts';
import { explainable } from '@indicata/engine';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { findOwnJob } from '../jobs/service.ts';
import { addMissingBackgrounds } from './background-on-request.ts';
import { panelWithGaps, readFromPanel, rowOf } from './gaps.ts';
import { predictRows, resolveJobModel } from './service.ts';

/**
 * One row of a finished job explained on request (the result page's "Why?" of a test prediction or of a gap filled):
 * a test row by its position in the model's test predictions, any other by place and year; its indicators are read
 * from the job's panel, and the saved model predicts and explains it on a
 * prediction thread exactly as the prediction API does with `explain: true` (the target's history and carry-forward
 * from the panel, as in training). Nothing is stored; a sampled explanation is seeded by the row, so asking again
 * gives the same bars.
 * @param ctx app context
 * @param userId the caller (someone else's job is a 404)
 * @param jobId the job
 * @param query the model, and the row's position in that model's test predictions or its place and year
 * @throws ApiError 404 (not the caller's job, no such row or place and year), 409 (not done, no explanation saved, data gone), 400 (no such model)
 */
export async function explainTestRow(ctx: AppContext, userId: string, jobId: string, query: TestRowExplanationQuery): Promise<TestRowExplanation> {
  const resolved = await resolveJobModel(ctx, userId, jobId, query.model, false);
  const test = query.row === undefined ? null : resolved.results.models?.[resolved.algorithm]?.predictions?.[query.row];
  if (query.row !== undefined && !test) throw new ApiError(404, 'not_found', formatMessage(PREDICT_MESSAGES.noSuchTestRow, { row: query.row }));
  const model = resolved.algorithm === 'Ensemble' ? resolved.members : resolved.members[0].saved;
  const job = await findOwnJob(ctx, userId, jobId);
  if (!job) throw ApiError.of(404, 'not_found');
  const { frame, target } = await panelWithGaps(ctx, job, resolved.features);
  const targetValues = readFromPanel(resolved, frame, target);
  // A model saved before background rows were gets them from the job's panel now.
  if (!explainable(model)) addMissingBackgrounds(resolved, frame, targetValues, resolved.results.split.trainYears, resolved.results.seed);
  if (!explainable(model)) throw new ApiError(409, 'conflict', formatMessage(PREDICT_MESSAGES.noExplanation, { model: resolved.algorithm }));
  const space = test ? test.space : (query.space as string);
  const time = test ? test.time : (query.time as number);
  let index = -1;
  for (let i = 0; i < frame.space.length && index < 0; i++) if (frame.space[i] === space && frame.time[i] === time) index = i;
  if (index < 0) {
    if (test) throw new ApiError(409, 'conflict', formatMessage(PREDICT_MESSAGES.testRowMissing, { row: query.row as number, space, time }));
    throw new ApiError(404, 'not_found', formatMessage(PREDICT_MESSAGES.noSuchPanelRow, { space, time }));
  }
  const row = rowOf(frame, index, target) ?? { [frame.spaceColumn]: space, [frame.timeColumn]: time };
  const answer = await predictRows(
    resolved,
    { model: query.model, rows: [row], explain: true },
    { space: frame.spaceColumn, time: frame.timeColumn },
    { explainTop: PREDICT_LIMITS.explainChartTop, anyMissing: true },
  );
  const prediction = answer.predictions[0];
  if (!prediction?.explanation) throw new ApiError(409, 'conflict', formatMessage(PREDICT_MESSAGES.noExplanation, { model: resolved.algorithm }));
  return {
    jobId,
    model: resolved.algorithm,
    row: query.row ?? null,
    space,
    time,
    actual: test ? test.actual : null,
    predicted: prediction.label,
    probability: prediction.probabilities[prediction.classIndex],
    inputs: answer.features.length,
    explanation: prediction.explanation,
  };
}
