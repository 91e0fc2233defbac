/**
 * `npx tsx bench/discretization.ts [--groups 3]`: which automatic cut of the target a test can judge, on every bench
 * panel (bench/panels/definitions.ts): equal-width against quantile classes fit on the training years (the engine's
 * own fitTargetClasses), with the split of `npm run bench -- --panels` (the latest 30% of rows' years as test). Per
 * panel and method: the class checks the wizard shows (contracts classSplitChecks: refusals, warnings), the smallest
 * class in the test years, and how precisely the test years can score a model: persistence's test macro-F1 with its
 * bootstrap standard error (wider when a class has a handful of test rows).
 */
import { readFileSync } from 'node:fs';
import { classSplitChecks, decodeCsvBytes, splitYearsOf } from '@indicata/contracts';
import { frameFromTable, parseAnyDelimiterCsv } from '../packages/engine/src/data/csv.ts';
import { assignClass, fitTargetClasses } from '../packages/engine/src/preprocess/target-classes.ts';
import { macroF1 } from '../packages/engine/src/metrics/classification.ts';
import { createRng } from '../packages/engine/src/data/random.ts';
import { buildPanel, DEFAULT_PANEL_DIR } from './panels/build.ts';
import { PANELS } from './panels/definitions.ts';

const groupsArg = process.argv.indexOf('--groups');
const groups = groupsArg >= 0 ? Number(process.argv[groupsArg + 1]) : 3;
const BOOTSTRAP = 300;

function bootstrapSe(actual: Int32Array, predicted: Int32Array, nClasses: number, seed: number): number {
  const rng = createRng(seed);
  const n = actual.length;
  const scores: number[] = [];
  for (let b = 0; b < BOOTSTRAP; b++) {
    const a = new Int32Array(n);
    const p = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const j = Math.floor(rng.next() * n);
      a[i] = actual[j];
      p[i] = predicted[j];
    }
    scores.push(macroF1(a, p, nClasses));
  }
  const mean = scores.reduce((s, v) => s + v, 0) / BOOTSTRAP;
  return Math.sqrt(scores.reduce((s, v) => s + (v - mean) ** 2, 0) / (BOOTSTRAP - 1));
}

console.log(`| panel | method | classes (train rows) | smallest class in test years | refusals / warnings | persistence test macro-F1 (bootstrap se) |`);
console.log('|---|---|---|---|---|---|');
const totals = { 'equal-width': { refusals: 0, warnings: 0, se: [] as number[] }, quantile: { refusals: 0, warnings: 0, se: [] as number[] } };
for (const definition of PANELS) {
  const panel = buildPanel(definition, DEFAULT_PANEL_DIR);
  const frame = frameFromTable(parseAnyDelimiterCsv(decodeCsvBytes(readFileSync(panel.csvPath))), { spaceColumn: 'countryName', timeColumn: 'year', regionColumn: 'regionName' });
  const target = frame.columns.find((c) => c.name === panel.targetColumn)?.values as Float64Array;
  const known = [...target.keys()].filter((i) => !Number.isNaN(target[i]));
  const { trainYears, testYears } = splitYearsOf(known.map((i) => frame.time[i]), { mode: 'percent', percent: 30 });
  const train = known.filter((i) => trainYears.includes(frame.time[i]));
  const test = known.filter((i) => testYears.includes(frame.time[i]));
  for (const method of ['equal-width', 'quantile'] as const) {
    const fitted = fitTargetClasses(Float64Array.from(train, (i) => target[i]), { mode: 'automatic', groups, method });
    const k = fitted.classes.length;
    const classOf = (i: number) => assignClass(target[i], fitted);
    const count = (rows: number[]) => rows.reduce((c, i) => (c[classOf(i)] += 1, c), new Array<number>(k).fill(0));
    const trainCounts = count(train);
    const testCounts = count(test);
    const checks = classSplitChecks({
      classes: fitted.classes.map((c, j) => ({ title: c.title, count: trainCounts[j] + testCounts[j], train: trainCounts[j], test: testCounts[j] })),
      split: { trainYears, testYears, trainRows: train.length, testRows: test.length, testRegion: null },
    });
    // Persistence on the test rows: each place's class of its latest earlier known year.
    const latest = new Map<string, { time: number; cls: number }>();
    const order = [...known].sort((a, b) => frame.time[a] - frame.time[b]);
    const predicted: number[] = [];
    const actual: number[] = [];
    const majority = trainCounts.indexOf(Math.max(...trainCounts));
    for (const i of order) {
      const place = frame.space[i];
      if (testYears.includes(frame.time[i])) {
        actual.push(classOf(i));
        predicted.push(latest.get(place)?.cls ?? majority);
      }
      latest.set(place, { time: frame.time[i], cls: classOf(i) });
    }
    const a = Int32Array.from(actual);
    const p = Int32Array.from(predicted);
    const se = bootstrapSe(a, p, k, definition.id);
    const refusals = checks.filter((c) => c.refuse).length;
    const warnings = checks.length - refusals;
    totals[method].refusals += refusals;
    totals[method].warnings += warnings;
    totals[method].se.push(se);
    console.log(`| ${definition.id} ${definition.name} | ${method} | ${trainCounts.join(' / ')} | ${Math.min(...testCounts)} | ${refusals} / ${warnings} | ${macroF1(a, p, k).toFixed(3)} (${se.toFixed(3)}) |`);
  }
}
for (const [method, t] of Object.entries(totals)) {
  const sorted = [...t.se].sort((x, y) => x - y);
  console.log(`${method}: ${t.refusals} refusals, ${t.warnings} warnings over ${PANELS.length} panels; median bootstrap se of a test macro-F1 ${sorted[Math.floor(sorted.length / 2)].toFixed(3)}, largest ${sorted.at(-1)?.toFixed(3)}`);
}
