/**
 * Per-row explanation benchmark: the time to explain 100 test rows of the WHO panel (195 countries x 1999-2016,
 * 20 indicators plus the target's history) with each family's saved model, the soft-voting ensemble and the
 * persistence rule, from a real runAutoML run. Trees get exact TreeSHAP; the rest the sampled estimate over the 50
 * background rows saved with the model (explain/sampling-shap.ts). Each time includes the prediction that picks the
 * class to explain; the model is loaded (and TensorFlow.js for the ANN) before the clock starts. Target: under 5 s
 * per family on 2 cores. Wall and CPU seconds are printed (on a shared machine wall time also measures waiting).
 *
 *   nice node --import tsx bench/explain.ts [--rows 100] [--budget 60] [--pairs 1 --pairs 0.5]
 */
import { parseArgs } from 'node:util';
import type { ResultAlgorithm } from '@indicata/contracts';
import {
  explainRows,
  frameFromTable,
  historyColumnNames,
  historyForRows,
  parseSemicolonCsv,
  predictEnsembleRows,
  predictRowsWithProbabilities,
  prepareModels,
  runAutoML,
  type RawRow,
  type SavedPipelineModel,
} from '../packages/engine/src/index.ts';
import { EXPLAIN_PAIRS } from '../packages/engine/src/predict/explain-rows.ts';
import { buildWhoPanelCsv, defaultWhoDataDir, WHO_TARGET } from './who-panel.ts';

const { values: options } = parseArgs({ options: { rows: { type: 'string', default: '100' }, budget: { type: 'string', default: '60' }, pairs: { type: 'string', multiple: true } } });
const ROWS = Number(options.rows);
/** Pairs of orders per background row to time (0.5: one walk per background row); the product's by default. */
const PAIRS = options.pairs ? options.pairs.map(Number) : [EXPLAIN_PAIRS];
const TEST_YEAR = 2016;

async function main(): Promise<void> {
  const frame = frameFromTable(parseSemicolonCsv(buildWhoPanelCsv(defaultWhoDataDir())), { spaceColumn: 'countryName', timeColumn: 'year', regionColumn: 'regionName' });
  process.stderr.write('training the five families on the WHO panel...\n');
  const { results, models } = await runAutoML(frame, {
    target: WHO_TARGET,
    split: { mode: 'year', testYear: TEST_YEAR, testRegion: null },
    targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
    models: { DT: 'auto', RF: { n_estimators: 100 }, KNN: { n_neighbors: 5 }, SVM: { probability: true, C: 10 }, ANN: { epochs: 20 } },
    budgetSeconds: Number(options.budget),
    seed: 5,
    targetHistory: 'auto',
  });
  // The first ROWS test rows, raw, with the target's history columns looked up as the prediction API does.
  const test = Array.from({ length: frame.space.length }, (_, i) => i).filter((i) => frame.time[i] === TEST_YEAR).slice(0, ROWS);
  const target = frame.columns.find((c) => c.name === WHO_TARGET)?.values as Float64Array;
  const anyModel = Object.values(models)[0] as SavedPipelineModel;
  const history = historyForRows(frame, target, anyModel.pipeline.classes, true, test.map((i) => ({ space: frame.space[i], time: frame.time[i] })));
  const historyNames = historyColumnNames(WHO_TARGET);
  const rows: RawRow[] = test.map((i, r) => {
    const row: RawRow = {};
    for (const column of frame.columns) if (column.name !== WHO_TARGET) row[column.name] = column.values[i];
    historyNames.forEach((name, h) => (row[name] = history[h][r]));
    return row;
  });
  await prepareModels(['ANN']);

  const lines = ['| model | method | pairs | inputs | wall s | CPU s |', '|---|---|---|---|---|---|'];
  const time = (name: string, inputs: number, pairs: number, run: () => { method: string } | undefined) => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const first = run();
    const wall = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    lines.push(`| ${name} | ${first?.method ?? 'none'} | ${first?.method === 'sampled' ? pairs : ''} | ${inputs} | ${wall.toFixed(2)} | ${((used.user + used.system) / 1e6).toFixed(2)} |`);
    process.stderr.write(`${lines[lines.length - 1]}\n`);
  };
  for (const pairs of PAIRS) {
    for (const name of ['DT', 'RF', 'KNN', 'SVM', 'ANN', 'Persistence'] as const) {
      const saved = models[name];
      if (!saved || (pairs !== PAIRS[0] && (name === 'DT' || name === 'RF'))) continue;
      time(name, saved.pipeline.features.length, pairs, () => {
        const predicted = predictRowsWithProbabilities(saved, rows).map((p) => p.index);
        return explainRows(saved, rows, predicted, 5, pairs)?.[0];
      });
    }
    const ensemble = results.models.Ensemble?.members ?? [];
    if (ensemble.length > 0) {
      const members = ensemble.map((m) => ({ saved: models[m.algorithm as Exclude<ResultAlgorithm, 'Ensemble'>] as SavedPipelineModel, weight: m.weight }));
      const inputs = new Set(members.flatMap((m) => m.saved.pipeline.features)).size;
      time(`Ensemble (${ensemble.map((m) => m.algorithm).join('+')})`, inputs, pairs, () => {
        const predicted = predictEnsembleRows(members, rows).map((p) => p.index);
        return explainRows(members, rows, predicted, 5, pairs)?.[0];
      });
    }
  }
  console.log(`${rows.length} rows of ${TEST_YEAR}, chosen model ${results.best}\n`);
  console.log(lines.join('\n'));
}

await main();
