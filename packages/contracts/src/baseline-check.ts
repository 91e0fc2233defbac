import type { AutoMLResults, Baseline } from './results.ts';

/**
 * The baselines that score at least as well as the chosen model on the test rows (macro-F1): the results, the
 * report and the e-mail must say so plainly. Results written before the engine recorded it are checked here.
 * @param results a job's results
 */
export function baselinesAtLeastAsGood(results: AutoMLResults): Baseline[] {
  const chosen = results.models[results.best]?.test.macroF1 ?? null;
  if (chosen === null) return [];
  // A recommended rule is its own baseline: never "at least as good as itself".
  const itself = results.best.toLowerCase();
  if (results.baselinesAtLeastAsGood) return results.baselines.filter((b) => b.name !== itself && results.baselinesAtLeastAsGood?.includes(b.name));
  return results.baselines.filter((b) => b.name !== itself && b.test.macroF1 !== null && b.test.macroF1 >= chosen - 1e-12);
}

/**
 * The baselines the run did not also score as candidates: since persistence and majority are candidates of the
 * choice, their model rows carry the same test figures, and a table or list that shows both would say them twice.
 * @param results a job's results
 */
export function baselinesBesideModels(results: Pick<AutoMLResults, 'models' | 'baselines'>): Baseline[] {
  const asCandidate = new Set(Object.keys(results.models).map((name) => name.toLowerCase()));
  return (Array.isArray(results.baselines) ? results.baselines : []).filter((b) => !asCandidate.has(b.name));
}
