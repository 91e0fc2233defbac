import { eq, sql } from 'drizzle-orm';
import { defaultDimension, dimensionKey, WHO_HOW_TO_FILL, type WhoIndicator, type WhoStatus, type WhoVintage } from '@indicata/contracts';
import type { Db } from '../../db/client.ts';
import { whoCatalogSources, whoCountries, whoIndicators, whoObservations } from '../../db/schema/who.ts';
import { CatalogCache } from './catalog-cache.ts';

/** code -> label (the spec's `indicators` node). */
export async function indicatorLabels(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ code: whoIndicators.code, label: whoIndicators.label }).from(whoIndicators).orderBy(whoIndicators.code);
  return Object.fromEntries(rows.map((row) => [row.code, row.label]));
}

/** The computed list per database (it scans every observation). */
const indicatorCache = new CatalogCache<WhoIndicator[]>();

/**
 * Every indicator with its years, WHO regions, dimension keys and coverage (the spec's `indicatorsNew`),
 * sorted by code. Coverage `fill` is measured on the indicator's default dimension over all catalog countries
 * and the indicator's own years. Cached until the next import or sync.
 */
export async function listIndicators(db: Db): Promise<WhoIndicator[]> {
  return indicatorCache.get(db, '', () => computeIndicators(db));
}

async function computeIndicators(db: Db): Promise<WhoIndicator[]> {
  const labels = await indicatorLabels(db);
  const [{ countries: totalCountries }] = await db.select({ countries: sql<number>`count(*)::int` }).from(whoCountries);
  const years = await db
    .selectDistinct({ code: whoObservations.indicatorCode, year: whoObservations.year })
    .from(whoObservations)
    .orderBy(whoObservations.indicatorCode, whoObservations.year);
  const regions = await db
    .selectDistinct({ code: whoObservations.indicatorCode, region: whoCountries.regionName })
    .from(whoObservations)
    .innerJoin(whoCountries, eq(whoCountries.code, whoObservations.countryCode))
    .orderBy(whoObservations.indicatorCode, whoCountries.regionName);
  const dimensions = await db
    .select({
      code: whoObservations.indicatorCode,
      type: whoObservations.dimensionType,
      value: whoObservations.dimensionValue,
      cells: sql<number>`count(*)::int`,
    })
    .from(whoObservations)
    .groupBy(whoObservations.indicatorCode, whoObservations.dimensionType, whoObservations.dimensionValue)
    .orderBy(whoObservations.indicatorCode, whoObservations.dimensionType, whoObservations.dimensionValue);
  const counts = await db
    .select({
      code: whoObservations.indicatorCode,
      countries: sql<number>`count(distinct ${whoObservations.countryCode})::int`,
      observations: sql<number>`count(*)::int`,
    })
    .from(whoObservations)
    .groupBy(whoObservations.indicatorCode);

  const byCode = new Map<string, WhoIndicator>();
  for (const [code, label] of Object.entries(labels)) {
    byCode.set(code, { code, indicator: label, years: [], regions: [], dimensions: [], coverage: { countries: 0, years: 0, observations: 0, fill: 0 } });
  }
  for (const row of years) byCode.get(row.code)?.years.push(row.year);
  for (const row of regions) if (row.region) byCode.get(row.code)?.regions.push(row.region);
  const cellsByDimension = new Map<string, number>();
  for (const row of dimensions) {
    const key = dimensionKey(row.type, row.value);
    if (key !== '') byCode.get(row.code)?.dimensions.push(key);
    cellsByDimension.set(`${row.code}\u0000${key}`, row.cells);
  }
  for (const row of counts) {
    const entry = byCode.get(row.code);
    if (!entry) continue;
    const mainCells = cellsByDimension.get(`${row.code}\u0000${defaultDimension(entry.dimensions)}`) ?? 0;
    const panel = totalCountries * entry.years.length;
    entry.coverage = {
      countries: row.countries,
      years: entry.years.length,
      observations: row.observations,
      fill: panel === 0 ? 0 : Math.round((mainCells / panel) * 1000) / 1000,
    };
  }
  return [...byCode.values()];
}

/**
 * Where the catalog came from, without the server's paths or credentials, which any signed-in user can read
 * here: a folder's own name ("who-gho-2018"), an API's host name.
 */
export function publicLocation(kind: string, location: string): string {
  if (kind === 'sync') {
    try {
      return new URL(location).hostname;
    } catch {
      return 'WHO API';
    }
  }
  return location.split(/[\\/]/).filter(Boolean).pop() ?? '';
}

/** The status per database (its counts scan every observation). */
const statusCache = new CatalogCache<WhoStatus>();

/** Whether the catalog has data, its size and origin, and how to fill it when empty. Cached until the next write. */
export async function catalogStatus(db: Db): Promise<WhoStatus> {
  return statusCache.get(db, '', () => readCatalogStatus(db));
}

async function readCatalogStatus(db: Db): Promise<WhoStatus> {
  const [totals] = await db
    .select({
      indicators: sql<number>`(select count(*)::int from ${whoIndicators})`,
      countries: sql<number>`(select count(*)::int from ${whoCountries})`,
      observations: sql<number>`(select count(*)::int from ${whoObservations})`,
    })
    .from(sql`(select 1) as one`);
  const sources = await db.select().from(whoCatalogSources).orderBy(sql`${whoCatalogSources.finishedAt} desc`);
  const latest = sources[0];
  const available = totals.observations > 0;
  return {
    available,
    indicators: totals.indicators,
    countries: totals.countries,
    observations: totals.observations,
    source: latest ? `${latest.kind}:${publicLocation(latest.kind, latest.location)}` : null,
    updatedAt: latest ? latest.finishedAt.toISOString() : null,
    howToFill: available ? null : WHO_HOW_TO_FILL,
    vintages: available ? sources.map(toVintage) : [],
  };
}

function toVintage(row: typeof whoCatalogSources.$inferSelect): WhoVintage {
  return { kind: row.kind as WhoVintage['kind'], vintage: row.vintage, importedAt: row.finishedAt.toISOString() };
}

/** The catalog's vintages (empty when it has no data): what a WHO job's results record. */
export async function catalogVintages(db: Db): Promise<WhoVintage[]> {
  return (await catalogStatus(db)).vintages;
}
