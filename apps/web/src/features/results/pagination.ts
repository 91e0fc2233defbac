import { LIMITS } from '@indicata/contracts';

export interface Page<T> {
  rows: T[];
  /** 1-based page shown, clamped into range. */
  page: number;
  /** At least 1, so an empty table reads "Page 1 of 1". */
  pageCount: number;
}

/**
 * One page of rows.
 * @param rows all rows, already filtered and sorted
 * @param page requested 1-based page (clamped)
 * @param size rows per page (20 by the spec)
 */
export function paginate<T>(rows: readonly T[], page: number, size: number = LIMITS.resultsRowsPerPage): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  return { rows: rows.slice(start, start + size), page: current, pageCount };
}
