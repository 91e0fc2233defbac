/**
 * Display sorting of spec section 4: tables with an ig field by ig descending, per-model results
 * by year ascending, hyperparameter tables by rank_test_score ascending. Sorting is stable, so rows
 * that tie keep the engine's order.
 */

type Row = Record<string, unknown>;

function numeric(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** Sorts by a numeric field; rows without a number go last. */
export function sortByNumber<T>(rows: readonly T[], pick: (row: T) => unknown, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: numeric(pick(row)) }))
    .sort((a, b) => {
      const aMissing = Number.isNaN(a.key);
      const bMissing = Number.isNaN(b.key);
      if (aMissing || bMissing) return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
      return (a.key - b.key) * sign || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** Indicator tables: information gain, highest first. */
export const sortByIgDescending = <T extends Row>(rows: readonly T[]): T[] => sortByNumber(rows, (r) => r.ig, 'desc');

/** Hyperparameter ranking tables: rank 1 first. */
export const sortByRankAscending = <T extends Row>(rows: readonly T[]): T[] =>
  sortByNumber(rows, (r) => r.rank_test_score, 'asc');

/** Per-model predictions: earliest year first. */
export const sortByYearAscending = <T>(rows: readonly T[], year: (row: T) => unknown): T[] => sortByNumber(rows, year, 'asc');

/** Applies the rule that fits the table's columns (ig, rank_test_score), else keeps the order. */
export function sortForDisplay<T extends Row>(rows: readonly T[]): T[] {
  if (rows.some((r) => 'ig' in r)) return sortByIgDescending(rows);
  if (rows.some((r) => 'rank_test_score' in r)) return sortByRankAscending(rows);
  return [...rows];
}
