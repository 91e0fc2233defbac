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
  const values = columns.map((a, i) =>
    columns.map((b, j) => {
      if (i === j) return 1;
      const r = pearson(a, b);
      return r === null ? null : Number(r.toPrecision(12));
    }),
  );
  return { labels, values };
}
