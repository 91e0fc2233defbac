import { indicatorRef, yearsWithData, type IndicatorRef } from './compute.ts';
import type { AnalysisColumn, AnalysisDataset } from './dataset.ts';

/** Places (or WHO regions) ranked by how much an indicator rose or fell between two years. */
export interface ChangeRankingResult {
  indicator: IndicatorRef;
  from: number;
  to: number;
  by: 'place' | 'region';
  direction: 'increase' | 'decrease';
  /** Those shown, the largest change in the asked direction first: the value (a region's mean) in each year. */
  items: { name: string; from: number; to: number; change: number }[];
  /** Places or regions with a value in both years. */
  total: number;
  limit: number | null;
}

/**
 * The largest increases or decreases of an indicator between two years: the years named, else the first and last
 * years the indicator has values. A place counts when it has a value in both years; a region's value in a year is
 * the mean over its places with a value then. Null when no place has both.
 * @param dataset the chosen data
 * @param column the indicator
 * @param options the two years (or null), places or regions, the direction, how many to show
 */
export function changeRanking(
  dataset: AnalysisDataset,
  column: AnalysisColumn,
  options: { years: [number, number] | null; by: 'place' | 'region'; direction: 'increase' | 'decrease'; limit: number | null },
): ChangeRankingResult | null {
  const span = options.years ? [...options.years].sort((a, b) => a - b) : (() => {
    const years = yearsWithData(dataset, column);
    return years.length >= 2 ? [years[0]!, years.at(-1)!] : null;
  })();
  if (!span || span[0] === span[1]) return null;
  const [from, to] = span as [number, number];
  const by = options.by === 'region' && dataset.region ? 'region' : 'place';
  const sums = new Map<string, { from: number[]; to: number[] }>();
  for (let i = 0; i < column.values.length; i++) {
    const year = dataset.time[i];
    const value = column.values[i]!;
    if ((year !== from && year !== to) || !Number.isFinite(value)) continue;
    const key = by === 'region' ? dataset.region?.[i] : dataset.space[i];
    if (!key) continue;
    let entry = sums.get(key);
    if (!entry) sums.set(key, (entry = { from: [], to: [] }));
    (year === from ? entry.from : entry.to).push(value);
  }
  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  const sign = options.direction === 'increase' ? -1 : 1;
  const items = [...sums.entries()]
    .filter(([, e]) => e.from.length > 0 && e.to.length > 0)
    .map(([name, e]) => ({ name, from: mean(e.from), to: mean(e.to), change: mean(e.to) - mean(e.from) }))
    .sort((a, b) => sign * (a.change - b.change) || a.name.localeCompare(b.name));
  if (items.length === 0) return null;
  const shown = options.limit !== null ? items.slice(0, options.limit) : by === 'place' ? items.slice(0, 10) : items;
  return { indicator: indicatorRef(column), from, to, by, direction: options.direction, items: shown, total: items.length, limit: options.limit };
}
