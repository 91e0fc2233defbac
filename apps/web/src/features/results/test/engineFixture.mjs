// Real engine output for the results views' component tests: runs the engine CLI once on the shared
// life-expectancy panel (a WHO-derived country-by-year table) and caches the results JSON in the OS temp
// directory, keyed by the engine's sources, so a changed engine is run again. Plain JavaScript so the web
// workspace's browser-only TypeScript settings need no Node types; the web never imports the engine.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
export const ENGINE_FIXTURE_SOURCE = path.resolve(repoRoot, '../shared/data/life-expectancy-updated/Life-Expectancy-Data-Updated.csv');

const CLI_ARGS = [
  '--target', 'Life_expectancy', '--time-column', 'year', '--space-column', 'countryName', '--region-column', 'regionName',
  '--test-percent', '30', '--groups', '3', '--models', 'DT,RF,KNN,ANN', '--budget', '24', '--seed', '7', '--workers', '1',
];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

function cacheKey() {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(CLI_ARGS));
  const files = [...sourceFiles(path.join(repoRoot, 'packages/engine/src')), path.join(repoRoot, 'packages/contracts/src/results.ts')].sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Years 2009..2015 of the panel (the most recent 30% by year are the test rows) with the WHO column names, semicolon-separated (the engine's CSV format). */
function writeInput(file) {
  const lines = readFileSync(ENGINE_FIXTURE_SOURCE, 'utf8').trim().split(/\r?\n/);
  const header = lines[0].split(',').map((name) => ({ Country: 'countryName', Region: 'regionName', Year: 'year' })[name] ?? name);
  const yearIndex = header.indexOf('year');
  const rows = lines.slice(1).map((line) => line.split(',')).filter((cells) => Number(cells[yearIndex]) >= 2009);
  writeFileSync(file, [header, ...rows].map((cells) => cells.join(';')).join('\n'));
}

/**
 * The results of a real engine run, or null when the shared data is absent.
 * @returns the parsed results JSON (AutoMLResults)
 */
export function loadEngineResults() {
  if (!existsSync(ENGINE_FIXTURE_SOURCE)) return null;
  const dir = path.join(os.tmpdir(), 'indicata-web-results-fixture');
  mkdirSync(dir, { recursive: true });
  const cached = path.join(dir, `results-${cacheKey()}.json`);
  if (!existsSync(cached)) {
    const input = path.join(dir, `input-${process.pid}.csv`);
    const output = path.join(dir, `out-${process.pid}.json`);
    writeInput(input);
    execFileSync(process.execPath, ['--import', 'tsx', 'packages/engine/src/cli/main.ts', '--csv', input, ...CLI_ARGS, '--out', output], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 9 * 60 * 1000,
    });
    renameSync(output, cached);
  }
  return JSON.parse(readFileSync(cached, 'utf8'));
}
