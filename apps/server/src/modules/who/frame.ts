import { and, eq, inArray, ne, notInArray, or, type SQL } from 'drizzle-orm';
import { defaultDimension, dimensionKey, WHO_REGION_DIMENSION, WHO_SPACE_COLUMN, WHO_TIME_DIMENSION, whoColumnName } from '@indicata/contracts';
import { DEFAULT_MAX_MISSING_PERCENT, missingPercentOf, removedForMissing } from '@indicata/engine';
import type { PanelFrame } from '@indicata/engine/data/frame';
import type { Db } from '../../db/client.ts';
import { whoCountries, whoObservations } from '../../db/schema/who.ts';
import { CatalogCache } from './catalog-cache.ts';

export interface WhoFrameRequest {
  /** The indicator to predict. */
  targetCode: string;
  /**
   * Its dimension: a key such as `SEX_FMLE`, or a bare value such as `FMLE`; default both sexes / total when
   * the indicator has them, else its first dimension. Ignored for indicators without dimensions.
   */
  targetDimension?: string;
  /**
   * Feature indicators (every dimension of each becomes a column). Default: every other indicator's columns missing
   * on at most `maxMissingPercent` of the target's rows.
   */
  featureCodes?: string[];
  /** Keep only these years (default: every year with a target value). */
  years?: number[];
  /** Keep only countries of these WHO regions, by name ("Europe") or code ("EUR"). */
  regions?: string[];
  /**
   * The most a default feature column may be missing, in percent of the target's rows, judged by the engine's
   * missing-data rule (`removedForMissing`): the job's Missing Data setting (default the engine's,
   * DEFAULT_MAX_MISSING_PERCENT); null ('No': never remove) keeps every column with at least one value there.
   */
  maxMissingPercent?: number | null;
  /**
   * Also add the country-years that have indicator values but no target value (NaN target), for gap filling.
   * The feature columns are chosen on the target's rows as always, so they are the ones the job trained on.
   */
  withGaps?: boolean;
  /**
   * With withGaps: only values of these feature columns make a country-year a gap (the model's inputs), and only
   * their indicators are read outside the target's years (the rest of the catalog would cost seconds for rows the
   * model could not predict).
   */
  gapColumns?: string[];
}

export class WhoFrameError extends Error {}

/** Matches a requested dimension (`SEX_FMLE` or `FMLE`) against an indicator's keys. */
function resolveDimension(keys: string[], requested: string | undefined): string {
  if (keys.length === 0) return '';
  if (requested === undefined || requested === '') return defaultDimension(keys);
  const exact = keys.find((key) => key === requested);
  if (exact) return exact;
  const byValue = keys.find((key) => key.endsWith(`_${requested}`));
  if (byValue) return byValue;
  throw new WhoFrameError(`The indicator has no dimension "${requested}" (it has ${keys.join(', ')}).`);
}

type WhoFrame = PanelFrame & { targetColumn: string };

/**
 * The frames of the last four requests per database. A job's run, its gap filling and every prediction that looks up
 * the target's history ask for the same frame, and each build reads every observation of the chosen indicators in the
 * target's years (a quarter of a second on the event loop with 8 indicators, seconds with a full catalog). Frames of
 * more than 4 million numbers (8 bytes each) are built for their caller only: 4 x 32 MB kept at most.
 */
const FRAME_CACHE_MAX_VALUES = 4_000_000;
const frameCache = new CatalogCache<WhoFrame>(4, (frame) => frame.space.length * (frame.columns.length + 3) <= FRAME_CACHE_MAX_VALUES);

/** A copy the caller may change or transfer to a thread without touching the cached frame. */
function copyOf(frame: WhoFrame): WhoFrame {
  return {
    ...frame,
    space: [...frame.space],
    time: [...frame.time],
    region: frame.region ? [...frame.region] : frame.region,
    columns: frame.columns.map((column) => ({ name: column.name, values: new Float64Array(column.values) })),
  };
}

/**
 * Builds the WHO panel frame for a job: one row per (country, year) with a target value, columns
 * countryName / regionName (WHO region) / year, and one numeric column per indicator and dimension value
 * (`CODE` or `CODE-SEX_FMLE`, DESIGN.md section 4). The target column is among `columns`, named
 * `whoColumnName(targetCode, dimension)`. Rows are sorted by country name, then year. The frames of the last few
 * requests are kept until the catalog changes; each caller gets its own copy.
 * @param db the database
 * @param request target, dimension, features, years, regions (see WhoFrameRequest)
 * @throws WhoFrameError when the target has no data for the request
 */
export async function buildWhoFrame(db: Db, request: WhoFrameRequest): Promise<WhoFrame> {
  const key = JSON.stringify([
    request.targetCode,
    request.targetDimension ?? null,
    request.featureCodes ?? null,
    request.years ?? null,
    request.regions ?? null,
    request.maxMissingPercent === undefined ? 'default' : request.maxMissingPercent,
    request.withGaps ?? false,
    request.gapColumns ?? null,
  ]);
  return copyOf(await frameCache.get(db, key, () => readWhoFrame(db, request)));
}

/** buildWhoFrame's reading of the catalog, uncached. */
async function readWhoFrame(db: Db, request: WhoFrameRequest): Promise<WhoFrame> {
  const maxMissingPercent = request.maxMissingPercent === undefined ? DEFAULT_MAX_MISSING_PERCENT : request.maxMissingPercent;
  const targetKeys = await db
    .selectDistinct({ type: whoObservations.dimensionType, value: whoObservations.dimensionValue })
    .from(whoObservations)
    .where(eq(whoObservations.indicatorCode, request.targetCode));
  if (targetKeys.length === 0) throw new WhoFrameError(`The WHO catalog has no values for ${request.targetCode}.`);
  const keys = targetKeys.map((k) => dimensionKey(k.type, k.value)).filter((k) => k !== '').sort();
  const targetDimension = resolveDimension(keys, request.targetDimension);
  const targetColumn = whoColumnName(request.targetCode, targetDimension);

  const regionFilter: SQL | undefined =
    request.regions && request.regions.length > 0
      ? or(inArray(whoCountries.regionName, request.regions), inArray(whoCountries.regionCode, request.regions))
      : undefined;
  const yearFilter = request.years && request.years.length > 0 ? inArray(whoObservations.year, request.years) : undefined;

  const [type, value] = targetDimension === '' ? ['', ''] : splitKey(targetDimension);
  const targetRows = await db
    .select({
      countryCode: whoObservations.countryCode,
      countryName: whoCountries.name,
      regionName: whoCountries.regionName,
      year: whoObservations.year,
      value: whoObservations.value,
    })
    .from(whoObservations)
    .innerJoin(whoCountries, eq(whoCountries.code, whoObservations.countryCode))
    .where(
      and(
        eq(whoObservations.indicatorCode, request.targetCode),
        eq(whoObservations.dimensionType, type),
        eq(whoObservations.dimensionValue, value),
        yearFilter,
        regionFilter,
      ),
    );
  if (targetRows.length === 0) {
    throw new WhoFrameError(`The WHO catalog has no values for ${targetColumn} in the chosen years and regions.`);
  }
  const targetCount = targetRows.length;
  const years = [...new Set(targetRows.map((row) => row.year))];

  const featureFilter =
    request.featureCodes && request.featureCodes.length > 0
      ? inArray(whoObservations.indicatorCode, request.featureCodes)
      : ne(whoObservations.indicatorCode, request.targetCode);
  const featureColumns = {
    code: whoObservations.indicatorCode,
    type: whoObservations.dimensionType,
    value: whoObservations.dimensionValue,
    countryCode: whoObservations.countryCode,
    year: whoObservations.year,
    number: whoObservations.value,
  };
  const featureRows = await db.select(featureColumns).from(whoObservations).where(and(featureFilter, inArray(whoObservations.year, years)));

  const rows: { countryCode: string; countryName: string; regionName: string | null; year: number; value: number }[] = [...targetRows];
  if (request.withGaps) {
    // A column is CODE or CODE-DIMENSION: every part before a '-' may be the code.
    const gapColumns = request.gapColumns ? new Set(request.gapColumns) : null;
    const gapCodes = request.gapColumns?.flatMap((name) => name.split('-').map((_, k, parts) => parts.slice(0, k + 1).join('-')));
    const otherYears = await db
      .select(featureColumns)
      .from(whoObservations)
      .where(and(featureFilter, gapCodes ? inArray(whoObservations.indicatorCode, gapCodes.length > 0 ? gapCodes : ['']) : undefined, notInArray(whoObservations.year, years), yearFilter));
    for (const row of otherYears) featureRows.push(row);
    // The country-years some (model) indicator has but the target lacks, in the chosen regions.
    const known = new Set(targetRows.map((row) => `${row.countryCode}\u0000${row.year}`));
    const countries = new Map((await db.select().from(whoCountries).where(regionFilter)).map((c) => [c.code, c]));
    for (const row of featureRows) {
      const key = `${row.countryCode}\u0000${row.year}`;
      const country = countries.get(row.countryCode);
      if (known.has(key) || !country) continue;
      if (gapColumns && !gapColumns.has(whoColumnName(row.code, dimensionKey(row.type, row.value)))) continue;
      known.add(key);
      rows.push({ countryCode: row.countryCode, countryName: country.name, regionName: country.regionName, year: row.year, value: NaN });
    }
  }
  rows.sort((a, b) => a.countryName.localeCompare(b.countryName) || a.year - b.year);
  const rowIndex = new Map<string, number>();
  rows.forEach((row, index) => rowIndex.set(`${row.countryCode}\u0000${row.year}`, index));

  const n = rows.length;
  const columns = new Map<string, { values: Float64Array; filled: number }>();
  const target = new Float64Array(n);
  rows.forEach((row, index) => (target[index] = row.value));
  for (const row of featureRows) {
    const index = rowIndex.get(`${row.countryCode}\u0000${row.year}`);
    if (index === undefined) continue;
    const name = whoColumnName(row.code, dimensionKey(row.type, row.value));
    if (name === targetColumn) continue;
    let column = columns.get(name);
    if (!column) {
      column = { values: new Float64Array(n).fill(NaN), filled: 0 };
      columns.set(name, column);
    }
    column.values[index] = row.number;
    // Coverage counts the target's rows only, so gap rows never change which columns are chosen.
    if (Number.isFinite(target[index])) column.filled++;
  }
  const explicit = request.featureCodes !== undefined && request.featureCodes.length > 0;
  const missingPercent = (filled: number) => missingPercentOf(targetCount - filled, targetCount);
  const features = [...columns.entries()]
    .filter(([, column]) => explicit || !removedForMissing(missingPercent(column.filled), maxMissingPercent))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, column]) => ({ name, values: column.values }));

  return {
    spaceColumn: WHO_SPACE_COLUMN,
    timeColumn: WHO_TIME_DIMENSION,
    regionColumn: WHO_REGION_DIMENSION,
    space: rows.map((row) => row.countryName),
    time: rows.map((row) => row.year),
    region: rows.map((row) => row.regionName || null),
    columns: [{ name: targetColumn, values: target }, ...features],
    targetColumn,
  };
}

/** `SEX_FMLE` -> ['SEX', 'FMLE']; joined keys `A+B_x+y` are stored as type 'A+B', value 'x+y'. */
function splitKey(key: string): [string, string] {
  const index = key.indexOf('_');
  return [key.slice(0, index), key.slice(index + 1)];
}
