import type { Db } from '../../db/client.ts';
import { writeCatalog, type CatalogCountry, type CatalogIndicator, type WriteProgress } from './catalog-writer.ts';
import { openGhoFolder, WhoFolderError } from './csv-source.ts';
import { WHO_REGIONS } from './regions.ts';

export interface ImportOptions {
  /** Only these indicator codes (default: every source/<CODE>.csv of the folder). */
  indicators?: string[];
  onProgress?: (progress: WriteProgress) => void;
}

/** What an import records to tell later whether the folder or the chosen subset changed. */
export function importFingerprint(folderFingerprint: string, indicators: string[]): string {
  return `${folderFingerprint}|${[...indicators].sort().join(',')}`;
}

export interface ImportSummary {
  indicators: number;
  observations: number;
  countries: number;
  milliseconds: number;
}

/**
 * Imports a folder of GHO CSV exports into the catalog (one transaction, batched inserts; idempotent:
 * running it twice gives the same catalog).
 * @param db the database
 * @param dir the export folder (source/, all_countries.csv, all_indicators.csv)
 * @param options indicator subset and a progress callback
 * @throws WhoFolderError when the folder's layout is wrong or a named indicator is not in it
 */
export async function importWhoFolder(db: Db, dir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const read = await readWhoFolder(dir, options.indicators);
  const written = await writeCatalog(
    db,
    [],
    read.indicators(),
    read.codes.length,
    { kind: 'import', location: read.dir, fingerprint: read.fingerprint },
    options.onProgress,
  );
  return { ...written, countries: read.countriesSeen(), milliseconds: Math.round(performance.now() - started) };
}

export interface FolderCatalog {
  /** The folder's absolute path. */
  dir: string;
  /** The indicator codes read, in order. */
  codes: string[];
  /** importFingerprint of the folder and subset. */
  fingerprint: string;
  /** Each indicator with the countries its observations need that an earlier one did not bring; read lazily. */
  indicators(): AsyncGenerator<CatalogIndicator>;
  /** Countries brought so far. */
  countriesSeen(): number;
}

/**
 * Reads a folder of GHO CSV exports as catalog indicators (shared by the import and the snapshot builder,
 * so both give the same catalog).
 * @throws WhoFolderError when the folder's layout is wrong or a named indicator is not in it
 */
export async function readWhoFolder(dir: string, indicators: string[] = []): Promise<FolderCatalog> {
  const folder = await openGhoFolder(dir);
  const codes = indicators.length > 0 ? indicators : folder.codes;
  const unknown = codes.filter((code) => !folder.codes.includes(code));
  if (unknown.length > 0) throw new WhoFolderError(`Not in ${folder.dir}/source: ${unknown.join(', ')}`);
  const [catalogCountries, labels] = await Promise.all([folder.readCountries(), folder.readLabels()]);

  // Indicators are read one at a time, so a large folder is never held in memory at once;
  // each brings the countries its observations need.
  const countries = new Map<string, CatalogCountry>();
  async function* produce(): AsyncGenerator<CatalogIndicator> {
    for (const code of codes) {
      const { indicator, rowRegions } = await folder.readIndicator(code, labels);
      const needed: CatalogCountry[] = [];
      for (const observation of indicator.observations) {
        if (countries.has(observation.countryCode)) continue;
        const known = catalogCountries.get(observation.countryCode);
        const regionCode = known?.regionCode || rowRegions.get(observation.countryCode) || '';
        const country = {
          code: observation.countryCode,
          name: known?.name ?? observation.countryCode,
          regionCode,
          regionName: known?.regionName || WHO_REGIONS[regionCode] || '',
        };
        countries.set(country.code, country);
        needed.push(country);
      }
      yield { ...indicator, countries: needed };
    }
  }
  return {
    dir: folder.dir,
    codes,
    fingerprint: importFingerprint(await folder.fingerprint(), indicators),
    indicators: produce,
    countriesSeen: () => countries.size,
  };
}
