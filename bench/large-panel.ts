/**
 * The budget on data larger than the WHO panels: `node --import tsx bench/large-panel.ts [--sizes 24000,120000,240000]
 * [--budgets 30,60] [--seed 1] [--test-year YEAR] [--repo DIR]`.
 *
 * A region-by-year panel like a user's own municipal data (places x years, 20 indicators, a skewed rate cut into 5
 * equal-width classes, so most rows are class 1 and classes rarely change), generated here with a seeded generator,
 * run through the README's CLI with all five families as a child process and timed by wall clock. Per run it prints
 * the wall time against the ceiling (budget + 5%), which families reached the test rows, which were left out, whether a
 * smaller forest stood in for the 300 trees, the recommendation and its test macro-F1 beside persistence's.
 * `--test-year` tests one year (2000-2019; the app's default split is one year) instead of the latest 30% of years;
 * the yearly check column then says whether the model chosen on the pooled validation rows held up year by year.
 * `--repo` runs another checkout's CLI on the same files (a before/after on one machine).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AutoMLResults } from '@indicata/contracts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(benchDir, 'out', 'large');
const FAMILIES = ['DT', 'RF', 'KNN', 'SVM', 'ANN'] as const;
const YEARS = 20;
const INDICATORS = 20;
const SLACK = 0.05;

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '24000,120000,240000' },
    budgets: { type: 'string', default: '30,60' },
    seed: { type: 'string', default: '1' },
    'test-year': { type: 'string', default: '' },
    repo: { type: 'string', default: path.join(benchDir, '..') },
  },
});
const sizes = args.sizes.split(',').map(Number);
const budgets = args.budgets.split(',').map(Number);
const seed = Number(args.seed);
const split = args['test-year'] ? ['--test-year', args['test-year']] : ['--test-percent', '30'];
const repoDir = path.resolve(args.repo);

/**
 * A small seeded generator of the bench's own, not the engine's `createRng`: the panels must stay the same across the
 * commits compared, whatever the engine's random numbers become.
 */
function rng(start: number): () => number {
  let s = start >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function normal(next: () => number): number {
  return Math.sqrt(-2 * Math.log(Math.max(1e-12, next()))) * Math.cos(2 * Math.PI * next());
}

/**
 * Writes a panel of `rows` rows (rows / YEARS places): each place has a latent level (log-normal, so the rate is
 * skewed) that drifts slowly; the rate follows the level with noise; half the indicators read the level through
 * noise and a place effect, the rest are noise; 3% of indicator values are missing.
 */
function writePanel(rows: number): string {
  const next = rng(rows);
  const places = Math.ceil(rows / YEARS);
  const header = ['place', 'region', 'year', 'rate', ...Array.from({ length: INDICATORS }, (_, k) => `ind${k + 1}`)].join(';');
  const lines = [header];
  for (let p = 0; p < places; p++) {
    let level = normal(next) * 0.9;
    const drift = normal(next) * 0.03 - 0.02;
    const effects = Array.from({ length: INDICATORS }, () => normal(next) * 0.5);
    for (let y = 0; y < YEARS; y++) {
      level += drift + normal(next) * 0.05;
      const rate = Math.exp(level + normal(next) * 0.08) * 10;
      const indicators = effects.map((effect, k) => {
        if (next() < 0.03) return '';
        const value = k < INDICATORS / 2 ? level * (1 + k / 5) + effect + normal(next) * 0.6 : effect + normal(next);
        return value.toFixed(4);
      });
      lines.push([`P${p}`, `R${p % 12}`, String(2000 + y), rate.toFixed(4), ...indicators].join(';'));
    }
  }
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `panel-${rows}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

interface Row {
  rows: number;
  budget: number;
  wall: number;
  tested: string[];
  leftOut: string[];
  smallerForest: string;
  best: string;
  bestTest: number | null;
  persistenceTest: number | null;
  yearly: string;
}

function run(csv: string, rows: number, budget: number): Row {
  const out = path.join(outDir, `result-${rows}-${budget}${args['test-year'] ? `-year${args['test-year']}` : ''}.json`);
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/engine/src/cli/main.ts', '--csv', csv, '--target', 'rate', '--time-column', 'year', '--space-column', 'place', '--region-column', 'region',
      ...split, '--groups', '5', '--discretize', 'equal-width', '--models', FAMILIES.join(','), '--budget', String(budget), '--seed', String(seed), '--out', out],
    { cwd: repoDir, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const wall = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`the CLI failed on ${rows} rows, budget ${budget}: ${child.stderr.slice(-2000)}`);
  const results = JSON.parse(readFileSync(out, 'utf8')) as AutoMLResults;
  const macro = (name: string) => results.summary.find((r) => r.Algorithm === name && r.Category === 'macro avg')?.f1 ?? null;
  const persistence = results.baselines?.find((b) => b.name === 'persistence');
  return {
    rows,
    budget,
    wall,
    tested: FAMILIES.filter((f) => macro(f) !== null),
    leftOut: FAMILIES.filter((f) => results.warnings.some((w) => w.startsWith(`${f}: no candidate finished`))),
    smallerForest: results.warnings.find((w) => w.includes('smaller forests'))?.match(/\(([\d, ]+) trees\)/)?.[1] ?? '-',
    best: results.best,
    bestTest: macro(results.best),
    persistenceTest: persistence?.test.macroF1 ?? null,
    yearly: results.choice?.yearly ? results.choice.yearly.compared.map((c) => `${c.algorithm} ${c.passed ? 'held' : 'failed'}`).join(', ') : '-',
  };
}

const f3 = (v: number | null) => (v === null ? '-' : v.toFixed(3));
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoDir, encoding: 'utf8' }).stdout.trim();
console.log(`Large-panel budget bench ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${repoDir} at ${commit}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, seed ${seed}`);
console.log('| rows | budget s | wall s | within budget + 5% | families with test scores | left out | smaller forest (trees) | recommended | its test macro-F1 | persistence test | yearly check |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
let allWithin = true;
for (const rows of sizes) {
  const csv = writePanel(rows);
  for (const budget of budgets) {
    const r = run(csv, rows, budget);
    const within = r.wall <= budget * (1 + SLACK);
    allWithin &&= within;
    console.log(`| ${r.rows} | ${r.budget} | ${r.wall.toFixed(1)} | ${within ? 'yes' : 'NO'} | ${r.tested.join(', ') || '-'} | ${r.leftOut.join(', ') || '-'} | ${r.smallerForest} | ${r.best} | ${f3(r.bestTest)} | ${f3(r.persistenceTest)} | ${r.yearly} |`);
  }
}
console.log(`wall <= budget + 5% on every run: ${allWithin ? 'met' : 'NOT MET'}`);
if (!allWithin) process.exitCode = 1;
