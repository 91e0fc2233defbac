import type { AutoMLResults, ModelResult } from './results.ts';

/**
 * Whether a model's per-row prediction sets are each its own row's. Every set holds its row's predicted class (the
 * most probable class is always in it), so a row whose set lacks it carries another row's set: results written
 * before 2026-11-29 attached the sets by position in another order than the predictions table's (their coverage
 * figures were right, only the rows' sets were misplaced).
 */
export function setsOnTheirRows(model: Pick<ModelResult, 'predictions'>): boolean {
  const rows = Array.isArray(model.predictions) ? model.predictions : [];
  return rows.every((row) => !Array.isArray(row.set) || row.set.includes(row.predicted));
}

/**
 * The results with misplaced prediction sets removed from the rows (the models' coverage figures stay): a page, a
 * download or an API client then shows no set rather than another row's. Results without such sets come back as
 * they are (the same object).
 */
export function withoutMisplacedSets(results: AutoMLResults): AutoMLResults {
  const misplaced = Object.entries(results.models ?? {}).filter(([, model]) => model && !setsOnTheirRows(model));
  if (misplaced.length === 0) return results;
  const models = { ...results.models };
  for (const [name, model] of misplaced) {
    models[name as keyof typeof models] = { ...(model as ModelResult), predictions: (model as ModelResult).predictions.map(({ set: _set, ...row }) => row) };
  }
  return { ...results, models };
}
