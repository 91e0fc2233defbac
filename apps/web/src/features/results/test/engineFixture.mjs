// Real engine output for the results views' component tests: runs the engine CLI once on the shared
// life-expectancy panel (a WHO-derived country-by-year table) and caches the results JSON in the OS temp
// directory, keyed by the engine's sources, so a changed engine is run again. Plain JavaScript so the web
// workspace's browser-only TypeScript settings need no Node types; the web never imports the engine.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
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

/** Runs the engine on the panel and writes its results JSON to `cached` (renamed into place once complete). */
function runEngine(dir, cached) {
  const input = path.join(dir, `input-${process.pid}.csv`);
  const output = path.join(dir, `out-${process.pid}.json`);
  writeInput(input);
  execFileSync(process.execPath, ['--import', 'tsx', 'packages/engine/src/cli/main.ts', '--csv', input, ...CLI_ARGS, '--out', output], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 9 * 60 * 1000,
  });
  renameSync(output, cached);
  rmSync(input, { force: true });
}

/** Whether the process named in a lock file is gone (or the lock is older than the engine run's timeout). */
function lockAbandoned(lock) {
  try {
    if (Date.now() - statSync(lock).mtimeMs > 10 * 60 * 1000) return true;
    const pid = Number(readFileSync(lock, 'utf8'));
    // Not written yet: its owner has just created it.
    if (!pid) return false;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * The results of a real engine run, or null when the shared data is absent.
 * The test files that use it start side by side (Vitest's workers are processes): the first one to take the lock file
 * runs the engine, the others wait for its results instead of each running the same engine run (about 16 CPU-s) at
 * once.
 * @returns the parsed results JSON (AutoMLResults)
 */
export function loadEngineResults() {
  if (!existsSync(ENGINE_FIXTURE_SOURCE)) return null;
  const dir = path.join(os.tmpdir(), 'indicata-web-results-fixture');
  mkdirSync(dir, { recursive: true });
  const cached = path.join(dir, `results-${cacheKey()}.json`);
  const lock = `${cached}.lock`;
  while (!existsSync(cached)) {
    let fd;
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, String(process.pid));
        closeSync(fd);
        if (!existsSync(cached)) runEngine(dir, cached);
      } finally {
        rmSync(lock, { force: true });
      }
      break;
    }
    // Another process is running the engine: wait for its results, or take over if it died without them.
    if (lockAbandoned(lock)) rmSync(lock, { force: true });
    else Atomics.wait(pause, 0, 0, 250);
  }
  return JSON.parse(readFileSync(cached, 'utf8'));
}
