import { and, eq, inArray } from 'drizzle-orm';
import { defaultDimension, dimensionKey, WHO_DATABASE, whoColumnName } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { whoCountries, whoObservations } from '../../db/schema/who.ts';
import { BREAKDOWN_TYPES, datasetFromFrame, type AnalysisColumn, type AnalysisDataset, type BreakdownType } from '../assistant/analysis/dataset.ts';
import { findTargetColumn } from '../assistant/profile.ts';
import { buildUploadFrame } from '../uploads/frame.ts';
import { findUploadByStoredName } from '../uploads/service.ts';
import { indicatorLabels } from '../who/catalog.ts';

/** The chosen database cannot be read (not one of the asker's uploads, file gone, empty WHO catalog). */
export class DataUnavailableError extends Error {}

/**
 * The data a question is about, as the analyst and the model's tools read it: for WHO, the chosen indicators
 * and the target (every indicator of the catalog when none is chosen), one column per indicator on its default
 * dimension (both sexes / total), one row per country and year with any value; for an upload, its chosen
 * columns and target.
 */
export interface AnalysisScope {
  database: string;
  userId: string;
  target: string | null;
  /** Chosen indicator codes or upload columns; null or empty: all. */
  indicators: readonly string[] | null;
}

/**
 * The WHO catalog as an analysis dataset over the given indicator codes.
 * @param db the database
 * @param options codes (empty or null: every indicator) and the target code
 */
export async function loadWhoDataset(db: Db, options: { codes: readonly string[] | null; target: string | null }): Promise<AnalysisDataset> {
  const labels = await indicatorLabels(db);
  const wanted = options.codes && options.codes.length > 0 ? [...new Set([...options.codes, ...(options.target ? [options.target] : [])])] : null;
  const codeFilter = wanted ? inArray(whoObservations.indicatorCode, wanted) : undefined;
  const keys = await db
    .selectDistinct({ code: whoObservations.indicatorCode, type: whoObservations.dimensionType, value: whoObservations.dimensionValue })
    .from(whoObservations)
    .where(codeFilter);
  const keysByCode = new Map<string, string[]>();
  for (const k of keys) {
    const list = keysByCode.get(k.code) ?? [];
    list.push(dimensionKey(k.type, k.value));
    keysByCode.set(k.code, list);
  }
  const chosenKey = new Map([...keysByCode.entries()].map(([code, list]) => [code, defaultDimension(list.filter((x) => x !== '').sort())]));
  const rows = await db
    .select({
      code: whoObservations.indicatorCode,
      type: whoObservations.dimensionType,
      dvalue: whoObservations.dimensionValue,
      country: whoCountries.name,
      region: whoCountries.regionName,
      year: whoObservations.year,
      value: whoObservations.value,
    })
    .from(whoObservations)
    .innerJoin(whoCountries, eq(whoCountries.code, whoObservations.countryCode))
    .where(and(codeFilter));
  const kept = rows.filter((r) => dimensionKey(r.type, r.dvalue) === (chosenKey.get(r.code) ?? ''));
  const rowIndex = new Map<string, number>();
  const space: string[] = [];
  const time: number[] = [];
  const region: (string | null)[] = [];
  const sorted = [...kept].sort((a, b) => a.country.localeCompare(b.country) || a.year - b.year);
  for (const r of sorted) {
    const key = `${r.country}\u0000${r.year}`;
    if (rowIndex.has(key)) continue;
    rowIndex.set(key, space.length);
    space.push(r.country);
    time.push(r.year);
    region.push(r.region || null);
  }
  const columns = new Map<string, Float64Array>();
  for (const code of [...keysByCode.keys()].sort()) columns.set(code, new Float64Array(space.length).fill(NaN));
  for (const r of kept) columns.get(r.code)![rowIndex.get(`${r.country}\u0000${r.year}`)!] = r.value;
  const frame = {
    spaceColumn: 'country',
    timeColumn: 'year',
    regionColumn: 'region',
    space,
    time,
    region,
    columns: [...columns.entries()].map(([name, values]) => ({ name, values })),
  };
  const dataset = datasetFromFrame(frame, { kind: 'who', labels, target: options.target });
  dataset.breakdowns = breakdownColumns(rows, keysByCode, rowIndex, space.length, labels);
  return dataset;
}

/**
 * Every indicator's values by sex or by area of residence, one column per dimension value on the rows of the
 * default dimension (a country-year with a value only for women, say, is left out, as it is from every other
 * column). An indicator gets a breakdown only when its one varying dimension is one of BREAKDOWN_TYPES.
 */
function breakdownColumns(
  rows: { code: string; type: string; dvalue: string; country: string; year: number; value: number }[],
  keysByCode: Map<string, string[]>,
  rowIndex: Map<string, number>,
  rowCount: number,
  labels: Record<string, string>,
): Map<string, AnalysisColumn[]> {
  const breakdowns = new Map<string, AnalysisColumn[]>();
  const byKey = new Map<string, AnalysisColumn>();
  for (const [code, keys] of keysByCode) {
    const types = new Set(keys.filter((k) => k !== '').map((k) => k.slice(0, k.indexOf('_'))));
    const [type] = [...types];
    if (types.size !== 1 || !(BREAKDOWN_TYPES as readonly string[]).includes(type!)) continue;
    const columns = keys
      .filter((k) => k !== '')
      .sort()
      .map((key) => {
        const value = key.slice(type!.length + 1);
        const column: AnalysisColumn = { name: whoColumnName(code, key), label: labels[code] ?? code, values: new Float64Array(rowCount).fill(NaN), part: { type: type as BreakdownType, value } };
        byKey.set(`${code}\u0000${key}`, column);
        return column;
      });
    breakdowns.set(code, columns);
  }
  for (const r of rows) {
    const column = byKey.get(`${r.code}\u0000${dimensionKey(r.type, r.dvalue)}`);
    const row = rowIndex.get(`${r.country}\u0000${r.year}`);
    if (column && row !== undefined) column.values[row] = r.value;
  }
  return breakdowns;
}

/** How long a loaded dataset is reused, and how many are kept. */
const DATASET_CACHE_MS = 10 * 60_000;
const DATASET_CACHE_ENTRIES = 16;
const datasetCaches = new WeakMap<object, Map<string, { dataset: Promise<AnalysisDataset>; expires: number }>>();

/**
 * The dataset of a question's scope, cached for a few minutes (uploads never change, the WHO catalog rarely).
 * @throws DataUnavailableError when the database is not the asker's upload, its file is gone or the catalog is empty
 */
export async function loadAnalysisDataset(ctx: AppContext, scope: AnalysisScope): Promise<AnalysisDataset> {
  const key = [scope.database === WHO_DATABASE ? '' : scope.userId, scope.database, scope.target ?? '', [...(scope.indicators ?? [])].sort().join(',')].join('\u0000');
  let cache = datasetCaches.get(ctx.database);
  if (!cache) datasetCaches.set(ctx.database, (cache = new Map()));
  const cached = cache.get(key);
  if (cached && cached.expires > Date.now()) return cached.dataset;
  const dataset = computeDataset(ctx, scope);
  cache.set(key, { dataset, expires: Date.now() + DATASET_CACHE_MS });
  dataset.catch(() => cache.delete(key));
  while (cache.size > DATASET_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return dataset;
}

async function computeDataset(ctx: AppContext, scope: AnalysisScope): Promise<AnalysisDataset> {
  const { db } = ctx.database;
  if (scope.database === WHO_DATABASE) {
    const dataset = await loadWhoDataset(db, { codes: scope.indicators, target: scope.target });
    if (dataset.space.length === 0) throw new DataUnavailableError('The WHO catalog is empty: import it first (see the README, WHO data).');
    return dataset;
  }
  const upload = await findUploadByStoredName(db, scope.database, scope.userId);
  if (!upload) throw new DataUnavailableError(`The database ${scope.database} is not one of your uploads.`);
  try {
    const frame = await buildUploadFrame(ctx.storage, upload);
    const target = findTargetColumn(frame, scope.target)?.name ?? null;
    return datasetFromFrame(frame, { kind: 'upload', chosen: scope.indicators, target });
  } catch (error) {
    throw new DataUnavailableError(`The uploaded file of ${scope.database} cannot be read: ${(error as Error).message}`);
  }
}
