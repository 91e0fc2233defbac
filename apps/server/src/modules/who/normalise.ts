/**
 * Turns source rows (CSV export or live API) into catalog observations, the same way for both sources:
 * - a period "2003-2005" is stored at its last year (a value is only known once its period ends, so the
 *   end year never places information earlier than it existed), the original text kept in `period`;
 * - dimension types with one value for the whole indicator (AGEGROUP YEARS18-PLUS) carry no information and
 *   are dropped; two or more varying types are joined with '+' (type "RESIDENCEAREATYPE+SEX", value "URB+FMLE");
 * - several rows for the same country, year and dimension are averaged (WHS6_102 repeats rows with and
 *   without an income group; WHOSIS_000001 has two Rwanda estimates for some years); `sourceRows` counts them;
 * - rows without a numeric value are skipped (the display string is never parsed).
 */

export interface SourceRow {
  countryCode: string;
  /** "2005" or a period "2003-2005". */
  yearText: string;
  /** Dimension type -> value, e.g. { SEX: 'FMLE' }; empty values are ignored. */
  dimensions: Record<string, string>;
  value: number | null;
  low: number | null;
  high: number | null;
}

export interface Observation {
  countryCode: string;
  year: number;
  dimensionType: string;
  dimensionValue: string;
  value: number;
  low: number | null;
  high: number | null;
  period: string | null;
  sourceRows: number;
}

/** The year of a YEAR cell: a year, or the last year of a period; null when neither. */
export function parseYear(text: string): { year: number; period: string | null } | null {
  const trimmed = text.trim();
  const single = /^(\d{4})$/.exec(trimmed);
  if (single) return { year: Number(single[1]), period: null };
  const range = /^(\d{4})\s*-\s*(\d{4})$/.exec(trimmed);
  if (range) {
    const [start, end] = [Number(range[1]), Number(range[2])];
    return end >= start ? { year: end, period: trimmed } : null;
  }
  return null;
}

/** A numeric cell, or null when empty or not a finite number. */
export function parseNumber(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Observations of one indicator from its source rows (see the file comment for the rules). */
export function normaliseRows(rows: SourceRow[]): Observation[] {
  const valuesByType = new Map<string, Set<string>>();
  for (const row of rows) {
    for (const [type, value] of Object.entries(row.dimensions)) {
      if (value === '') continue;
      let set = valuesByType.get(type);
      if (!set) valuesByType.set(type, (set = new Set()));
      set.add(value);
    }
  }
  const varyingTypes = [...valuesByType.entries()].filter(([, set]) => set.size > 1).map(([type]) => type).sort();

  interface Group {
    countryCode: string;
    year: number;
    dimensionType: string;
    dimensionValue: string;
    values: number[];
    lows: number[];
    highs: number[];
    periods: Set<string>;
  }
  const groups = new Map<string, Group>();
  for (const row of rows) {
    if (row.value === null || !Number.isFinite(row.value)) continue;
    const parsed = parseYear(row.yearText);
    if (!parsed) continue;
    const present = varyingTypes.filter((type) => (row.dimensions[type] ?? '') !== '');
    const dimensionType = present.join('+');
    const dimensionValue = present.map((type) => row.dimensions[type]).join('+');
    const key = `${row.countryCode}\u0000${parsed.year}\u0000${dimensionType}\u0000${dimensionValue}`;
    let group = groups.get(key);
    if (!group) {
      group = { countryCode: row.countryCode, year: parsed.year, dimensionType, dimensionValue, values: [], lows: [], highs: [], periods: new Set() };
      groups.set(key, group);
    }
    group.values.push(row.value);
    if (row.low !== null) group.lows.push(row.low);
    if (row.high !== null) group.highs.push(row.high);
    if (parsed.period) group.periods.add(parsed.period);
  }
  return [...groups.values()].map((group) => ({
    countryCode: group.countryCode,
    year: group.year,
    dimensionType: group.dimensionType,
    dimensionValue: group.dimensionValue,
    value: mean(group.values) as number,
    low: mean(group.lows),
    high: mean(group.highs),
    period: group.periods.size > 0 ? [...group.periods].sort().join(', ') : null,
    sourceRows: group.values.length,
  }));
}
