import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { whoCatalogSources, whoObservations } from '../../db/schema/who.ts';
import { writeCatalog, type CatalogCountry, type CatalogIndicator, type WriteProgress } from './catalog-writer.ts';
import type { Observation } from './normalise.ts';

/**
 * The WHO snapshot: a compact copy of a WHO GHO catalog shipped with the app, imported on the first start so
 * a fresh clone has WHO data without a network or a manual step. A folder of
 *   snapshot.json         { format, vintage, title, source, indicators, countries, observations }
 *   indicators.tsv        code, label (every indicator, also those without values)
 *   countries.tsv         code, name, region_code, region_name
 *   observations.tsv.gz   one long table, grouped by indicator: the catalog's rows as the import normalised them
 * plus PROVENANCE.txt and LICENCE.txt. Rebuilt with `npm run who:snapshot` (apps/server/src/cli/who-snapshot.ts).
 */

/** The snapshot that ships with the app (apps/server/who-snapshot). */
export const SHIPPED_WHO_SNAPSHOT_DIR = fileURLToPath(new URL('../../../who-snapshot', import.meta.url));

const FORMAT = 1;
const OBSERVATION_COLUMNS = [
  'indicator',
  'country',
  'year',
  'dimension_type',
  'dimension_value',
  'value',
  'low',
  'high',
  'period',
  'source_rows',
] as const;

export interface SnapshotMeta {
  format: number;
  /** When the data was published, 'YYYY-MM' (an export's month) or 'YYYY-MM-DD' (an API sync's day). */
  vintage: string;
  /** One line saying what it is, e.g. "WHO GHO export of 2018-07". */
  title: string;
  /** Where the data came from (a folder's provenance, or the API's URL). */
  source: string;
  indicators: number;
  countries: number;
  observations: number;
}

export class WhoSnapshotError extends Error {}

// Tabs, line breaks and backslashes inside a field are escaped, so one line is always one row.
function escapeField(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}
function unescapeField(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\(.)/g, (_match, char: string) => (char === 't' ? '\t' : char === 'n' ? '\n' : char === 'r' ? '\r' : char));
}
function tsv(rows: (string | number | null)[][]): string {
  return rows.map((row) => row.map((cell) => (cell === null ? '' : escapeField(String(cell)))).join('\t')).join('\n') + '\n';
}
function parseTsv(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t').map(unescapeField));
}
function optionalNumber(text: string): number | null {
  return text === '' ? null : Number(text);
}

/**
 * Writes a snapshot folder from catalog indicators (read lazily) and the countries they reference.
 * Deterministic: the same catalog gives the same bytes.
 * @param dir the snapshot folder (created; existing snapshot files are replaced)
 * @param indicators every indicator, with `countries` naming the countries its observations need
 * @param meta vintage, title and source to record
 */
export async function writeWhoSnapshot(
  dir: string,
  indicators: AsyncIterable<CatalogIndicator>,
  meta: Pick<SnapshotMeta, 'vintage' | 'title' | 'source'>,
): Promise<SnapshotMeta> {
  const labelRows: string[][] = [['code', 'label']];
  const countries = new Map<string, CatalogCountry>();
  const observationRows: (string | number | null)[][] = [[...OBSERVATION_COLUMNS]];
  for await (const indicator of indicators) {
    labelRows.push([indicator.code, indicator.label]);
    for (const country of indicator.countries ?? []) countries.set(country.code, country);
    for (const o of indicator.observations) {
      observationRows.push([indicator.code, o.countryCode, o.year, o.dimensionType, o.dimensionValue, o.value, o.low, o.high, o.period, o.sourceRows]);
    }
  }
  const countryRows = [['code', 'name', 'region_code', 'region_name'], ...[...countries.values()].sort((a, b) => a.code.localeCompare(b.code)).map((c) => [c.code, c.name, c.regionCode, c.regionName])];
  const full: SnapshotMeta = {
    format: FORMAT,
    ...meta,
    indicators: labelRows.length - 1,
    countries: countryRows.length - 1,
    observations: observationRows.length - 1,
  };
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'indicators.tsv'), tsv(labelRows));
  await writeFile(path.join(dir, 'countries.tsv'), tsv(countryRows));
  await writeFile(path.join(dir, 'observations.tsv.gz'), gzipSync(tsv(observationRows), { level: 9 }));
  await writeFile(path.join(dir, 'snapshot.json'), `${JSON.stringify(full, null, 2)}\n`);
  return full;
}

export interface WhoSnapshot {
  dir: string;
  meta: SnapshotMeta;
  /** sha256 of the data files: tells whether a catalog came from this very snapshot. */
  fingerprint: string;
  countries: CatalogCountry[];
  /** Every indicator in the snapshot's order, each with its observations. */
  indicators(): AsyncGenerator<CatalogIndicator>;
  /** The indicator codes it holds, in order. */
  codes: string[];
}

async function readRequired(dir: string, name: string): Promise<Buffer> {
  try {
    return await readFile(path.join(dir, name));
  } catch (_error) {
    throw new WhoSnapshotError(`${path.join(dir, name)} is missing: rebuild the snapshot with npm run who:snapshot.`);
  }
}

/**
 * Opens a snapshot folder (reads it whole: a few MB).
 * @throws WhoSnapshotError when a file is missing or of another format
 */
export async function readWhoSnapshot(dir: string): Promise<WhoSnapshot> {
  const root = path.resolve(dir);
  const [metaText, labelsText, countriesText, observationsGz] = await Promise.all(
    ['snapshot.json', 'indicators.tsv', 'countries.tsv', 'observations.tsv.gz'].map((name) => readRequired(root, name)),
  );
  const meta = JSON.parse(metaText.toString('utf8')) as SnapshotMeta;
  if (meta.format !== FORMAT) throw new WhoSnapshotError(`${root}/snapshot.json has format ${meta.format}; this version reads format ${FORMAT}.`);
  const hash = createHash('sha256');
  for (const part of [labelsText, countriesText, observationsGz]) hash.update(part);
  const [, ...labelRows] = parseTsv(labelsText.toString('utf8'));
  const [, ...countryRows] = parseTsv(countriesText.toString('utf8'));
  const countries = countryRows.map(([code, name, regionCode, regionName]) => ({ code, name, regionCode: regionCode ?? '', regionName: regionName ?? '' }));

  async function* indicators(): AsyncGenerator<CatalogIndicator> {
    const lines = gunzipSync(observationsGz).toString('utf8').split('\n');
    const header = lines[0]?.split('\t') ?? [];
    if (header.join(',') !== OBSERVATION_COLUMNS.join(',')) throw new WhoSnapshotError(`${root}/observations.tsv.gz has unexpected columns.`);
    const byCode = new Map<string, Observation[]>();
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      if (line === '') continue;
      const [code, countryCode, year, dimensionType, dimensionValue, value, low, high, period, sourceRows] = line.split('\t').map(unescapeField);
      let list = byCode.get(code);
      if (!list) byCode.set(code, (list = []));
      list.push({
        countryCode,
        year: Number(year),
        dimensionType,
        dimensionValue,
        value: Number(value),
        low: optionalNumber(low),
        high: optionalNumber(high),
        period: period === '' ? null : period,
        sourceRows: Number(sourceRows),
      });
    }
    for (const [code, label] of labelRows) yield { code, label, observations: byCode.get(code) ?? [] };
  }
  return { dir: root, meta, fingerprint: hash.digest('hex'), countries, indicators, codes: labelRows.map(([code]) => code) };
}

export interface SnapshotImportSummary {
  indicators: number;
  observations: number;
  milliseconds: number;
  /** Another process imported it first, or the catalog was no longer in need of it. */
  skipped?: boolean;
}

/**
 * Whether the catalog should take `snapshot`: it is empty, or it holds only an earlier snapshot (a newer one
 * shipped with an update). A catalog that an import or a sync has touched is left alone.
 */
async function catalogWantsSnapshot(db: Db | Tx, fingerprint: string): Promise<boolean> {
  const sources = await db.select({ kind: whoCatalogSources.kind, fingerprint: whoCatalogSources.fingerprint }).from(whoCatalogSources);
  if (sources.length === 0) {
    const [{ observations }] = await db.select({ observations: sql<number>`count(*)::int` }).from(whoObservations);
    return observations === 0;
  }
  return sources.every((source) => source.kind === 'snapshot') && sources.some((source) => source.fingerprint !== fingerprint);
}

/**
 * Imports a snapshot (or the `indicators` of it) into the catalog (one transaction; indicators replace their earlier values).
 * With `onlyWhenWanted`, it first takes a transaction-scoped advisory lock and checks that the catalog still
 * wants it, so an http and a worker process starting together on PostgreSQL import it once.
 */
export async function importWhoSnapshot(
  db: Db,
  snapshot: WhoSnapshot,
  options: { onProgress?: (progress: WriteProgress) => void; onlyWhenWanted?: boolean; indicators?: string[] } = {},
): Promise<SnapshotImportSummary> {
  const started = performance.now();
  const subset = options.indicators ?? [];
  const unknown = subset.filter((code) => !snapshot.codes.includes(code));
  if (unknown.length > 0) throw new WhoSnapshotError(`Not in the WHO snapshot ${snapshot.dir}: ${unknown.join(', ')}`);
  const fingerprint = snapshotFingerprint(snapshot, subset);
  async function* chosen(): AsyncGenerator<CatalogIndicator> {
    for await (const indicator of snapshot.indicators()) if (subset.length === 0 || subset.includes(indicator.code)) yield indicator;
  }
  const guard = options.onlyWhenWanted
    ? async (tx: Tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('indicata_who_snapshot'))`);
        return catalogWantsSnapshot(tx, fingerprint);
      }
    : undefined;
  const written = await writeCatalog(
    db,
    snapshot.countries,
    chosen(),
    subset.length > 0 ? subset.length : snapshot.meta.indicators,
    { kind: 'snapshot', location: snapshot.dir, fingerprint, vintage: snapshot.meta.vintage },
    options.onProgress,
    guard,
  );
  return { ...written, milliseconds: Math.round(performance.now() - started) };
}

/** Whether the catalog should take the snapshot (see importWhoSnapshot), checked without a lock. */
export async function snapshotWanted(db: Db, snapshot: WhoSnapshot, indicators: string[] = []): Promise<boolean> {
  return catalogWantsSnapshot(db, snapshotFingerprint(snapshot, indicators));
}

/** The snapshot's data files and the indicator subset taken from it. */
function snapshotFingerprint(snapshot: WhoSnapshot, indicators: string[]): string {
  return `${snapshot.fingerprint}|${[...indicators].sort().join(',')}`;
}
