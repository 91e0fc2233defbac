/**
 * The table filters of the result detail: year, type (Hits 'acertos' = actual equals prediction,
 * Errors 'erros'), algorithm and category. An empty filter value means "all".
 */

export const HIT_FILTER = 'acertos';
export const ERROR_FILTER = 'erros';
export type HitFilter = '' | typeof HIT_FILTER | typeof ERROR_FILTER;

export interface ResultFilters {
  year: string;
  type: HitFilter;
  algorithm: string;
  category: string;
}

export const NO_FILTERS: ResultFilters = { year: '', type: '', algorithm: '', category: '' };

/** One prediction of a model on a test row. */
export interface PredictionRow {
  space: string;
  region: string | null;
  time: number | string;
  actual: string;
  predicted: string;
}

/** Keeps the predictions that match the year, type and category filters (category = actual class). */
export function filterPredictions(rows: readonly PredictionRow[], filters: ResultFilters): PredictionRow[] {
  return rows.filter((row) => {
    if (filters.year && String(row.time) !== filters.year) return false;
    if (filters.type === HIT_FILTER && row.actual !== row.predicted) return false;
    if (filters.type === ERROR_FILTER && row.actual === row.predicted) return false;
    if (filters.category && row.actual !== filters.category) return false;
    return true;
  });
}

/** Keeps the summary rows (Algorithm, Category, ...) that match the algorithm and category filters. */
export function filterSummaryRows<T extends { Algorithm?: unknown; Category?: unknown }>(
  rows: readonly T[],
  filters: ResultFilters,
): T[] {
  return rows.filter(
    (row) =>
      (!filters.algorithm || String(row.Algorithm) === filters.algorithm) &&
      (!filters.category || String(row.Category) === filters.category),
  );
}

/** Whether a model family's own sections (predictions, hyperparameters, confusion) are shown. */
export function showsAlgorithm(family: string, filters: ResultFilters): boolean {
  return !filters.algorithm || filters.algorithm === family;
}

/** Distinct values for a filter's options, in natural order (numbers numerically). */
export function distinctValues(values: Iterable<unknown>): string[] {
  const set = new Set<string>();
  for (const value of values) if (value !== null && value !== undefined && value !== '') set.add(String(value));
  return [...set].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
