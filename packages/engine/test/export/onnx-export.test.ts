/**
 * ONNX export agreement on two real panels: every family's saved model from a real runAutoML run (and the
 * ensemble) is exported, loaded in onnxruntime-node, and run on the panel's test rows (their missing cells carried
 * forward as the run did)
 * and on its rows without a target (the gaps the app fills); its labels must equal the engine's on >= 99.9% of rows, each differing row explained by a float32 tie,
 * and its probabilities must be within 1e-4 of the engine's.
 */
import type { AutoMLResults, ModelFamily, RuleAlgorithm } from '@indicata/contracts';
import { runAutoML, type SavedPipelineModel } from '../../src/pipeline/run.ts';
import { historyForRows } from '../../src/pipeline/target-history.ts';
import { carriedForRows } from '../../src/preprocess/carry-forward.ts';
import { columnValues } from '../../src/data/frame.ts';
import { prepareModels } from '../../src/models/index.ts';
import { exportEnsembleOnnx, exportOnnx } from '../../src/export/onnx/export.ts';
import { pipelineInput, predictEnsembleRows, predictRowsWithProbabilities, rawMatrix, type RawRow, type ProbabilityPrediction } from '../../src/predict/predict-rows.ts';
import { parseModelText } from '../../src/models/svm/model-parse.ts';
import { decisionValues } from '../../src/models/svm/predict.ts';
import type { SavedSvmState } from '../../src/models/svm/svm.ts';
import { compare, frameRows, isProbabilityTie, rowIndex, runOnnx, type Agreement } from './agreement.ts';
import { lifeExpectancyPanel, panelsAvailable, whoPanel, type TestPanel } from './panels.ts';

const available = panelsAvailable();
if (!available) console.warn('ONNX agreement tests skipped: ../shared/data (who-gho-2018, life-expectancy-updated) is missing.');

interface PanelRun {
  panel: TestPanel;
  results: AutoMLResults;
  models: Partial<Record<ModelFamily | RuleAlgorithm, SavedPipelineModel>>;
  rows: RawRow[];
  testRows: number[];
  /** Rows whose target is missing: the gaps the app predicts (many indicators missing too). */
  gapRows: number[];
}

/** SVM label differences come from the vote: a pairwise decision value within float32 rounding of 0. */
function svmDecisionTie(saved: SavedPipelineModel, row: RawRow): boolean {
  const state = saved.state as SavedSvmState;
  if (!state.libsvmModel) return false;
  const model = parseModelText(state.libsvmModel, saved.nFeatures);
  const { X } = pipelineInput(saved.pipeline, rawMatrix(saved.pipeline.features, [row]));
  return Array.from(decisionValues(model, X)).some((d) => Math.abs(d) < 1e-4);
}

function explainDifferences(agreement: Agreement, engine: ProbabilityPrediction[], rows: RawRow[], saved: SavedPipelineModel | null): string[] {
  return agreement.differing
    .filter((i) => !(isProbabilityTie(engine[i].probabilities) || (saved?.family === 'SVM' && svmDecisionTie(saved, rows[i]))))
    .map((i) => `row ${i}: engine ${engine[i].index} (${engine[i].probabilities.map((p) => p.toFixed(6)).join(', ')})`);
}

async function check(bytes: Uint8Array, engine: ProbabilityPrediction[], rows: RawRow[], pipeline: SavedPipelineModel['pipeline'], saved: SavedPipelineModel | null): Promise<Agreement> {
  const titles = pipeline.classes.map((c) => c.title);
  const onnx = await runOnnx(bytes, pipeline.features, rows);
  const agreement = compare(engine, onnx, titles);
  expect(agreement.titleMismatches).toBe(0);
  expect(agreement.sameLabel / agreement.rows).toBeGreaterThanOrEqual(0.999);
  expect(explainDifferences(agreement, engine, rows, saved)).toEqual([]);
  expect(agreement.maxProbabilityDifference).toBeLessThanOrEqual(1e-4);
  return agreement;
}

const FAMILIES: ModelFamily[] = ['DT', 'RF', 'KNN', 'SVM', 'ANN'];

/** The panel's rows plus the target's history columns (when a model reads them), looked up as the API does. */
function withTargetHistory(panel: TestPanel, models: PanelRun['models'], rows: RawRow[]): RawRow[] {
  const history = Object.values(models).find((m) => m?.pipeline.history)?.pipeline;
  if (!history?.history) return rows;
  const { frame } = panel;
  const target = frame.columns.find((c) => c.name === panel.target)?.values as Float64Array;
  const places = frame.space.map((space, i) => ({ space, time: frame.time[i] }));
  const columns = historyForRows(frame, target, history.classes, history.history.clamp ?? true, places);
  return rows.map((row, i) => ({ ...row, ...Object.fromEntries(history.history!.columns.map((name, k) => [name, columns[k][i]])) }));
}

/**
 * The rows with each missing indicator cell filled by carry-forward (the place's latest earlier value), looked up in
 * the panel as the prediction API does: the models were trained and tested that way, and the ONNX file takes what
 * the caller gives it.
 */
function withCarriedValues(panel: TestPanel, models: PanelRun['models'], rows: RawRow[]): RawRow[] {
  const pipeline = Object.values(models).find((m) => m?.pipeline.carryForward)?.pipeline;
  if (!pipeline) return rows;
  const { frame } = panel;
  const names = frame.columns.map((c) => c.name).filter((name) => name !== panel.target);
  const places = frame.space.map((space, i) => ({ space, time: frame.time[i] }));
  const carried = carriedForRows({ space: frame.space, time: frame.time, columns: names.map((name) => columnValues(frame, name)) }, places);
  return rows.map((row, i) => {
    const filled = { ...row };
    names.forEach((name, k) => {
      const value = filled[name];
      if ((value === null || value === undefined || Number.isNaN(value)) && !Number.isNaN(carried[k][i])) filled[name] = carried[k][i];
    });
    return filled;
  });
}

/**
 * Explicit single candidates keep the runs short; between the two panels they cover discretized
 * attributes, every KNN weighting and power p in (1, 2), SVM rbf and poly kernels with Platt
 * probabilities, and the ANN's leaky_relu and tanh activations.
 */
const RUNS = [
  {
    panel: whoPanel,
    models: {
      DT: { max_depth: 10 },
      RF: { n_estimators: 30 },
      KNN: { n_neighbors: 5, weights: 'distance', p: 2 },
      SVM: { probability: true, C: 10, kernel: 'rbf' },
      ANN: { epochs: 5, activation: 'leaky_relu', num_layers: 2, neurons: 16 },
    },
    attributeDiscretization: [{ indicator: 'WHS9_93', option: 'automatic', groups: 4 }],
    // Every model reads the target's history: the rows get it from the panel as the prediction API does.
    targetHistory: 'on',
  },
  {
    panel: lifeExpectancyPanel,
    models: {
      DT: { max_depth: null, min_samples_leaf: 2 },
      RF: { n_estimators: 20, max_depth: 8 },
      KNN: { n_neighbors: 7, weights: 'uniform', p: 1 },
      SVM: { probability: true, C: 1, kernel: 'poly', degree: 2 },
      ANN: { epochs: 5, activation: 'tanh', num_layers: 1, neurons: 16 },
    },
    attributeDiscretization: [],
    targetHistory: 'off',
  },
] as const;

describe.skipIf(!available).each(RUNS.map((r, i) => [i, r] as const))('ONNX export agrees with the engine (panel %i)', (_i, spec) => {
  let run: PanelRun;

  beforeAll(async () => {
    const panel = spec.panel();
    const { results, models } = await runAutoML(panel.frame, {
      target: panel.target,
      split: { mode: 'percent', testPercent: 30 },
      targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
      models: spec.models as never,
      preprocessing: { attributeDiscretization: spec.attributeDiscretization as never },
      budgetSeconds: 120,
      folds: 2,
      workers: 0,
      ensemble: true,
      seed: 11,
      targetHistory: spec.targetHistory,
    });
    // The engine's predictions below load the saved models synchronously (the ANN needs TensorFlow.js).
    await prepareModels(FAMILIES);
    const index = rowIndex(panel.frame);
    const firstFamily = FAMILIES.find((f) => results.models[f]) as ModelFamily;
    const testRows = (results.models[firstFamily]?.predictions ?? []).map((p) => index.get(`${p.space}|${p.time}`) as number);
    const target = panel.frame.columns.find((c) => c.name === panel.target)?.values ?? new Float64Array(0);
    const gapRows = Array.from(target.keys()).filter((i) => Number.isNaN(target[i]));
    run = { panel, results, models, rows: withTargetHistory(panel, models, withCarriedValues(panel, models, frameRows(panel.frame))), testRows, gapRows };
  }, 600_000);

  it.each(FAMILIES)('%s: same labels, probabilities within 1e-4, on the test rows and on the rows without a target', async (family) => {
    const saved = run.models[family];
    expect(saved, `${family} saved model`).toBeDefined();
    const model = saved as SavedPipelineModel;
    const bytes = exportOnnx(JSON.parse(JSON.stringify(model)) as SavedPipelineModel);
    const testRows = run.testRows.map((i) => run.rows[i]);
    const engineTest = predictRowsWithProbabilities(model, testRows);
    // The saved model reproduces the run's own test predictions (the pipeline object is complete).
    const predictedTitles = (run.results.models[family]?.predictions ?? []).map((p) => p.predicted);
    expect(engineTest.map((p) => p.title)).toEqual(predictedTitles);
    const onTest = await check(bytes, engineTest, testRows, model.pipeline, model);
    const gapRows = run.gapRows.map((i) => run.rows[i]);
    const onGaps = gapRows.length ? await check(bytes, predictRowsWithProbabilities(model, gapRows), gapRows, model.pipeline, model) : onTest;
    console.info(
      `${run.panel.name} ${family} (${model.pipeline.scaler?.kind ?? 'no scaler'}, ${bytes.length} bytes): test rows ${onTest.sameLabel}/${onTest.rows} same label, ` +
        `max |dp| ${onTest.maxProbabilityDifference.toExponential(2)}; rows without a target ${onGaps.sameLabel}/${onGaps.rows}, max |dp| ${onGaps.maxProbabilityDifference.toExponential(2)}`,
    );
  }, 300_000);

  it.skipIf(spec.targetHistory === 'off').each(['Persistence', 'Majority', 'Trend'] as const)(
    '%s (a rule the run may recommend): its saved model and its ONNX file give exactly its test predictions',
    async (rule) => {
      const saved = run.models[rule];
      expect(saved, `${rule} saved model`).toBeDefined();
      const model = JSON.parse(JSON.stringify(saved)) as SavedPipelineModel;
      expect(model.pipeline.rule).toBe(rule.toLowerCase());
      const testRows = run.testRows.map((i) => run.rows[i]);
      // The rows carry the history columns looked up in the panel by place and year, as the prediction API does.
      const engineTest = predictRowsWithProbabilities(model, testRows);
      expect(engineTest.map((p) => p.title)).toEqual((run.results.models[rule]?.predictions ?? []).map((p) => p.predicted));
      const onTest = await check(exportOnnx(model), engineTest, testRows, model.pipeline, model);
      expect(onTest.sameLabel).toBe(onTest.rows);
      // Persistence and majority are also the baselines: the same rule, the same test scores.
      if (rule !== 'Trend') expect(run.results.baselines.find((b) => b.name === rule.toLowerCase())?.test).toEqual(run.results.models[rule]?.test);
    },
    120_000,
  );

  it('Ensemble: weighted sum of the members, same labels and probabilities', async () => {
    const ensemble = run.results.models.Ensemble;
    // When selection kept a single model there is no ensemble in the results: all five, equally weighted, stand in.
    const chosen = (ensemble?.members?.length ?? 0) >= 2 ? (ensemble?.members ?? []) : FAMILIES.map((algorithm) => ({ algorithm, weight: 1 / FAMILIES.length }));
    const members = chosen.map((m) => ({ saved: run.models[m.algorithm as ModelFamily] as SavedPipelineModel, weight: m.weight }));
    const bytes = exportEnsembleOnnx(members);
    const testRows = run.testRows.map((i) => run.rows[i]);
    const engineTest = predictEnsembleRows(members, testRows);
    if (chosen === ensemble?.members) {
      // The members' weights in results are rounded for display; the labels still match the run's own.
      const same = engineTest.filter((p, i) => p.title === ensemble.predictions[i].predicted).length;
      expect(same / engineTest.length).toBeGreaterThanOrEqual(0.995);
    }
    const pipeline = members[0].saved.pipeline;
    const onTest = await check(bytes, engineTest, testRows, pipeline, null);
    const gapRows = run.gapRows.map((i) => run.rows[i]);
    const onGaps = gapRows.length ? await check(bytes, predictEnsembleRows(members, gapRows), gapRows, pipeline, null) : onTest;
    console.info(
      `${run.panel.name} Ensemble of ${members.map((m) => m.saved.family).join('+')} (${bytes.length} bytes): test rows ${onTest.sameLabel}/${onTest.rows}, ` +
        `max |dp| ${onTest.maxProbabilityDifference.toExponential(2)}; rows without a target ${onGaps.sameLabel}/${onGaps.rows}, max |dp| ${onGaps.maxProbabilityDifference.toExponential(2)}`,
    );
  }, 300_000);
});
