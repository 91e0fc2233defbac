import type { PanelFrame } from '@indicata/engine/data/frame';
import { median, pearson } from '@indicata/engine/data/stats';

/**
 * The facts about a chosen database that ground every answer: what the columns are, how complete they are,
 * which years and regions they cover, summary statistics and, when the wizard has a target, each column's
 * correlation with it. The built-in analyst answers from it; a language model receives it as JSON and is told
 * to use nothing else.
 */
export interface ColumnProfile {
  name: string;
  /** Indicator label (WHO) or null. */
  label: string | null;
  /** Rows with a value. */
  present: number;
  /** Share of rows with a value, 0..1. */
  coverage: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  median: number | null;
  firstYear: number | null;
  lastYear: number | null;
  /** Pearson r with the target over rows where both are present; null without target or too few pairs. */
  correlationWithTarget: number | null;
}

export interface DataProfile {
  /** 'WHO' or the upload's stored name. */
  database: string;
  kind: 'who' | 'upload';
  rows: number;
  spaceColumn: string;
  timeColumn: string;
  regionColumn: string | null;
  spaceCount: number;
  /** A few spatial units, alphabetically. */
  spaceExamples: string[];
  /** Region groups and their row counts (WHO regions), largest first. */
  regions: { name: string; rows: number }[];
  years: { first: number; last: number; count: number } | null;
  columnCount: number;
  /** Columns, the target first, then by coverage; at most MAX_PROFILE_COLUMNS. */
  columns: ColumnProfile[];
  target: { name: string; label: string | null } | null;
}

/** Columns listed in a profile (the prompt must stay small enough for small local models). */
export const MAX_PROFILE_COLUMNS = 60;

/** Rounds to 4 significant digits, so the facts read like the numbers a person would quote. */
export function roundFact(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const digits = Math.max(0, 4 - Math.ceil(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(digits, 10)));
}

/** Pearson correlation over the rows where both are observed (the engine's, shared). */
export { pearson };

/** The frame column that holds `target`: the exact name, else the best-covered `target-<dimension>` column. */
export function findTargetColumn(frame: PanelFrame, target: string | null | undefined): PanelFrame['columns'][number] | null {
  if (!target) return null;
  const exact = frame.columns.find((c) => c.name === target);
  if (exact) return exact;
  const candidates = frame.columns.filter((c) => c.name.startsWith(`${target}-`) || c.name.startsWith(`${target}_`));
  let best: PanelFrame['columns'][number] | null = null;
  let bestPresent = -1;
  for (const c of candidates) {
    const present = c.values.reduce((n, v) => (Number.isFinite(v) ? n + 1 : n), 0);
    if (present > bestPresent) {
      best = c;
      bestPresent = present;
    }
  }
  return best;
}

/**
 * Computes the profile of a frame.
 * @param frame the database as a panel (WHO observations or an uploaded CSV)
 * @param options database: the stored database value; kind: WHO or upload; labels: column name -> label
 *   (the WHO indicator names; a column `CODE-DIM` takes the label of `CODE`); target: the wizard's target code
 */
export function profileFrame(
  frame: PanelFrame,
  options: { database: string; kind: 'who' | 'upload'; labels?: Record<string, string>; target?: string | null },
): DataProfile {
  const labelOf = (name: string): string | null => {
    const labels = options.labels ?? {};
    if (labels[name]) return labels[name];
    const base = name.split('-')[0] ?? name;
    return labels[base] ?? null;
  };
  const targetColumn = findTargetColumn(frame, options.target);
  const rows = frame.time.length;
  const columns: ColumnProfile[] = frame.columns.map((column) => {
    const values: number[] = [];
    let firstYear = Infinity;
    let lastYear = -Infinity;
    for (let i = 0; i < column.values.length; i++) {
      const v = column.values[i]!;
      if (Number.isFinite(v)) {
        values.push(v);
        const t = frame.time[i]!;
        if (t < firstYear) firstYear = t;
        if (t > lastYear) lastYear = t;
      }
    }
    values.sort((x, y) => x - y);
    const sum = values.reduce((s, v) => s + v, 0);
    const r = targetColumn && column !== targetColumn ? pearson(column.values, targetColumn.values) : null;
    return {
      name: column.name,
      label: labelOf(column.name),
      present: values.length,
      coverage: rows === 0 ? 0 : roundFact(values.length / rows),
      min: values.length ? roundFact(values[0]!) : null,
      max: values.length ? roundFact(values[values.length - 1]!) : null,
      mean: values.length ? roundFact(sum / values.length) : null,
      median: values.length ? roundFact(median(values)) : null,
      firstYear: values.length ? firstYear : null,
      lastYear: values.length ? lastYear : null,
      correlationWithTarget: r === null ? null : roundFact(r),
    };
  });
  columns.sort((a, b) => {
    if (targetColumn && a.name === targetColumn.name) return -1;
    if (targetColumn && b.name === targetColumn.name) return 1;
    return b.coverage - a.coverage || a.name.localeCompare(b.name);
  });

  const spaces = [...new Set(frame.space)].sort((a, b) => a.localeCompare(b));
  const regionCounts = new Map<string, number>();
  for (const region of frame.region ?? []) {
    if (region) regionCounts.set(region, (regionCounts.get(region) ?? 0) + 1);
  }
  const years = [...new Set(frame.time.filter((t) => Number.isFinite(t)))].sort((a, b) => a - b);

  return {
    database: options.database,
    kind: options.kind,
    rows,
    spaceColumn: frame.spaceColumn,
    timeColumn: frame.timeColumn,
    regionColumn: frame.regionColumn ?? null,
    spaceCount: spaces.length,
    spaceExamples: spaces.slice(0, 12),
    regions: [...regionCounts.entries()].map(([name, n]) => ({ name, rows: n })).sort((a, b) => b.rows - a.rows),
    years: years.length ? { first: years[0]!, last: years[years.length - 1]!, count: years.length } : null,
    columnCount: frame.columns.length,
    columns: columns.slice(0, MAX_PROFILE_COLUMNS),
    target: targetColumn ? { name: targetColumn.name, label: labelOf(targetColumn.name) } : null,
  };
}
