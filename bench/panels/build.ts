/**
 * Builds the real panels of `npm run bench -- --panels` (bench/panels/definitions.ts) as semicolon CSVs the CLI reads:
 * countryName;regionName;year;<target>;<features...>, one row per country and year with a target value, sorted by
 * country then year. The 5 target classes are cut from every row of the panel and written as manual classes
 * ("1:lo:hi,2:...") so the engine and scikit-learn use the same class definitions. Deterministic: the same data
 * gives byte-identical files.
 *
 *   node --import tsx bench/panels/build.ts [OUT_DIR]   (default bench/out/panels)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readIndicator, readWhoRegions, splitQuoted } from '../who-panel.ts';
import { PANEL_CLASSES, PANELS, type EdgeRule, type PanelDefinition } from './definitions.ts';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** ../shared/data next to the repository. */
export const SHARED_DATA_DIR = path.resolve(benchDir, '../../shared/data');
export const DEFAULT_PANEL_DIR = path.join(benchDir, 'out', 'panels');

/** A built panel: its CSV on disk and what both sides need to read it the same way. */
export interface BuiltPanel {
  definition: PanelDefinition;
  csvPath: string;
  /** CSV column of the target. */
  targetColumn: string;
  featureColumns: string[];
  /** The --classes value: "1:lo:hi,2:lo:hi,...", lo of class 1 = the panel's minimum, hi of class 5 = its maximum. */
  classes: string;
  rows: number;
  countries: number;
  /** Rows per class (all years). */
  classCounts: number[];
}

/** Kaggle country names that who_density_life_expectancy_merged.csv does not list, with their ISO3 code. */
const KAGGLE_ISO3_ALIASES: Record<string, string> = {
  'Bahamas, The': 'BHS',
  'Congo, Dem. Rep.': 'COD',
  'Congo, Rep.': 'COG',
  "Cote d'Ivoire": 'CIV',
  'Egypt, Arab Rep.': 'EGY',
  'Gambia, The': 'GMB',
  'Guinea-Bissau': 'GNB',
  'Iran, Islamic Rep.': 'IRN',
  'Micronesia, Fed. Sts.': 'FSM',
  'Sao Tome and Principe': 'STP',
  'St. Lucia': 'LCA',
  'St. Vincent and the Grenadines': 'VCT',
  'Timor-Leste': 'TLS',
  'Venezuela, RB': 'VEN',
  Vietnam: 'VNM',
  'Yemen, Rep.': 'YEM',
};

/** One panel cell table before writing: space, region, year, target, then features. */
interface PanelRows {
  targetColumn: string;
  featureColumns: string[];
  rows: { space: string; region: string; year: number; target: number; features: number[] }[];
}

/** Reads a plain comma CSV (the Kaggle files; fields may be double-quoted) into objects keyed by header. */
function readCommaCsv(file: string): Record<string, string>[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = splitQuoted(lines[0]);
  return lines.slice(1).map((line) => {
    const f = splitQuoted(line);
    return Object.fromEntries(header.map((h, i) => [h, f[i] ?? '']));
  });
}

/** Indicator values by id, read once per process (several panels share indicators). */
const ghoCache = new Map<string, { column: string; values: Map<string, number> }>();

function ghoIndicator(dataDir: string, id: string): { column: string; values: Map<string, number> } {
  let hit = ghoCache.get(id);
  if (!hit) {
    const [code, sex] = id.split('@') as [string, 'BTSX' | 'MLE' | 'FMLE' | undefined];
    hit = readIndicator(dataDir, code, sex ?? 'BTSX');
    ghoCache.set(id, hit);
  }
  return hit;
}

function ghoRows(def: PanelDefinition): PanelRows {
  const dataDir = path.join(SHARED_DATA_DIR, 'who-gho-2018');
  const regionOf = readWhoRegions(dataDir);
  const target = ghoIndicator(dataDir, def.target);
  const features = def.features.map((id) => ghoIndicator(dataDir, id));
  const rows: PanelRows['rows'] = [];
  for (const iso of [...regionOf.keys()].sort()) {
    for (let year = def.years[0]; year <= def.years[1]; year++) {
      const key = `${iso}|${year}`;
      const value = target.values.get(key);
      if (value === undefined) continue;
      rows.push({ space: iso, region: regionOf.get(iso) as string, year, target: value, features: features.map((f) => f.values.get(key) ?? NaN) });
    }
  }
  return { targetColumn: target.column, featureColumns: features.map((f) => f.column), rows };
}

function kaggleRows(def: PanelDefinition): PanelRows {
  const dir = path.join(SHARED_DATA_DIR, 'life-expectancy-updated');
  const regionOf = readWhoRegions(path.join(SHARED_DATA_DIR, 'who-gho-2018'));
  const iso3Of = new Map<string, string>(Object.entries(KAGGLE_ISO3_ALIASES));
  for (const r of readCommaCsv(path.join(dir, 'who_density_life_expectancy_merged.csv'))) iso3Of.set(r.Country, r.iso3);
  const cell = (text: string | undefined): number => (text === undefined || text.trim() === '' ? NaN : Number(text));
  const rows: PanelRows['rows'] = [];
  for (const r of readCommaCsv(path.join(dir, 'Life-Expectancy-Data-Updated.csv'))) {
    const year = Number(r.Year);
    const target = cell(r[def.target]);
    if (year < def.years[0] || year > def.years[1] || Number.isNaN(target)) continue;
    const region = regionOf.get(iso3Of.get(r.Country) ?? '');
    if (!region) throw new Error(`No WHO region for the Kaggle country "${r.Country}"; add it to KAGGLE_ISO3_ALIASES.`);
    rows.push({ space: r.Country, region, year, target, features: def.features.map((c) => cell(r[c])) });
  }
  rows.sort((a, b) => (a.space < b.space ? -1 : a.space > b.space ? 1 : a.year - b.year));
  return { targetColumn: def.target, featureColumns: def.features, rows };
}

/** A round edge (4 significant digits), so the --classes text is short and reads the same on both sides. */
function roundEdge(x: number): number {
  return Number(x.toPrecision(4));
}

/** Linear-interpolation quantile of sorted values (numpy's default). */
function quantile(sorted: number[], q: number): number {
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/**
 * The 6 class bounds of a panel's target: the minimum, 4 rounded inner edges, the maximum.
 * @param values every target value of the panel
 * @param rule equal-width or quantile
 */
export function classBounds(values: number[], rule: EdgeRule): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const lo = sorted[0];
  const hi = sorted[sorted.length - 1];
  const inner = Array.from({ length: PANEL_CLASSES - 1 }, (_, i) => {
    const q = (i + 1) / PANEL_CLASSES;
    return roundEdge(rule === 'equal-width' ? lo + (hi - lo) * q : quantile(sorted, q));
  });
  const bounds = [lo, ...inner, hi];
  for (let i = 1; i < bounds.length; i++) {
    if (!(bounds[i] > bounds[i - 1])) throw new Error(`class bounds are not increasing: ${bounds.join(', ')}`);
  }
  return bounds;
}

/** Class (0-based) of a value under contiguous bounds: [min, max) and the last class closed (the engine's rule). */
function classIndex(value: number, bounds: number[]): number {
  for (let i = 0; i < bounds.length - 2; i++) if (value < bounds[i + 1]) return i;
  return bounds.length - 2;
}

/**
 * The --classes value of a target written as its class code 1..5: one class per code, edges halfway between codes
 * (the form of panels that come with the target already coded as classes).
 */
export const CODED_CLASSES = Array.from({ length: PANEL_CLASSES }, (_, i) => `${i + 1}:${i + 0.5}:${i + 1.5}`).join(',');

/**
 * Builds one panel and writes it to outDir/panel-<id>.csv.
 * @param def the panel definition
 * @param outDir folder for the CSV (created)
 * @param codedTarget write the target as its class code 1..5 (to outDir/panel-<id>-coded.csv, with CODED_CLASSES)
 *   instead of its value: the same rows, classes and split, as panels arrive that are already coded
 */
export function buildPanel(def: PanelDefinition, outDir: string = DEFAULT_PANEL_DIR, codedTarget = false): BuiltPanel {
  const table = def.source === 'who-gho-2018' ? ghoRows(def) : kaggleRows(def);
  const bounds = classBounds(
    table.rows.map((r) => r.target),
    def.edges,
  );
  const classes = bounds
    .slice(0, -1)
    .map((lo, i) => `${i + 1}:${String(lo)}:${String(bounds[i + 1])}`)
    .join(',');
  const classCounts = new Array<number>(PANEL_CLASSES).fill(0);
  for (const r of table.rows) classCounts[classIndex(r.target, bounds)] += 1;
  const num = (v: number) => (Number.isNaN(v) ? '' : String(v));
  const lines = [['countryName', 'regionName', 'year', table.targetColumn, ...table.featureColumns].join(';')];
  const target = (value: number) => (codedTarget ? String(classIndex(value, bounds) + 1) : num(value));
  for (const r of table.rows) lines.push([r.space, r.region, String(r.year), target(r.target), ...r.features.map(num)].join(';'));
  mkdirSync(outDir, { recursive: true });
  const csvPath = path.join(outDir, `panel-${def.id}${codedTarget ? '-coded' : ''}.csv`);
  writeFileSync(csvPath, `${lines.join('\n')}\n`);
  return {
    definition: def,
    csvPath,
    targetColumn: table.targetColumn,
    featureColumns: table.featureColumns,
    classes: codedTarget ? CODED_CLASSES : classes,
    rows: table.rows.length,
    countries: new Set(table.rows.map((r) => r.space)).size,
    classCounts,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ?? DEFAULT_PANEL_DIR;
  for (const def of PANELS) {
    const p = buildPanel(def, outDir);
    process.stdout.write(
      `${def.id} ${def.name}: ${p.rows} rows, ${p.countries} countries, ${p.featureColumns.length} indicators, classes ${p.classes} (counts ${p.classCounts.join('/')}) -> ${p.csvPath}\n`,
    );
  }
}
