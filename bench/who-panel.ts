/**
 * Builds the WHO benchmark panel: 195 countries x 1999-2016 (3,510 rows), target = life expectancy at
 * birth (WHOSIS_000001, both sexes), 20 dense indicators (both sexes / total where the indicator has a
 * dimension), from the raw WHO GHO 2018 exports in ../shared/data/who-gho-2018 (see its PROVENANCE.txt).
 * Writes a semicolon CSV (countryName = ISO3 code; regionName = WHO region) and prints its path.
 *
 *   node --import tsx bench/who-panel.ts [OUT.csv]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WHO_TARGET = 'WHOSIS_000001-SEX_BTSX';

/** The 20 feature indicators of the panel. */
export const WHO_PANEL_INDICATORS = [
  'BP_04',
  'GHED_CHEGDP_SHA2011',
  'GHED_CHE_pc_US_SHA2011',
  'MALARIA004',
  'MCV2',
  'MDG_0000000001',
  'MDG_0000000020',
  'NCD_BMI_25A',
  'NCD_BMI_30A',
  'NCD_GLUC_04',
  'WHOSIS_000004',
  'WHS3_62',
  'WHS4_100',
  'WHS4_117',
  'WHS4_129',
  'WHS4_543',
  'WHS6_102',
  'WHS7_113',
  'WHS7_156',
  'WHS9_93',
] as const;

const YEARS = Array.from({ length: 18 }, (_, i) => 1999 + i);

/** Splits one line of a comma CSV with double-quoted fields (the GHO exports never break lines inside quotes). */
export function splitQuoted(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

/**
 * Reads one indicator: value per "ISO3|year" for country rows of one sex (both sexes by default; ignored when
 * the indicator has no sex dimension) and the total residence area.
 * @param dataDir path of who-gho-2018
 * @param code GHO indicator code (source/<code>.csv)
 * @param sex BTSX, MLE or FMLE
 */
export function readIndicator(dataDir: string, code: string, sex: 'BTSX' | 'MLE' | 'FMLE' = 'BTSX'): { column: string; values: Map<string, number> } {
  const lines = readFileSync(path.join(dataDir, 'source', `${code}.csv`), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = splitQuoted(lines[0]);
  const at = (name: string) => header.indexOf(name);
  const [iYear, iCountry, iSex, iRes, iNum] = [at('YEAR'), at('COUNTRY'), at('SEX'), at('RESIDENCEAREATYPE'), at('Numeric')];
  const values = new Map<string, number>();
  for (const line of lines.slice(1)) {
    const f = splitQuoted(line);
    if (iCountry === -1 || f[iCountry] === '') continue;
    if (iSex !== -1 && f[iSex] !== sex) continue;
    if (iRes !== -1 && f[iRes] !== 'TOTL') continue;
    const v = f[iNum] === '' ? NaN : Number(f[iNum]);
    if (Number.isFinite(v)) values.set(`${f[iCountry]}|${f[iYear]}`, v);
  }
  return { column: iSex !== -1 ? `${code}-SEX_${sex}` : code, values };
}

/**
 * The WHO region of every country that has one (ISO3 -> e.g. "Eastern Mediterranean"), from all_countries.csv.
 * @param dataDir path of who-gho-2018
 */
export function readWhoRegions(dataDir: string): Map<string, string> {
  const countryLines = readFileSync(path.join(dataDir, 'all_countries.csv'), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const countryHeader = splitQuoted(countryLines[0]);
  const iIso = countryHeader.indexOf('country');
  const iRegion = countryHeader.indexOf('WHO_REGION');
  const regionOf = new Map<string, string>();
  for (const line of countryLines.slice(1)) {
    const f = splitQuoted(line);
    if (f[iRegion]) regionOf.set(f[iIso], f[iRegion]);
  }
  return regionOf;
}

/**
 * Builds the panel as semicolon CSV text.
 * @param dataDir path of who-gho-2018
 */
export function buildWhoPanelCsv(dataDir: string): string {
  const regionOf = readWhoRegions(dataDir);
  const indicators = [readIndicator(dataDir, 'WHOSIS_000001'), ...WHO_PANEL_INDICATORS.map((code) => readIndicator(dataDir, code))];
  const countries = [...regionOf.keys()].sort();
  const header = ['countryName', 'regionName', 'year', ...indicators.map((i) => i.column)];
  const rows = [header.join(';')];
  for (const iso of countries) {
    for (const year of YEARS) {
      const cells = indicators.map((ind) => {
        const v = ind.values.get(`${iso}|${year}`);
        return v === undefined ? '' : String(v);
      });
      rows.push([iso, regionOf.get(iso) as string, String(year), ...cells].join(';'));
    }
  }
  return `${rows.join('\n')}\n`;
}

/** Default location of the data next to the repository. */
export function defaultWhoDataDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/data/who-gho-2018');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ?? path.join(os.tmpdir(), 'who-panel.csv');
  writeFileSync(out, buildWhoPanelCsv(defaultWhoDataDir()));
  process.stdout.write(`${out}\n`);
}
