/**
 * `npm run bench -- --panels[=1,3] [--budget 60] [--seeds 1[,2,3]] [--target-history off,auto] [--fresh-sklearn] [--coded-target] [--replay]`:
 * the engine's auto search on real WHO panels (bench/panels/definitions.ts), side by side with scikit-learn on the same split and classes.
 *
 * Per panel: the CLI exactly as the README gives it (`npm run automl -- --csv ... --test-percent 30 --classes ...
 * --models DT,RF,KNN,SVM,ANN --budget 60 --seed 1 --out r.json`) as a child process, timed by wall clock, once per
 * target-history mode (off and auto; a CLI without `--target-history` runs once, as "-"); then bench/sklearn_panels.py
 * on the train/test years the engine wrote into its results, checking that its rows per class equal the engine's.
 * The scikit-learn results are cached in bench/out/panels/ (keyed by the panel file, spec and script), as they do not
 * depend on the engine; --fresh-sklearn recomputes them. --coded-target writes each target as its class code 1..5 and
 * passes `--classes "1:0.5:1.5,...,5:4.5:5.5"`, as panels with an already coded target come (same rows, classes and split).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AutoMLResults, ModelFamily } from '@indicata/contracts';
import { buildPanel, DEFAULT_PANEL_DIR, type BuiltPanel } from './build.ts';
import { PANELS, STICKY_PANEL_IDS } from './definitions.ts';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(benchDir, '..');
const CLI = path.join(repoDir, 'packages/engine/src/cli/main.ts');
/** Families in the order of the engine's --models list (and of the table's columns). */
const FAMILIES: ModelFamily[] = ['DT', 'RF', 'KNN', 'SVM', 'ANN'];
/** Allowed overrun of the budget (the target: wall time <= budget + 5%, the budget being a ceiling). */
const BUDGET_SLACK = 0.05;
/** The engine may score at most this much below scikit-learn's RF-300 on any panel. */
const RF_MARGIN = 0.01;
/** The chosen model may score at most this much below the persistence baseline on the test rows. */
const PERSISTENCE_MARGIN = 0.005;
/** ... and at most this much below the engine's own best single family. */
const FAMILY_MARGIN = 0.02;

interface Options {
  panelIds: number[];
  budget: number;
  /**
   * The engine's --seed values, one run per seed (the README's command uses 1). With several, the targets are also
   * checked on the mean over the seeds, as scikit-learn's RF-300 is the mean over its own three seeds.
   */
  seeds: number[];
  modes: string[] | null;
  freshSklearn: boolean;
  /** Each panel's target written as its class code 1..5, with --classes "1:0.5:1.5,..." (coded panels' command). */
  codedTarget: boolean;
  /** After each run, replay its results file at one thread (`--replay`) and check that every value matches. */
  replay: boolean;
}

interface EngineRun {
  mode: string;
  seed: number;
  wallSeconds: number;
  loadBefore: number;
  loadAfter: number;
  elapsedSeconds: number;
  best: string;
  bestParams: Record<string, unknown>;
  testMacroF1: number;
  validationMacroF1: number;
  /** Per family: "evaluated/planned" (a trailing * when the budget stopped the search). */
  evaluated: Record<string, string>;
  familyTestMacroF1: Record<string, number | null>;
  cvGap: string;
  targetHistoryUsed: boolean | null;
  /** The persistence baseline's pooled validation macro-F1 (null from engines that do not score it) and test macro-F1. */
  persistenceValidation: number | null;
  persistenceTest: number;
  /** Whether the ensemble was the engine's model choice, and its margin over its best member (engines that report it). */
  ensembleMargin: string;
  /** The horizon check (the choice against the rule on the last training years, as far ahead as the test years). */
  horizon: string;
  /** The recommended model's prediction sets on the test rows and its calibration (engines that report them). */
  trust: string;
  budgetUse: AutoMLResults['budgetUse'] | null;
  warnings: string[];
  /** With --replay: whether the one-thread replay matched every value, and its wall time. */
  replay: string;
}

interface SklearnResult {
  trainRows: number;
  testRows: number;
  rf300: { testMacroF1: number; perSeed: number[]; fitPredictSeconds: number };
  /** RF-300 with the target's previous class and the years since as inputs (absent in older caches). */
  rf300History?: { testMacroF1: number; perSeed: number[] };
  grid: { candidates: number; folds: number[]; chosen: string; family: string; validationMacroF1: number; testMacroF1: number; seconds: number };
}

function parseOptions(argv: string[]): Options {
  const valueOf = (name: string): string | undefined => {
    const eq = argv.find((a) => a.startsWith(`--${name}=`));
    if (eq) return eq.slice(name.length + 3);
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[i + 1] : undefined;
  };
  const list = valueOf('panels');
  const panelIds = list ? list.split(',').map(Number) : PANELS.map((p) => p.id);
  for (const id of panelIds) if (!PANELS.some((p) => p.id === id)) throw new Error(`--panels: no panel ${id} (panels 1-${PANELS.length})`);
  const budget = Number(valueOf('budget') ?? '60');
  if (!(budget > 0)) throw new Error('--budget must be a positive number of seconds');
  const seeds = (valueOf('seeds') ?? valueOf('seed') ?? '1').split(',').map(Number);
  if (!seeds.every((seed) => Number.isInteger(seed) && seed >= 0)) throw new Error('--seeds must be non-negative integers, comma-separated');
  const modes = valueOf('target-history')?.split(',') ?? null;
  return { panelIds, budget, seeds: [...new Set(seeds)], modes, freshSklearn: argv.includes('--fresh-sklearn'), codedTarget: argv.includes('--coded-target'), replay: argv.includes('--replay') };
}

/** Whether this engine's CLI knows --target-history (the reworked search adds it). */
function cliHasTargetHistory(): boolean {
  const help = spawnSync(process.execPath, ['--import', 'tsx', CLI, '--help'], { cwd: repoDir, encoding: 'utf8' });
  return `${help.stdout}${help.stderr}`.includes('--target-history');
}

function gitCommit(): string {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoDir, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'packages'], { cwd: repoDir, encoding: 'utf8' }).stdout.trim() !== '';
  return `${r.stdout.trim()}${dirty ? ' (engine modified)' : ''}`;
}

/** Macro-F1 over the classes present in actual or predicted (scikit-learn's default, and the engine's). */
function macroF1(actual: number[], predicted: number[]): number {
  const classes = [...new Set([...actual, ...predicted])];
  let sum = 0;
  for (const c of classes) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (let i = 0; i < actual.length; i++) {
      if (predicted[i] === c && actual[i] === c) tp++;
      else if (predicted[i] === c) fp++;
      else if (actual[i] === c) fn++;
    }
    sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return classes.length ? sum / classes.length : 0;
}

function runEngine(panel: BuiltPanel, budget: number, seed: number, mode: string | null, outFile: string): { run: EngineRun; results: AutoMLResults } {
  const args = [
    'run', 'automl', '--silent', '--',
    '--csv', panel.csvPath, '--target', panel.targetColumn, '--time-column', 'year', '--space-column', 'countryName',
    '--region-column', 'regionName', '--test-percent', '30', '--classes', panel.classes, '--models', 'DT,RF,KNN,SVM,ANN',
    '--budget', String(budget), '--seed', String(seed), '--out', outFile,
    ...(mode ? ['--target-history', mode] : []),
  ];
  const loadBefore = os.loadavg()[0];
  const start = performance.now();
  const child = spawnSync('npm', args, { cwd: repoDir, encoding: 'utf8', maxBuffer: 64 << 20 });
  const wallSeconds = (performance.now() - start) / 1000;
  const loadAfter = os.loadavg()[0];
  if (child.status !== 0) throw new Error(`engine failed on panel ${panel.definition.id} (${mode ?? 'default'}): ${child.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  const results = JSON.parse(readFileSync(outFile, 'utf8')) as AutoMLResults;
  const best = results.models[results.best];
  if (!best) throw new Error(`results of panel ${panel.definition.id} have no model ${results.best}`);
  const evaluated: Record<string, string> = {};
  const familyTestMacroF1: Record<string, number | null> = {};
  for (const family of FAMILIES) {
    const m = results.models[family];
    if (!m) continue;
    evaluated[family] = `${m.search.evaluated}/${m.search.planned}${m.search.budgetBound ? '*' : ''}`;
    familyTestMacroF1[family] = m.test.macroF1;
  }
  if (results.models.Ensemble) familyTestMacroF1.Ensemble = results.models.Ensemble.test.macroF1;
  // The reported score must be the one its predictions give (the comparison below trusts it).
  const recomputed = macroF1(
    best.predictions.map((p) => p.actualIndex),
    best.predictions.map((p) => p.predictedIndex),
  );
  if (best.test.macroF1 === null || Math.abs(recomputed - best.test.macroF1) > 1e-9) {
    throw new Error(`panel ${panel.definition.id}: reported test macro-F1 ${best.test.macroF1} but the predictions give ${recomputed}`);
  }
  const persistence = results.baselines.find((b) => b.name === 'persistence');
  const ensemble = results.choice?.ensemble;
  const run: EngineRun = {
    mode: mode ?? '-',
    seed,
    wallSeconds,
    loadBefore,
    loadAfter,
    elapsedSeconds: results.elapsedSeconds,
    best: results.best,
    bestParams: best.params,
    testMacroF1: best.test.macroF1,
    validationMacroF1: best.validationMacroF1,
    evaluated,
    familyTestMacroF1,
    cvGap: results.cvGap ? results.cvGap.gap.toFixed(3) : `skipped${results.cvGapSkippedReason ? ` (${results.cvGapSkippedReason})` : ''}`,
    targetHistoryUsed: results.targetHistory?.used ?? null,
    persistenceValidation: persistence?.validation?.macroF1 ?? null,
    persistenceTest: persistence?.test.macroF1 ?? 0,
    trust: results.trust
      ? `${(100 * results.trust.conformal.test.coverage).toFixed(1)}% (${results.trust.conformal.method}, size ${results.trust.conformal.test.meanSetSize.toFixed(2)}; ${results.trust.conformal.compared.map((c) => `${c.method} ${(100 * c.coverage).toFixed(1)}%/${c.meanSetSize.toFixed(2)}`).join(', ')}${results.trust.conformal.adaptive ? `, adaptive ${(100 * results.trust.conformal.adaptive.coverage).toFixed(1)}%/${results.trust.conformal.adaptive.meanSetSize.toFixed(2)} (worst year ${(100 * Math.min(...results.trust.conformal.adaptive.byYear.map((y) => y.coverage))).toFixed(1)}% vs static ${(100 * Math.min(...results.trust.conformal.test.byYear.map((y) => y.coverage))).toFixed(1)}%)` : ''}); Brier ${results.trust.calibration.test.brierBefore.toFixed(3)} -> ${results.trust.calibration.test.brierAfter.toFixed(3)}${results.trust.calibration.kept ? '' : ' (not kept)'}`
      : '-',
    horizon: horizonCell(results.choice?.horizon),
    ensembleMargin: !ensemble
      ? '-'
      : ensemble.considered
        ? `${ensemble.chosen ? 'chosen' : 'not chosen'} (${signed(ensemble.margin ?? 0)} vs ${ensemble.bestMember}, se ${(ensemble.standardError ?? 0).toFixed(3)})`
        : 'none',
    budgetUse: results.budgetUse ?? null,
    warnings: results.warnings,
    replay: '-',
  };
  return { run, results };
}

/** Replays a run's results file at one thread; 'identical' only when the CLI found every value equal. */
function replayRun(outFile: string): string {
  const start = performance.now();
  const child = spawnSync('npm', ['run', 'automl', '--silent', '--', '--replay', outFile, '--workers', '1', '--out', outFile.replace(/\.json$/, '-replayed.json')], { cwd: repoDir, encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const identical = child.stderr.match(/identical to the recorded run \((\d+) values compared/);
  if (child.status === 0 && identical) return `identical (${identical[1]} values, ${seconds} s at 1 thread)`;
  return `DIFFERS: ${child.stderr.trim().split('\n').at(-1)}`;
}

function runSklearn(panel: BuiltPanel, results: AutoMLResults, fresh: boolean): SklearnResult & { cached: boolean } {
  const spec = {
    csv: panel.csvPath,
    target: panel.targetColumn,
    features: panel.featureColumns,
    classes: panel.classes,
    trainYears: results.split.trainYears,
    testYears: results.split.testYears,
    expected: { trainCounts: results.classes.map((c) => c.trainCount), testCounts: results.classes.map((c) => c.testCount) },
    folds: 3,
    jobs: 2,
  };
  const script = path.join(benchDir, 'sklearn_panels.py');
  const key = createHash('sha256')
    .update(readFileSync(panel.csvPath))
    .update(readFileSync(script))
    .update(JSON.stringify({ ...spec, csv: path.basename(panel.csvPath) }))
    .digest('hex')
    .slice(0, 16);
  const cacheFile = path.join(path.dirname(panel.csvPath), `sklearn-${panel.definition.id}-${key}.json`);
  if (!fresh && existsSync(cacheFile)) return { ...(JSON.parse(readFileSync(cacheFile, 'utf8')) as SklearnResult), cached: true };
  const child = spawnSync('/usr/bin/python3', [script, JSON.stringify(spec)], {
    cwd: repoDir,
    encoding: 'utf8',
    env: { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' },
    maxBuffer: 16 << 20,
  });
  if (child.status !== 0) throw new Error(`scikit-learn failed on panel ${panel.definition.id}: ${child.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  writeFileSync(cacheFile, child.stdout);
  return { ...(JSON.parse(child.stdout) as SklearnResult), cached: false };
}

const f3 = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;

/** A short description of the chosen model: family and the parameters that matter most. */
function describeChoice(run: EngineRun): string {
  const p = run.bestParams;
  const pick = (keys: string[]) => keys.filter((k) => p[k] !== undefined && p[k] !== null).map((k) => `${k}=${String(p[k])}`).join(' ');
  const keys: Record<string, string[]> = {
    DT: ['criterion', 'max_depth'],
    RF: ['n_estimators', 'max_features', 'max_depth'],
    KNN: ['n_neighbors', 'weights'],
    SVM: ['kernel', 'C'],
    ANN: ['neurons', 'num_layers'],
  };
  const detail = keys[run.best] ? pick(keys[run.best]) : '';
  return detail ? `${run.best} (${detail})` : run.best;
}

/**
 * Runs the panel benchmark and prints the table and the targets.
 * @param argv command-line arguments after the script name
 */
export async function runPanelBench(argv: string[]): Promise<void> {
  const options = parseOptions(argv);
  const hasHistory = cliHasTargetHistory();
  const modes: (string | null)[] = hasHistory ? (options.modes ?? ['off', 'auto']) : [null];
  if (!hasHistory && options.modes) console.log('note: this engine has no --target-history; each panel runs once without it.');
  const outDir = path.join(benchDir, 'out');
  mkdirSync(outDir, { recursive: true });
  const startedAt = new Date();
  const commit = gitCommit();
  console.log(`Panels bench ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}, budget ${options.budget} s, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`CLI: npm run automl -- --csv PANEL --test-percent 30 --classes ... --models DT,RF,KNN,SVM,ANN --budget ${options.budget} --seed ${options.seeds.join('|')}${hasHistory ? ' --target-history MODE' : ''}${options.codedTarget ? ' (targets coded 1-5)' : ''}`);

  const rows: { panel: BuiltPanel; runs: EngineRun[]; sklearn: SklearnResult & { cached: boolean } }[] = [];
  for (const id of options.panelIds) {
    const panel = buildPanel(PANELS.find((p) => p.id === id) as (typeof PANELS)[number], DEFAULT_PANEL_DIR, options.codedTarget);
    console.log(`\npanel ${id} ${panel.definition.name}: ${panel.rows} rows, ${panel.countries} countries, ${panel.featureColumns.length} indicators, target ${panel.targetColumn} (${panel.definition.edges}), classes ${panel.classes}`);
    const runs: EngineRun[] = [];
    let firstResults: AutoMLResults | null = null;
    for (const mode of modes) for (const seed of options.seeds) {
      const resultsFile = path.join(DEFAULT_PANEL_DIR, `engine-${id}-${mode ?? 'default'}${seed === 1 ? '' : `-seed${seed}`}.json`);
      const { run, results } = runEngine(panel, options.budget, seed, mode, resultsFile);
      firstResults ??= results;
      if (options.replay) run.replay = replayRun(resultsFile);
      runs.push(run);
      console.log(
        `  engine ${run.mode.padEnd(4)} seed ${seed} wall ${run.wallSeconds.toFixed(1)} s (engine ${run.elapsedSeconds.toFixed(1)} s, load ${run.loadBefore.toFixed(1)}-${run.loadAfter.toFixed(1)}); evaluated ${Object.entries(run.evaluated).map(([f, e]) => `${f} ${e}`).join(', ')}; chosen ${describeChoice(run)}; test macro-F1 ${f3(run.testMacroF1)}; CV gap ${run.cvGap}${run.targetHistoryUsed === null ? '' : `; target history used: ${run.targetHistoryUsed}`}`,
      );
    }
    const sklearn = runSklearn(panel, firstResults as AutoMLResults, options.freshSklearn);
    console.log(
      `  scikit-learn (same ${sklearn.trainRows}/${sklearn.testRows} rows, same classes${sklearn.cached ? ', cached' : ''}): RF-300 ${f3(sklearn.rf300.testMacroF1)} (seeds ${sklearn.rf300.perSeed.map(f3).join('/')}, ${sklearn.rf300.fitPredictSeconds.toFixed(1)} s); grid of ${sklearn.grid.candidates} -> ${sklearn.grid.chosen}: ${f3(sklearn.grid.testMacroF1)} (${sklearn.grid.seconds.toFixed(0)} s)`,
    );
    rows.push({ panel, runs, sklearn });
  }

  // The sticky-panel table: the chosen model against persistence and each family, on the same test rows.
  console.log('\n| panel | target history | seed | wall s | chosen | chosen test | DT / RF / KNN / SVM / ANN / Ensemble test | persistence val / test | chosen - persistence | ensemble | horizon check (model / rule, se) | sklearn RF-300 / with history | test coverage at 90% (set size; each score) and Brier before -> after calibration | replay (--replay) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { panel, runs, sklearn } of rows) {
    for (const run of runs) {
      const fam = [...FAMILIES, 'Ensemble'].map((f) => (run.familyTestMacroF1[f] === undefined || run.familyTestMacroF1[f] === null ? '-' : f3(run.familyTestMacroF1[f] as number))).join(' / ');
      const pv = run.persistenceValidation === null ? '-' : f3(run.persistenceValidation);
      const withHistory = sklearn.rf300History ? f3(sklearn.rf300History.testMacroF1) : '-';
      console.log(
        `| ${panel.definition.id} ${panel.definition.name} | ${run.mode} | ${run.seed} | ${run.wallSeconds.toFixed(1)} | ${describeChoice(run)} | ${f3(run.testMacroF1)} | ${fam} | ${pv} / ${f3(run.persistenceTest)} | ${signed(run.testMacroF1 - run.persistenceTest)} | ${run.ensembleMargin} | ${run.horizon} | ${f3(sklearn.rf300.testMacroF1)} / ${withHistory} | ${run.trust} | ${run.replay} |`,
      );
    }
  }

  // The markdown table (bench/README.md records it).
  console.log('\n| panel | rows x indicators | target history | seed | wall s (budget ' + options.budget + ') | load | evaluated DT / RF / KNN / SVM / ANN | chosen | engine test macro-F1 | sklearn RF-300 | diff | sklearn grid (chosen) | diff |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { panel, runs, sklearn } of rows) {
    for (const run of runs) {
      const ev = FAMILIES.map((f) => run.evaluated[f] ?? '-').join(' / ');
      console.log(
        `| ${panel.definition.id} ${panel.definition.name} | ${panel.rows} x ${panel.featureColumns.length} | ${run.mode} | ${run.seed} | ${run.wallSeconds.toFixed(1)} | ${run.loadBefore.toFixed(1)}-${run.loadAfter.toFixed(1)} | ${ev} | ${describeChoice(run)} | ${f3(run.testMacroF1)} | ${f3(sklearn.rf300.testMacroF1)} | ${signed(run.testMacroF1 - sklearn.rf300.testMacroF1)} | ${f3(sklearn.grid.testMacroF1)} (${sklearn.grid.family}) | ${signed(run.testMacroF1 - sklearn.grid.testMacroF1)} |`,
      );
    }
  }

  // Targets, per mode.
  console.log('');
  const limit = options.budget * (1 + BUDGET_SLACK);
  let allMet = true;
  for (let m = 0; m < modes.length; m++) {
    const label = modes[m] ? `target history ${modes[m]}` : 'engine';
    const runsOfMode = (r: (typeof rows)[number]) => r.runs.filter((run) => run.mode === (modes[m] ?? '-'));
    const runs = rows.flatMap((r) => runsOfMode(r).map((run) => ({ ...r, run })));
    const slow = runs.filter((r) => r.run.wallSeconds > limit);
    const below = runs.filter((r) => r.run.testMacroF1 < r.sklearn.rf300.testMacroF1 - RF_MARGIN);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const engineMean = mean(runs.map((r) => r.run.testMacroF1));
    const gridMean = mean(runs.map((r) => r.sklearn.grid.testMacroF1));
    const rfMean = mean(runs.map((r) => r.sklearn.rf300.testMacroF1));
    const ok = (met: boolean) => (met ? 'met' : 'NOT MET');
    console.log(`${label}: wall <= ${limit.toFixed(1)} s on every panel: ${ok(slow.length === 0)}${slow.length ? ` (over on ${slow.map((r) => `${r.panel.definition.id}: ${r.run.wallSeconds.toFixed(0)} s`).join(', ')})` : ''}`);
    const seedOf = (r: { run: EngineRun }) => (options.seeds.length > 1 ? ` seed ${r.run.seed}` : '');
    console.log(`${label}: test macro-F1 >= RF-300 - ${RF_MARGIN} on every panel${options.seeds.length > 1 ? ' and seed' : ''}: ${ok(below.length === 0)}${below.length ? ` (below on ${below.map((r) => `${r.panel.definition.id}${seedOf(r)}: ${signed(r.run.testMacroF1 - r.sklearn.rf300.testMacroF1)}`).join(', ')})` : ''}`);
    console.log(`${label}: mean test macro-F1 ${f3(engineMean)} >= scikit-learn grid mean ${f3(gridMean)}: ${ok(engineMean >= gridMean)} (RF-300 mean ${f3(rfMean)})`);
    allMet &&= slow.length === 0 && below.length === 0 && engineMean >= gridMean;
    if (modes[m] !== 'off') {
      // The rules' targets: never below persistence, never far below the engine's own best family, and on at least
      // half of the sticky panels strictly above persistence.
      const bestFamily = (run: EngineRun) => Math.max(...FAMILIES.map((f) => run.familyTestMacroF1[f] ?? -1));
      const belowPersistence = runs.filter((r) => r.run.testMacroF1 < r.run.persistenceTest - PERSISTENCE_MARGIN);
      const belowFamily = runs.filter((r) => r.run.testMacroF1 < bestFamily(r.run) - FAMILY_MARGIN);
      const sticky = runs.filter((r) => STICKY_PANEL_IDS.includes(r.panel.definition.id));
      const above = sticky.filter((r) => r.run.testMacroF1 > r.run.persistenceTest);
      const list = (xs: typeof runs, d: (r: (typeof runs)[number]) => number) => xs.map((r) => `${r.panel.definition.id}${seedOf(r)}: ${signed(d(r))}`).join(', ');
      console.log(`${label}: test macro-F1 >= persistence - ${PERSISTENCE_MARGIN} on every panel: ${ok(belowPersistence.length === 0)}${belowPersistence.length ? ` (below on ${list(belowPersistence, (r) => r.run.testMacroF1 - r.run.persistenceTest)})` : ''}`);
      console.log(`${label}: test macro-F1 >= the engine's best single family - ${FAMILY_MARGIN} on every panel: ${ok(belowFamily.length === 0)}${belowFamily.length ? ` (below on ${list(belowFamily, (r) => r.run.testMacroF1 - bestFamily(r.run))})` : ''}`);
      if (sticky.length > 0) {
        console.log(`${label}: strictly above persistence on ${above.length} of ${sticky.length} sticky-panel runs (target: at least half): ${ok(2 * above.length >= sticky.length)}`);
        allMet &&= 2 * above.length >= sticky.length;
      }
      allMet &&= belowPersistence.length === 0 && belowFamily.length === 0;
    }
    if (options.seeds.length > 1) {
      // Like for like with the reference, which is itself the mean over three seeds.
      const perPanel = rows.map((r) => ({ ...r, seedMean: mean(runsOfMode(r).map((run) => run.testMacroF1)) }));
      const belowOnMean = perPanel.filter((r) => r.seedMean < r.sklearn.rf300.testMacroF1 - RF_MARGIN);
      console.log(`${label}: mean over seeds ${options.seeds.join(', ')} >= RF-300 - ${RF_MARGIN} on every panel: ${ok(belowOnMean.length === 0)} (${perPanel.map((r) => `${r.panel.definition.id}: ${signed(r.seedMean - r.sklearn.rf300.testMacroF1)}`).join(', ')})`);
      allMet &&= belowOnMean.length === 0;
    }
  }
  const report = {
    date: startedAt.toISOString(),
    commit,
    budgetSeconds: options.budget,
    seeds: options.seeds,
    loadAverageAtStart: os.loadavg(),
    panels: rows.map(({ panel, runs, sklearn }) => ({
      id: panel.definition.id,
      name: panel.definition.name,
      rows: panel.rows,
      indicators: panel.featureColumns.length,
      target: panel.targetColumn,
      classes: panel.classes,
      engine: runs,
      sklearn,
    })),
  };
  writeFileSync(path.join(outDir, 'panels-latest.json'), JSON.stringify(report, null, 2));
  console.log(`\nDetails in bench/out/panels-latest.json${allMet ? '' : '; some targets are not met'}.`);
}

/** The horizon check as a table cell: each configuration checked, its score against the rule's, and the verdict. */
function horizonCell(horizon: NonNullable<AutoMLResults['choice']>['horizon']): string {
  if (!horizon) return '-';
  const span = `${horizon.years[0]}-${horizon.years[horizon.years.length - 1]}`;
  const each = horizon.compared.map((c) => `${c.algorithm} ${f3(c.modelMacroF1)}${c.passed ? '' : ' (failed)'}`).join(', ');
  return `${span}: ${each} / ${f3(horizon.ruleMacroF1)}, se ${horizon.standardError.toFixed(3)}`;
}
