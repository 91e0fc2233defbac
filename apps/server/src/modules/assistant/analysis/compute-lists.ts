import { indicatorRef, latestYear, type IndicatorRef, type Scope } from './compute.ts';
import type { AnalysisColumn, AnalysisDataset, BreakdownPart, BreakdownType } from './dataset.ts';

/**
 * Computations that answer with a list: the years an indicator covers best, an indicator by sex or by area of
 * residence, and the chosen indicators themselves. Same conventions as compute.ts (unweighted means over the
 * places with a value, never rounded here).
 */

const finite = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);


function inScope(dataset: AnalysisDataset, row: number, scope: Scope): boolean {
  if (scope.kind === 'world') return true;
  if (scope.kind === 'region') return dataset.region?.[row] === scope.name;
  return dataset.space[row] === scope.name;
}

export interface CoverageResult {
  /** The indicator, or null for every chosen indicator at once. */
  indicator: IndicatorRef | null;
  /** Places in the chosen data. */
  totalPlaces: number;
  /** Indicators counted (1 for one indicator). */
  indicators: number;
  /**
   * Per year with any value: places with a value (for every indicator at once, the number of place-indicator
   * values) and its share of what is possible. Best covered first; equal coverage, the later year first.
   */
  years: { year: number; places: number; share: number }[];
}

/** Which years have values for the most places, for one indicator or for all chosen indicators together. */
export function coverageByYear(dataset: AnalysisDataset, column: AnalysisColumn | null): CoverageResult | null {
  const columns = column ? [column] : dataset.columns;
  const perYear = new Map<number, Set<string>>();
  for (const [c, col] of columns.entries()) {
    for (let i = 0; i < col.values.length; i++) {
      if (!finite(col.values[i])) continue;
      let set = perYear.get(dataset.time[i]!);
      if (!set) perYear.set(dataset.time[i]!, (set = new Set()));
      set.add(`${c}\u0000${dataset.space[i]}`);
    }
  }
  if (perYear.size === 0) return null;
  const totalPlaces = new Set(dataset.space).size;
  const possible = totalPlaces * columns.length;
  const years = [...perYear.entries()].map(([year, set]) => ({ year, places: set.size, share: set.size / possible })).sort((a, b) => b.places - a.places || b.year - a.year);
  return { indicator: column ? indicatorRef(column) : null, totalPlaces, indicators: columns.length, years };
}

export interface BreakdownResult {
  indicator: IndicatorRef;
  year: number;
  scope: Scope;
  /** One item per part asked for (women, men ...): the mean over the scope's places with a value, and how many. */
  items: { part: BreakdownPart; column: string; mean: number | null; n: number }[];
}

/**
 * An indicator's mean for each part of a breakdown (by sex, by area of residence) in one year (default: the
 * latest year in which every part asked for has a value in the scope).
 * @param parts the breakdown columns to show, in order
 */
export function breakdown(dataset: AnalysisDataset, column: AnalysisColumn, parts: AnalysisColumn[], year: number | null, scope: Scope): BreakdownResult | null {
  let chosenYear = year;
  if (chosenYear === null) {
    const latest = parts.map((p) => latestYear(dataset, p, scope));
    if (latest.some((y) => y === null)) return null;
    chosenYear = Math.min(...(latest as number[]));
  }
  const items = parts.map((p) => {
    const values: number[] = [];
    for (let i = 0; i < p.values.length; i++) if (dataset.time[i] === chosenYear && finite(p.values[i]) && inScope(dataset, i, scope)) values.push(p.values[i]!);
    return { part: p.part!, column: p.name, mean: values.length ? values.reduce((s, v) => s + v, 0) / values.length : null, n: values.length };
  });
  if (items.every((x) => x.mean === null)) return null;
  return { indicator: indicatorRef(column), year: chosenYear, scope, items };
}

export interface IndicatorListResult {
  year: number | null;
  /** Set when only the indicators with values by sex (or by area of residence) are listed. */
  breakdown: BreakdownType | null;
  /** Chosen indicators. */
  total: number;
  /** The indicators with a value (in the year when one is given): places with a value, first and last year. Most places first. */
  items: { indicator: IndicatorRef; places: number; firstYear: number; lastYear: number; target: boolean }[];
}

/**
 * The chosen indicators with their coverage (in one year when given: only those with values that year).
 * @param breakdown only the indicators with values by sex (or by area of residence)
 */
export function listIndicators(dataset: AnalysisDataset, year: number | null, breakdown: BreakdownType | null = null): IndicatorListResult {
  const items: IndicatorListResult['items'] = [];
  for (const column of dataset.columns) {
    if (breakdown && !(dataset.breakdowns?.get(column.name) ?? []).some((c) => c.part?.type === breakdown)) continue;
    const places = new Set<string>();
    let first = Infinity;
    let last = -Infinity;
    for (let i = 0; i < column.values.length; i++) {
      if (!finite(column.values[i])) continue;
      const t = dataset.time[i]!;
      if (t < first) first = t;
      if (t > last) last = t;
      if (year === null || t === year) places.add(dataset.space[i]!);
    }
    if (places.size === 0 && (year !== null || first === Infinity)) continue;
    items.push({ indicator: indicatorRef(column), places: places.size, firstYear: first, lastYear: last, target: column.name === dataset.target });
  }
  items.sort((a, b) => b.places - a.places || a.indicator.label.localeCompare(b.indicator.label));
  return { year, breakdown, total: dataset.columns.length, items };
}
