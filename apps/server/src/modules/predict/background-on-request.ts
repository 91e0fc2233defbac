import { backgroundOrder, carriedForRows, EXPLAIN_BACKGROUND_ROWS, filledInput, historyColumnNames, historyForRows, rawMatrix, type PanelFrame, type SavedPipelineModel } from '@indicata/engine';
import type { AppContext } from '../../context.ts';
import type { AutoMLResults } from '@indicata/contracts';
import type { JobRow } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { panelWithGaps } from './gaps.ts';
import { panelTargetValues, type ResolvedModel } from './service.ts';

/**
 * Background rows for models saved before they existed (no `pipeline.background`). Without them a sampled
 * explanation has nothing to put in place of an input. They are made on request from the job's panel by the run's
 * rule: the rows of its training years that have a target, shuffled with the job's seed, the first
 * EXPLAIN_BACKGROUND_ROWS of them in each model's input form (target history and carried values looked up in the
 * panel, then filled and binned, not scaled). The run drew from the rows its training set kept after outlier removal,
 * so an explanation can differ a little from a rerun's. Every member gets the same rows, so an ensemble is explained
 * over all of them.
 * @param resolved the model, its members' saved pipelines completed in place
 * @param frame the job's panel
 * @param target the panel's target values
 * @param trainYears the run's training years (results.split.trainYears)
 * @param seed the run's seed
 * @returns how many members got a background
 */
export function addMissingBackgrounds(resolved: ResolvedModel, frame: PanelFrame, target: Float64Array, trainYears: readonly number[], seed: number): number {
  const lacking = resolved.members.filter((m) => !m.saved.pipeline.background);
  if (lacking.length === 0) return 0;
  const years = new Set(trainYears);
  const training: number[] = [];
  for (let i = 0; i < frame.space.length; i++) if (years.has(frame.time[i]) && Number.isFinite(target[i])) training.push(i);
  const rows = backgroundOrder(training, seed).slice(0, EXPLAIN_BACKGROUND_ROWS);
  if (rows.length === 0) return 0;
  const places = rows.map((i) => ({ space: frame.space[i], time: frame.time[i] }));
  for (const member of lacking) member.saved.pipeline.background = backgroundOf(member.saved.pipeline, frame, target, rows, places);
  return lacking.length;
}

/** One model's background over the given panel rows (see addMissingBackgrounds). */
function backgroundOf(pipeline: SavedPipelineModel['pipeline'], frame: PanelFrame, target: Float64Array, rows: number[], places: { space: string; time: number }[]): NonNullable<SavedPipelineModel['pipeline']['background']> {
  const history = pipeline.history;
  const historyNames = history ? historyColumnNames(history.target) : [];
  const looked = history ? historyForRows(frame, target, pipeline.classes, history.clamp ?? true, places) : [];
  const indicators = pipeline.features.filter((name) => !historyNames.includes(name) && frame.columns.some((c) => c.name === name));
  const values = new Map(indicators.map((name) => [name, frame.columns.find((c) => c.name === name)!.values]));
  const carried = pipeline.carryForward
    ? new Map(carriedForRows({ space: frame.space, time: frame.time, columns: indicators.map((name) => values.get(name)!) }, places).map((column, k) => [indicators[k], column]))
    : null;
  const raw = rows.map((i, r) =>
    Object.fromEntries(
      pipeline.features.map((name) => {
        const h = historyNames.indexOf(name);
        if (h >= 0) return [name, looked[h][r]];
        const value = values.get(name)?.[i] ?? Number.NaN;
        return [name, Number.isFinite(value) ? value : (carried?.get(name)?.[r] ?? Number.NaN)];
      }),
    ),
  );
  const { X } = filledInput(pipeline, rawMatrix(pipeline.features, raw));
  return { keys: places.map((p) => `${p.space}\u0000${p.time}`), values: Array.from(X.data) };
}

/**
 * For the prediction API's `explain`: the backgrounds a resolved model lacks, from the job's panel (addMissingBackgrounds).
 * When the panel can no longer be read the rows are still predicted, without explanations, as before.
 * @param ctx app context
 * @param job the caller's job
 * @param resolved the model, completed in place
 */
export async function withMissingBackgrounds(ctx: AppContext, job: JobRow, resolved: ResolvedModel & { results: AutoMLResults }): Promise<void> {
  if (resolved.members.every((m) => m.saved.pipeline.background)) return;
  try {
    const { frame, target } = await panelWithGaps(ctx, job, resolved.features);
    addMissingBackgrounds(resolved, frame, panelTargetValues(frame, target), resolved.results.split.trainYears, resolved.results.seed);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
  }
}
