import type { ResultRow } from '@indicata/contracts';
import { formatDecimal, formatPercent } from '../results/format.ts';

/** Columns of the confirm screen's per-request results table (spec sections 3 and 9), in order. */
export const REQUEST_RESULT_COLUMNS = ['Category', 'Algorithm', 'TotalIntances', 'Accuracy', 'MAE', 'MAPE', 'MSE', 'RMSE', 'precision', 'recall', 'f1', 'KGE'] as const;
export type RequestResultColumn = (typeof REQUEST_RESULT_COLUMNS)[number];

/**
 * One cell of the per-request table: accuracy as a percentage with 2 decimals, other metrics with 4
 * decimals, counts and text as they are; an undefined metric is shown as a dash.
 */
export function formatRequestCell(row: ResultRow, column: RequestResultColumn): string {
  const value = row[column];
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value;
  if (column === 'TotalIntances') return String(value);
  if (!Number.isFinite(value)) return String(value);
  if (column === 'Accuracy') return formatPercent(value);
  return formatDecimal(value, 4);
}
