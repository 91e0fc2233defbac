import type { Db } from '../../db/client.ts';
import { writeCatalog, type CatalogCountry, type CatalogIndicator } from './catalog-writer.ts';
import { createGhoClient, WhoApiError, type GhoClientOptions } from './api-client.ts';
import { normaliseRows, parseNumber, parseYear, type SourceRow } from './normalise.ts';
import { WHO_REGIONS } from './regions.ts';

/** One row of GET /api/{IndicatorCode} (the fields we read). */
export interface GhoFact {
  SpatialDimType?: string | null;
  SpatialDim?: string | null;
  TimeDimType?: string | null;
  TimeDim?: number | string | null;
  TimeDimensionValue?: string | null;
  TimeDimensionEnd?: string | null;
  Dim1Type?: string | null;
  Dim1?: string | null;
  Dim2Type?: string | null;
  Dim2?: string | null;
  Dim3Type?: string | null;
  Dim3?: string | null;
  NumericValue?: number | null;
  Low?: number | null;
  High?: number | null;
  /** The display string ("55.4 [54.0-56.8]", "No data"): never read as a value. */
  Value?: string | null;
}

interface GhoIndicator {
  IndicatorCode: string;
  IndicatorName?: string | null;
}

interface GhoDimensionValue {
  Code: string;
  Title?: string | null;
  ParentCode?: string | null;
  ParentTitle?: string | null;
}

/**
 * The year text of a fact. TimeDimType YEAR carries the year in TimeDim; a period ("2010-2015", in
 * TimeDimensionValue) is kept as text so normaliseRows stores it at its end year, like the CSV import;
 * other time types fall back to the year of TimeDimensionEnd.
 */
export function factYearText(fact: GhoFact): string | null {
  const value = fact.TimeDimensionValue ?? (fact.TimeDim === null || fact.TimeDim === undefined ? null : String(fact.TimeDim));
  if (value !== null && parseYear(value)) return value.trim();
  const end = fact.TimeDimensionEnd ? /^(\d{4})/.exec(fact.TimeDimensionEnd) : null;
  return end ? end[1] : null;
}

/** A fact as a source row; null for non-country rows (REGION, WORLDBANKINCOMEGROUP, GLOBAL ...). */
export function factToRow(fact: GhoFact): SourceRow | null {
  if (fact.SpatialDimType !== 'COUNTRY' || !fact.SpatialDim) return null;
  const yearText = factYearText(fact);
  if (!yearText) return null;
  const dimensions: Record<string, string> = {};
  for (const [type, value] of [
    [fact.Dim1Type, fact.Dim1],
    [fact.Dim2Type, fact.Dim2],
    [fact.Dim3Type, fact.Dim3],
  ] as const) {
    if (!type || !value) continue;
    // The API writes values with their type as prefix (SEX_FMLE); the catalog keeps the bare value (FMLE).
    dimensions[type] = value.startsWith(`${type}_`) ? value.slice(type.length + 1) : value;
  }
  return {
    countryCode: fact.SpatialDim,
    yearText,
    dimensions,
    value: parseNumber(fact.NumericValue),
    low: parseNumber(fact.Low),
    high: parseNumber(fact.High),
  };
}

export interface SyncProgress {
  code: string;
  index: number;
  total: number;
  observations: number;
}

export interface SyncOptions extends Omit<GhoClientOptions, 'baseUrl'> {
  baseUrl: string;
  /** Only these codes (default: every indicator the API lists). */
  indicators?: string[];
  onProgress?: (progress: SyncProgress) => void;
  /** Called when an indicator fails; the sync goes on with the next one. Default: rethrow. */
  onIndicatorError?: (code: string, error: Error) => void;
}

export interface ApiCatalog {
  countries: CatalogCountry[];
  /** The indicator codes to fetch (the ones asked for, or every one the API lists, sorted). */
  codes: string[];
  labels: Map<string, string>;
  /** One indicator's observations (country rows, NumericValue only). */
  fetchIndicator(code: string): Promise<CatalogIndicator>;
}

/**
 * Opens the live GHO OData API as a catalog source: the country list (DIMENSION/COUNTRY/DimensionValues) and
 * the indicator list (Indicator); indicators are fetched one at a time. Shared by the sync and the snapshot builder.
 * @throws WhoApiError when a requested indicator is not listed
 */
export async function openWhoApi(options: Omit<SyncOptions, 'onProgress' | 'onIndicatorError'>): Promise<ApiCatalog> {
  const client = createGhoClient(options);
  const countryValues = await client.getAll<GhoDimensionValue>('DIMENSION/COUNTRY/DimensionValues');
  const countries: CatalogCountry[] = countryValues
    .filter((c) => typeof c.Code === 'string' && c.Code !== '')
    .map((c) => ({
      code: c.Code,
      name: c.Title?.trim() || c.Code,
      regionCode: c.ParentCode?.trim() ?? '',
      regionName: c.ParentTitle?.trim() || WHO_REGIONS[c.ParentCode ?? ''] || '',
    }));
  const listed = await client.getAll<GhoIndicator>('Indicator');
  const labels = new Map(listed.map((i) => [i.IndicatorCode, i.IndicatorName?.trim() || i.IndicatorCode]));
  const codes = options.indicators && options.indicators.length > 0 ? options.indicators : [...labels.keys()].sort();
  const unknown = codes.filter((code) => !labels.has(code));
  if (unknown.length > 0) throw new WhoApiError(`The WHO GHO API does not list these indicators: ${unknown.join(', ')}.`, 404);
  return {
    countries,
    codes,
    labels,
    async fetchIndicator(code) {
      const facts = await client.getAll<GhoFact>(encodeURIComponent(code));
      const rows = facts.map(factToRow).filter((row): row is SourceRow => row !== null);
      return { code, label: labels.get(code) ?? code, observations: normaliseRows(rows) };
    },
  };
}

/**
 * Fills the catalog from the live GHO OData API (openWhoApi), one transaction per indicator so a long sync keeps
 * what it already fetched. Country rows only; NumericValue only (never the display string).
 * @returns how many indicators and observations were written
 */
export async function syncWhoApi(db: Db, options: SyncOptions): Promise<{ indicators: number; observations: number; failed: string[] }> {
  const api = await openWhoApi(options);
  const { codes } = api;
  let written = 0;
  let done = 0;
  const failed: string[] = [];
  for (const [index, code] of codes.entries()) {
    try {
      const indicator = await api.fetchIndicator(code);
      async function* one() {
        yield indicator;
      }
      const result = await writeCatalog(db, api.countries, one(), codes.length, { kind: 'sync', location: options.baseUrl, fingerprint: '' });
      written += result.observations;
      done++;
      options.onProgress?.({ code, index: index + 1, total: codes.length, observations: result.observations });
    } catch (error) {
      if (!options.onIndicatorError) throw error;
      failed.push(code);
      options.onIndicatorError(code, error as Error);
    }
  }
  return { indicators: done, observations: written, failed };
}
