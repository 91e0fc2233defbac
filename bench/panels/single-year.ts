/**
 * The real panels with a single test year, as the app splits by default: `node --import tsx bench/panels/single-year.ts
 * [--panels 1,14] [--seed 1] [--budget 60]`.
 *
 * Per panel (values, `--target-history auto`), the README's CLI with `--test-year` set to the panel's last year instead
 * of `--test-percent 30`, as a child process timed by wall clock. It prints the recommendation and its test macro-F1
 * beside persistence's, the model the search chose on the pooled validation rows, and the yearly check: each model
 * that beat the rule there, its mean yearly validation macro-F1 against the rule's, and whether it held. A model the
 * check vetoed still has its test score in the results, so one run shows what was recommended before the check too.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AutoMLResults } from '@indicata/contracts';
import { PANELS } from './definitions.ts';
import { buildPanel, DEFAULT_PANEL_DIR } from './build.ts';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    panels: { type: 'string', default: '' },
    seed: { type: 'string', default: '1' },
    budget: { type: 'string', default: '60' },
  },
});
const ids = args.panels.split(',').filter(Boolean).map(Number);
const f3 = (v: number | null | undefined) => (typeof v === 'number' ? v.toFixed(3) : '-');

console.log(`Single-test-year panels ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, seed ${args.seed}, budget ${args.budget} s`);
console.log('| panel | test year (rows) | recommended | its test macro-F1 | persistence test | pooled-validation choice (test) | yearly check: model mean / rule mean | wall s |');
console.log('|---|---|---|---|---|---|---|---|');
for (const def of PANELS.filter((d) => ids.length === 0 || ids.includes(d.id))) {
  const panel = buildPanel(def, DEFAULT_PANEL_DIR, false);
  const [header, ...rows] = readFileSync(panel.csvPath, 'utf8').split('\n').filter(Boolean);
  const yearAt = header.split(';').indexOf('year');
  const last = Math.max(...rows.map((line) => Number(line.split(';')[yearAt])));
  const out = path.join(DEFAULT_PANEL_DIR, `single-year-${def.id}-seed${args.seed}.json`);
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/engine/src/cli/main.ts', '--csv', panel.csvPath, '--target', panel.targetColumn, '--time-column', 'year', '--space-column', 'countryName',
      '--region-column', 'regionName', '--test-year', String(last), '--classes', panel.classes, '--models', 'DT,RF,KNN,SVM,ANN', '--budget', args.budget,
      '--seed', args.seed, '--target-history', 'auto', '--out', out],
    { cwd: repoDir, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const wall = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`the CLI failed on panel ${def.id}: ${child.stderr.slice(-2000)}`);
  const results = JSON.parse(readFileSync(out, 'utf8')) as AutoMLResults;
  const test = (name: string) => results.models[name as keyof typeof results.models]?.test.macroF1;
  const model = results.choice?.model ?? results.best;
  const yearly = results.choice?.yearly;
  const check = yearly ? yearly.compared.map((c) => `${c.algorithm} ${f3(c.modelMacroF1)} / ${f3(c.ruleMacroF1)} ${c.passed ? 'held' : 'failed'}`).join('; ') : '-';
  console.log(`| ${def.id} | ${last} (${results.split.testRows}) | ${results.best} | ${f3(test(results.best))} | ${f3(test('Persistence'))} | ${model} (${f3(test(model))}) | ${check} | ${wall.toFixed(1)} |`);
}
