import { isRuleAlgorithm, RULE_ALGORITHMS, type AutoMLResults, type ModelResult, type PredictionRow } from '@indicata/contracts';
import { distinctValues, filterPredictions, type ResultFilters } from './filters.ts';
import { sortByYearAscending } from './sorting.ts';

/**
 * Display order of the per-model sections: the spec's RF, DT, KNN, SVM, ANN, then the ensemble, then the rules every
 * model is measured against (persistence, majority, trend; in the results when the target's history was offered).
 */
export const ALGORITHM_ORDER = ['RF', 'DT', 'KNN', 'SVM', 'ANN', 'Ensemble', ...RULE_ALGORITHMS] as const;

/** Whether an algorithm is one of the rules (nothing fitted, no hyperparameters). */
export const isRule = isRuleAlgorithm;

/** The models present in the results, in display order. */
export function modelsInOrder(results: AutoMLResults): ModelResult[] {
  const models = results.models ?? {};
  return ALGORITHM_ORDER.flatMap((algorithm) => {
    const model = models[algorithm];
    return model ? [model] : [];
  });
}

/** The options of the filter selects, from what the results hold. */
export function filterOptions(results: AutoMLResults): { years: string[]; algorithms: string[]; categories: string[] } {
  const models = modelsInOrder(results);
  const predictions = models.flatMap((model) => (Array.isArray(model.predictions) ? model.predictions : []));
  const classTitles = Array.isArray(results.classes) ? results.classes.map((c) => c.title) : [];
  return {
    years: distinctValues(predictions.map((row) => row.time)),
    algorithms: models.map((model) => model.algorithm),
    categories: classTitles.length > 0 ? classTitles : distinctValues(predictions.map((row) => row.actual)),
  };
}

/** A model's predictions as the per-model table shows them: filtered, then year ascending. */
export function visiblePredictions(model: ModelResult, filters: ResultFilters): PredictionRow[] | null {
  if (!Array.isArray(model.predictions)) return null;
  return sortByYearAscending(filterPredictions(model.predictions, filters) as PredictionRow[], (row) => row.time);
}

/** The feature analysis table of a model: permutation importance when computed, else impurity importance. */
export function featureImportanceOf(model: ModelResult) {
  return model.permutationImportance ?? model.impurityImportance ?? null;
}

/** Whether the results' places are WHO countries (the world map needs them). */
export function hasCountries(results: AutoMLResults, database: string | null): boolean {
  return (database === null || database === '' || database === 'WHO') && results.labels?.space === 'countryName';
}

/**
 * Whether the classes are ordered ranges of the target (each from-to range finite and after the one before),
 * so an error on the class number means something. Manual or unordered classes get no such errors.
 */
export function classesAreOrderedRanges(classes: AutoMLResults['classes'] | undefined): boolean {
  if (!Array.isArray(classes) || classes.length < 2) return false;
  const ordered = [...classes].sort((a, b) => a.index - b.index);
  return ordered.every((c, i) => {
    if (!Number.isFinite(c.min) || !Number.isFinite(c.max) || c.min > c.max) return false;
    const previous = ordered[i - 1];
    return !previous || c.min >= previous.max - 1e-9 * Math.max(1, Math.abs(previous.max));
  });
}
