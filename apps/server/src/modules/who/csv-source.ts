import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseDelimited } from '@indicata/contracts';
import type { CatalogCountry, CatalogIndicator } from './catalog-writer.ts';
import { normaliseRows, parseNumber, type SourceRow } from './normalise.ts';
import { WHO_REGIONS } from './regions.ts';

/**
 * A folder of WHO GHO CSV exports as in ../shared/data/who-gho-2018: source/<CODE>.csv (long format; header
 * "GHO","PUBLISHSTATE","YEAR","REGION",[WORLDBANKINCOMEGROUP],[UNREGION],[COUNTRY],[SEX],[AGEGROUP],
 * [RESIDENCEAREATYPE],[DATASOURCE],"Display Value","Numeric","Low","High","Comments"), all_countries.csv
 * (ISO3 -> WHO region) and all_indicators.csv (code -> label), optionally ddf--concepts.csv (more labels).
 */

/** Columns that are dimensions of an observation; every other middle column is ignored. */
const DIMENSION_COLUMNS = ['SEX', 'AGEGROUP', 'RESIDENCEAREATYPE'];

/** ISO2 codes missing from all_countries.csv, and names no ISO2 code gives. */
const ISO2_FALLBACK: Record<string, string> = { MNE: 'ME', SSD: 'SS' };
const NAME_FALLBACK: Record<string, string> = { SDF: 'Sudan (former)' };

export class WhoFolderError extends Error {}

type Table = { header: string[]; rows: string[][] };

async function readTable(file: string): Promise<Table> {
  const text = await readFile(file, 'utf8');
  const [header = [], ...rows] = parseDelimited(text, ',');
  return { header: header.map((h) => h.trim()), rows };
}

function column(table: Table, name: string): number {
  return table.header.indexOf(name);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string, iso2: string, spanish: string, french: string): string {
  const two = iso2 || ISO2_FALLBACK[code];
  if (two) {
    try {
      const name = regionNames.of(two);
      if (name && name !== two) return name;
    } catch (_error) {
      // An invalid ISO2 code falls through to the other names.
    }
  }
  return NAME_FALLBACK[code] ?? (french || spanish || code);
}

/**
 * WHO's names of indicators that the GHO CSV exports ship without one (neither all_indicators.csv nor
 * ddf--concepts.csv of the 2018 export lists them), so a reader sees a name rather than a code.
 */
export const LABELS_MISSING_FROM_EXPORTS: Readonly<Record<string, string>> = {
  WSH_WATER_SAFELY_MANAGED: 'Population using safely managed drinking-water services (%)',
  WSH_SANITATION_SAFELY_MANAGED: 'Population using safely managed sanitation services (%)',
};

export interface GhoFolder {
  dir: string;
  /** Codes of the indicators the folder holds (source/<CODE>.csv), sorted. */
  codes: string[];
  /** Reads all_countries.csv; countries only, never aggregates. */
  readCountries(): Promise<Map<string, CatalogCountry & { fromCatalog: boolean }>>;
  /** Code -> label from all_indicators.csv, then ddf--concepts.csv (lower-cased codes), then LABELS_MISSING_FROM_EXPORTS; else the code. */
  readLabels(): Promise<Map<string, string>>;
  /** One indicator's observations and the countries its rows mention (with the REGION column as their region). */
  readIndicator(code: string, labels: Map<string, string>): Promise<{ indicator: CatalogIndicator; rowRegions: Map<string, string> }>;
  /** A hash of the folder's file names, sizes and modification times, to tell whether it changed. */
  fingerprint(): Promise<string>;
}

/**
 * Opens a GHO export folder and checks its layout.
 * @param dir the folder holding source/, all_countries.csv and all_indicators.csv
 * @throws WhoFolderError naming what is missing
 */
export async function openGhoFolder(dir: string): Promise<GhoFolder> {
  const root = path.resolve(dir);
  const sourceDir = path.join(root, 'source');
  let files: string[];
  try {
    files = await readdir(sourceDir);
  } catch (_error) {
    throw new WhoFolderError(`${sourceDir} is missing: the WHO folder needs source/<CODE>.csv files, all_countries.csv and all_indicators.csv.`);
  }
  for (const required of ['all_countries.csv', 'all_indicators.csv']) {
    try {
      await stat(path.join(root, required));
    } catch (_error) {
      throw new WhoFolderError(`${path.join(root, required)} is missing.`);
    }
  }
  const codes = files.filter((f) => f.endsWith('.csv')).map((f) => f.slice(0, -4)).sort();
  if (codes.length === 0) throw new WhoFolderError(`${sourceDir} holds no <CODE>.csv files.`);

  return {
    dir: root,
    codes,
    async readCountries() {
      const table = await readTable(path.join(root, 'all_countries.csv'));
      const [code, regionCode, regionName, iso2, es, fr] = ['country', 'WHO_REGION_CODE', 'WHO_REGION', 'ISO2', 'SHORTNAMEES', 'SHORTNAMEFR'].map(
        (name) => column(table, name),
      );
      if (code === -1) throw new WhoFolderError('all_countries.csv has no "country" column.');
      const countries = new Map<string, CatalogCountry & { fromCatalog: boolean }>();
      for (const row of table.rows) {
        const iso3 = (row[code] ?? '').trim();
        if (!/^[A-Z]{3}$/.test(iso3)) continue;
        const region = (row[regionCode] ?? '').trim();
        countries.set(iso3, {
          code: iso3,
          name: countryName(iso3, (row[iso2] ?? '').trim(), (row[es] ?? '').trim(), (row[fr] ?? '').trim()),
          regionCode: region,
          regionName: (row[regionName] ?? '').trim() || WHO_REGIONS[region] || '',
          fromCatalog: true,
        });
      }
      return countries;
    },
    async readLabels() {
      const labels = new Map<string, string>();
      try {
        const concepts = await readTable(path.join(root, 'ddf--concepts.csv'));
        const [concept, name] = [column(concepts, 'concept'), column(concepts, 'name')];
        for (const row of concepts.rows) if (row[name]) labels.set((row[concept] ?? '').toLowerCase(), row[name].trim());
      } catch (_error) {
        // ddf--concepts.csv is optional: all_indicators.csv is the main catalog.
      }
      const table = await readTable(path.join(root, 'all_indicators.csv'));
      const [concept, description] = [column(table, 'concept'), column(table, 'description')];
      const result = new Map<string, string>();
      for (const row of table.rows) {
        const code = (row[concept] ?? '').trim();
        const label = (row[description] ?? '').trim();
        if (code && label) result.set(code, label);
      }
      for (const code of codes) {
        if (!result.has(code)) result.set(code, labels.get(code.toLowerCase()) ?? LABELS_MISSING_FROM_EXPORTS[code] ?? code);
      }
      return result;
    },
    async readIndicator(code, labels) {
      if (!codes.includes(code)) throw new WhoFolderError(`${path.join(sourceDir, `${code}.csv`)} does not exist.`);
      const table = await readTable(path.join(sourceDir, `${code}.csv`));
      const [year, region, country, numeric, low, high] = ['YEAR', 'REGION', 'COUNTRY', 'Numeric', 'Low', 'High'].map((n) => column(table, n));
      if (year === -1 || numeric === -1) throw new WhoFolderError(`${code}.csv has no YEAR or Numeric column.`);
      const dimensionColumns = DIMENSION_COLUMNS.map((name) => [name, column(table, name)] as const).filter(([, i]) => i !== -1);
      const rows: SourceRow[] = [];
      const rowRegions = new Map<string, string>();
      for (const row of table.rows) {
        // Rows without a country are aggregates (WHO regions, income groups, UN regions, the world).
        const countryCode = country === -1 ? '' : (row[country] ?? '').trim();
        if (countryCode === '') continue;
        if (region !== -1 && row[region] && !rowRegions.has(countryCode)) rowRegions.set(countryCode, row[region].trim());
        const dimensions: Record<string, string> = {};
        for (const [name, index] of dimensionColumns) dimensions[name] = (row[index] ?? '').trim();
        rows.push({
          countryCode,
          yearText: row[year] ?? '',
          dimensions,
          value: parseNumber(row[numeric]),
          low: low === -1 ? null : parseNumber(row[low]),
          high: high === -1 ? null : parseNumber(row[high]),
        });
      }
      return { indicator: { code, label: labels.get(code) ?? code, observations: normaliseRows(rows) }, rowRegions };
    },
    async fingerprint() {
      const hash = createHash('sha256');
      for (const name of ['all_countries.csv', 'all_indicators.csv', ...codes.map((c) => `source/${c}.csv`)]) {
        const info = await stat(path.join(root, name));
        hash.update(`${name}:${info.size}:${Math.round(info.mtimeMs)}\n`);
      }
      return hash.digest('hex');
    },
  };
}
