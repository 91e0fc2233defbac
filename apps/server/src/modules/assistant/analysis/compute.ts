import { pearson, quantileSorted } from '@indicata/engine/data/stats';
import type { AnalysisColumn, AnalysisDataset, BreakdownPart } from './dataset.ts';

/**
 * The computations behind every answer, on the chosen data only. The built-in analyst calls them after
 * reading the question; a language model calls them as tools. Each returns plain numbers (never rounded:
 * the writer rounds for people) and the rows it used, so a test can recompute them from the CSV.
 * Conventions (docs/assistant.md): a year's or region's value is the unweighted mean over its places;
 * quantiles interpolate linearly (numpy's default); Spearman is Pearson on average ranks.
 */

/** Where a trend or mean is taken: every place, one WHO region, or one place (a country). */
export type Scope = { kind: 'world' } | { kind: 'region'; name: string } | { kind: 'place'; name: string };

export interface IndicatorRef {
  name: string;
  label: string;
  /** On a breakdown column: the part of the population (women, urban areas ...). */
  part?: BreakdownPart;
}

/** What an answer says about a column: its name and label, and the part of the population of a breakdown column. */
export const indicatorRef = (c: AnalysisColumn): IndicatorRef => (c.part ? { name: c.name, label: c.label, part: c.part } : { name: c.name, label: c.label });
const ref = indicatorRef;
const finite = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

function inScope(dataset: AnalysisDataset, row: number, scope: Scope): boolean {
  if (scope.kind === 'world') return true;
  if (scope.kind === 'region') return dataset.region?.[row] === scope.name;
  return dataset.space[row] === scope.name;
}

/** The latest year in which the column has a value inside the scope, or null. */
export function latestYear(dataset: AnalysisDataset, column: AnalysisColumn, scope: Scope = { kind: 'world' }): number | null {
  let latest: number | null = null;
  for (let i = 0; i < column.values.length; i++) {
    if (finite(column.values[i]) && inScope(dataset, i, scope) && (latest === null || dataset.time[i]! > latest)) latest = dataset.time[i]!;
  }
  return latest;
}

/** Years with at least one value of the column, ascending. */
export function yearsWithData(dataset: AnalysisDataset, column: AnalysisColumn): number[] {
  const years = new Set<number>();
  for (let i = 0; i < column.values.length; i++) if (finite(column.values[i])) years.add(dataset.time[i]!);
  return [...years].sort((a, b) => a - b);
}

function meanOf(values: number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

// ---------------------------------------------------------------------------------------------------------

export interface CountResult {
  /** The indicator counted, or null: places with a value of any chosen indicator. */
  indicator: IndicatorRef | null;
  year: number | null;
  /** Places with at least one value (in that year when a year is given). */
  places: number;
  /** Places in the chosen data. */
  totalPlaces: number;
  byRegion: { region: string; places: number }[];
}

/** How many places have data for an indicator, or for any chosen indicator when none is named (in a year). */
export function countPlaces(dataset: AnalysisDataset, column: AnalysisColumn | null, year: number | null): CountResult {
  const places = new Set<string>();
  const perRegion = new Map<string, Set<string>>();
  const hasValue = (i: number) => (column ? finite(column.values[i]) : dataset.columns.some((c) => finite(c.values[i])));
  for (let i = 0; i < dataset.time.length; i++) {
    if ((year !== null && dataset.time[i] !== year) || !hasValue(i)) continue;
    places.add(dataset.space[i]!);
    const region = dataset.region?.[i];
    if (region) {
      let set = perRegion.get(region);
      if (!set) perRegion.set(region, (set = new Set()));
      set.add(dataset.space[i]!);
    }
  }
  return {
    indicator: column ? ref(column) : null,
    year,
    places: places.size,
    totalPlaces: new Set(dataset.space).size,
    byRegion: [...perRegion.entries()].map(([region, set]) => ({ region, places: set.size })).sort((a, b) => a.region.localeCompare(b.region)),
  };
}

/** The target's own gaps: rows without a value, and those between its first and last years (a model can fill them). */
export interface TargetGaps {
  target: IndicatorRef;
  rows: number;
  missing: number;
  first: number;
  last: number;
  /** Missing rows from the first to the last year with a value. */
  inside: number;
}

/** The target's gaps over every row of the chosen data; null without a target or without any value of it. */
export function targetGaps(dataset: AnalysisDataset): TargetGaps | null {
  const target = dataset.target ? dataset.columns.find((c) => c.name === dataset.target) : undefined;
  if (!target) return null;
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < dataset.time.length; i++) {
    if (!finite(target.values[i])) continue;
    first = Math.min(first, dataset.time[i]!);
    last = Math.max(last, dataset.time[i]!);
  }
  if (first === Infinity) return null;
  let missing = 0;
  let inside = 0;
  for (let i = 0; i < dataset.time.length; i++) {
    if (finite(target.values[i])) continue;
    missing += 1;
    if (dataset.time[i]! >= first && dataset.time[i]! <= last) inside += 1;
  }
  return { target: ref(target), rows: dataset.time.length, missing, first, last, inside };
}

export interface MissingResult {
  /** Rows counted: those where the target has a value (the rows a model learns from), else every row. */
  rows: number;
  basis: 'target-rows' | 'all-rows';
  target: IndicatorRef | null;
  /** Columns (the target left out), most missing first, or fewest first when asked so. */
  columns: { indicator: IndicatorRef; missing: number; share: number }[];
}

/** Which indicators miss the most (or the fewest) values, over the rows where the target has a value. */
export function missingValues(dataset: AnalysisDataset, order: 'most' | 'fewest' = 'most'): MissingResult {
  const target = dataset.target ? dataset.columns.find((c) => c.name === dataset.target) : undefined;
  const base: number[] = [];
  for (let i = 0; i < dataset.time.length; i++) if (!target || finite(target.values[i])) base.push(i);
  const columns = dataset.columns
    .filter((c) => c !== target)
    .map((c) => {
      const missing = base.reduce((n, i) => (finite(c.values[i]) ? n : n + 1), 0);
      return { indicator: ref(c), missing, share: base.length ? missing / base.length : 0 };
    })
    .sort((a, b) => (order === 'most' ? b.missing - a.missing : a.missing - b.missing) || a.indicator.name.localeCompare(b.indicator.name));
  return { rows: base.length, basis: target ? 'target-rows' : 'all-rows', target: target ? ref(target) : null, columns };
}

export interface DistributionResult {
  indicator: IndicatorRef;
  year: number;
  scope: Scope;
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
  lowest: { place: string; value: number };
  highest: { place: string; value: number };
}

/** An indicator's distribution over places in one year (default: its latest year with data). Null when no values. */
export function distribution(dataset: AnalysisDataset, column: AnalysisColumn, year: number | null, scope: Scope = { kind: 'world' }): DistributionResult | null {
  const chosenYear = year ?? latestYear(dataset, column, scope);
  if (chosenYear === null) return null;
  const rows: { place: string; value: number }[] = [];
  for (let i = 0; i < column.values.length; i++) {
    if (dataset.time[i] === chosenYear && finite(column.values[i]) && inScope(dataset, i, scope)) rows.push({ place: dataset.space[i]!, value: column.values[i]! });
  }
  if (rows.length === 0) return null;
  rows.sort((a, b) => a.value - b.value || a.place.localeCompare(b.place));
  const sorted = rows.map((r) => r.value);
  const highest = [...rows].sort((a, b) => b.value - a.value || a.place.localeCompare(b.place))[0]!;
  return {
    indicator: ref(column),
    year: chosenYear,
    scope,
    n: rows.length,
    min: sorted[0]!,
    q1: quantileSorted(sorted, 0.25),
    median: quantileSorted(sorted, 0.5),
    q3: quantileSorted(sorted, 0.75),
    max: sorted[sorted.length - 1]!,
    mean: meanOf(sorted),
    lowest: rows[0]!,
    highest,
  };
}

export interface TrendResult {
  indicator: IndicatorRef;
  scope: Scope;
  /** Per year: the mean over the scope's places with a value, and how many there were. */
  points: { year: number; mean: number; n: number }[];
  /** Last mean minus first mean. */
  change: number;
}

/** An indicator over the years, for the world, a region or a place. Null when the scope has no values. */
export function trend(dataset: AnalysisDataset, column: AnalysisColumn, scope: Scope): TrendResult | null {
  const byYear = new Map<number, number[]>();
  for (let i = 0; i < column.values.length; i++) {
    if (!finite(column.values[i]) || !inScope(dataset, i, scope)) continue;
    const year = dataset.time[i]!;
    let list = byYear.get(year);
    if (!list) byYear.set(year, (list = []));
    list.push(column.values[i]!);
  }
  if (byYear.size === 0) return null;
  const points = [...byYear.entries()].sort((a, b) => a[0] - b[0]).map(([year, values]) => ({ year, mean: meanOf(values), n: values.length }));
  return { indicator: ref(column), scope, points, change: points[points.length - 1]!.mean - points[0]!.mean };
}

export interface RankingResult {
  indicator: IndicatorRef;
  year: number;
  by: 'region' | 'place';
  order: 'top' | 'bottom';
  /** How many were asked for ("top 5"), or null. */
  limit: number | null;
  /** Every region (or the first ten places, or as many as asked), in the asked order: mean over places with a value, and how many. */
  items: { name: string; mean: number; n: number }[];
  /** Regions or places with a value that year. */
  total: number;
}

/** Regions (or places) ranked by an indicator in a year (default: the latest year with data). */
export function ranking(
  dataset: AnalysisDataset,
  column: AnalysisColumn,
  options: { year: number | null; by: 'region' | 'place'; order: 'top' | 'bottom'; limit?: number | null },
): RankingResult | null {
  const by = options.by === 'region' && dataset.region ? 'region' : 'place';
  const year = options.year ?? latestYear(dataset, column);
  if (year === null) return null;
  const groups = new Map<string, number[]>();
  for (let i = 0; i < column.values.length; i++) {
    if (dataset.time[i] !== year || !finite(column.values[i])) continue;
    const key = by === 'region' ? dataset.region?.[i] : dataset.space[i];
    if (!key) continue;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(column.values[i]!);
  }
  if (groups.size === 0) return null;
  const sign = options.order === 'top' ? -1 : 1;
  const items = [...groups.entries()]
    .map(([name, values]) => ({ name, mean: meanOf(values), n: values.length }))
    .sort((a, b) => sign * (a.mean - b.mean) || a.name.localeCompare(b.name));
  const limit = options.limit ?? null;
  const shown = limit !== null ? items.slice(0, limit) : by === 'place' ? items.slice(0, 10) : items;
  return { indicator: ref(column), year, by, order: options.order, limit, items: shown, total: items.length };
}

/** Ranks 1..n with ties given their average rank. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]![0] === order[start]![0]) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k]![1]] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Pearson and Spearman over paired values (both present); null r when fewer than 3 pairs or a constant side. */
export function pairedCorrelation(a: ArrayLike<number>, b: ArrayLike<number>, keep: (row: number) => boolean = () => true): { n: number; pearson: number | null; spearman: number | null } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < a.length; i++) {
    if (finite(a[i]) && finite(b[i]) && keep(i)) {
      xs.push(a[i]!);
      ys.push(b[i]!);
    }
  }
  if (xs.length < 3) return { n: xs.length, pearson: null, spearman: null };
  return { n: xs.length, pearson: pearson(xs, ys), spearman: pearson(averageRanks(xs), averageRanks(ys)) };
}

export interface CorrelationResult {
  a: IndicatorRef;
  b: IndicatorRef;
  year: number | null;
  /** Place-years where both have a value. */
  n: number;
  pearson: number | null;
  spearman: number | null;
}

/** Correlation of two indicators over the place-years where both have a value (one year when given). */
export function correlation(dataset: AnalysisDataset, a: AnalysisColumn, b: AnalysisColumn, year: number | null): CorrelationResult {
  const r = pairedCorrelation(a.values, b.values, (i) => year === null || dataset.time[i] === year);
  return { a: ref(a), b: ref(b), year, ...r };
}

export interface RelatedResult {
  target: IndicatorRef;
  /** Every other column with at least 3 pairs, by |Spearman| (then |Pearson|), strongest first. */
  items: { indicator: IndicatorRef; n: number; pearson: number; spearman: number }[];
}

/** Which inputs move most with the target (rank and linear correlation over the rows both have). Null without target. */
export function relatedToTarget(dataset: AnalysisDataset): RelatedResult | null {
  const target = dataset.target ? dataset.columns.find((c) => c.name === dataset.target) : undefined;
  if (!target) return null;
  const items: RelatedResult['items'] = [];
  for (const column of dataset.columns) {
    if (column === target) continue;
    const r = pairedCorrelation(column.values, target.values);
    if (r.pearson === null || r.spearman === null) continue;
    items.push({ indicator: ref(column), n: r.n, pearson: r.pearson, spearman: r.spearman });
  }
  items.sort((x, y) => Math.abs(y.spearman) - Math.abs(x.spearman) || Math.abs(y.pearson) - Math.abs(x.pearson) || x.indicator.name.localeCompare(y.indicator.name));
  return { target: ref(target), items };
}

export interface CompareResult {
  indicator: IndicatorRef;
  mode: 'regions' | 'years';
  /** The two sides: a label (region, place or year), its year and scope, the mean over its places and how many. */
  items: { label: string; year: number; scope: Scope; mean: number | null; n: number }[];
  /** Second minus first (years: later minus earlier), null when a side has no values. */
  difference: number | null;
}

function scopedMean(dataset: AnalysisDataset, column: AnalysisColumn, year: number, scope: Scope): { mean: number | null; n: number } {
  const values: number[] = [];
  for (let i = 0; i < column.values.length; i++) {
    if (dataset.time[i] === year && finite(column.values[i]) && inScope(dataset, i, scope)) values.push(column.values[i]!);
  }
  return { mean: values.length ? meanOf(values) : null, n: values.length };
}

/**
 * Compares two regions or places in one year (default: the latest year both have values), or two years in one scope.
 */
export function compare(
  dataset: AnalysisDataset,
  column: AnalysisColumn,
  request: { mode: 'regions'; scopes: [Scope, Scope]; year: number | null } | { mode: 'years'; years: [number, number]; scope: Scope },
): CompareResult | null {
  if (request.mode === 'years') {
    const [y1, y2] = [...request.years].sort((a, b) => a - b) as [number, number];
    const items = [y1, y2].map((year) => ({ label: String(year), year, scope: request.scope, ...scopedMean(dataset, column, year, request.scope) }));
    const [first, second] = items as [CompareResult['items'][number], CompareResult['items'][number]];
    return { indicator: ref(column), mode: 'years', items, difference: first.mean !== null && second.mean !== null ? second.mean - first.mean : null };
  }
  let year = request.year;
  if (year === null) {
    const years = request.scopes.map((s) => new Set(yearsOfScope(dataset, column, s)));
    const common = [...years[0]!].filter((y) => years[1]!.has(y));
    if (common.length === 0) return null;
    year = Math.max(...common);
  }
  const items = request.scopes.map((scope) => ({ label: scope.kind === 'world' ? 'world' : scope.name, year: year!, scope, ...scopedMean(dataset, column, year!, scope) }));
  const [first, second] = items as [CompareResult['items'][number], CompareResult['items'][number]];
  return { indicator: ref(column), mode: 'regions', items, difference: first.mean !== null && second.mean !== null ? second.mean - first.mean : null };
}

function yearsOfScope(dataset: AnalysisDataset, column: AnalysisColumn, scope: Scope): number[] {
  const years = new Set<number>();
  for (let i = 0; i < column.values.length; i++) if (finite(column.values[i]) && inScope(dataset, i, scope)) years.add(dataset.time[i]!);
  return [...years];
}
