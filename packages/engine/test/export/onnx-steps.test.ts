/**
 * The ONNX export of each pipeline step the two panel runs may not reach: every scaler (quantile-normal's
 * ties and out-of-range values included), discretized attributes, KNN with a general power p, the SVM's
 * linear and sigmoid kernels and an SVM without probabilities, the ANN's relu and elu. Models are fitted
 * with the engine's own functions on rows of the real WHO panel, and each pipeline object is built the way
 * runAutoML builds it.
 */
import { createModel } from '../../src/models/index.ts';
import type { Matrix } from '../../src/models/types.ts';
import { fitScaler, type ScalerKind } from '../../src/preprocess/scalers.ts';
import type { SavedPipelineModel } from '../../src/pipeline/run.ts';
import { exportOnnx } from '../../src/export/onnx/export.ts';
import { pipelineInput, predictRowsWithProbabilities, rawMatrix, type RawRow } from '../../src/predict/predict-rows.ts';
import { compare, frameRows, isProbabilityTie, runOnnx } from './agreement.ts';
import { panelsAvailable, whoPanel } from './panels.ts';

const available = panelsAvailable();

interface Fixture {
  features: string[];
  training: RawRow[];
  labels: Int32Array;
  queries: RawRow[];
}

let fixture: Fixture;

beforeAll(() => {
  if (!available) return;
  const panel = whoPanel();
  const rows = frameRows(panel.frame);
  const features = panel.frame.columns.map((c) => c.name).filter((n) => n !== panel.target).slice(0, 8);
  const withTarget = rows.filter((r) => Number.isFinite(r[panel.target] as number));
  const training = withTarget.filter((_, i) => i % 5 !== 0).slice(0, 700);
  const targets = training.map((r) => r[panel.target] as number).sort((a, b) => a - b);
  const cut1 = targets[Math.floor(targets.length / 3)];
  const cut2 = targets[Math.floor((2 * targets.length) / 3)];
  const labels = Int32Array.from(training, (r) => ((r[panel.target] as number) < cut1 ? 0 : (r[panel.target] as number) < cut2 ? 1 : 2));
  // Queries: held-out rows (with their missing cells), training rows themselves (exact reference values of
  // the quantile scaler), and rows pushed beyond the training range.
  const heldOut = withTarget.filter((_, i) => i % 5 === 0).slice(0, 200);
  const beyond = heldOut.slice(0, 40).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? v * 1e3 + 1 : v])));
  const below = heldOut.slice(40, 80).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? -Math.abs(v) - 1 : v])));
  fixture = { features, training, labels, queries: [...heldOut, ...training.slice(0, 150), ...beyond, ...below] };
});

/** Fill values, bins and a scaler fitted on the training rows, as runAutoML's final training set does. */
function pipelineFor(scaler: ScalerKind, discretize: boolean): { pipeline: SavedPipelineModel['pipeline']; X: Matrix } {
  const { features, training } = fixture;
  const raw = rawMatrix(features, training);
  const fill = features.map((_, k) => {
    const values = training.map((r) => r[features[k]]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)] : 0;
  });
  const binEdges = features.map((_, k) => {
    if (!discretize || k % 3 !== 0) return null;
    const values = training.map((r) => r[features[k]]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
    return [values[Math.floor(values.length / 4)], values[Math.floor(values.length / 2)], values[Math.floor((3 * values.length) / 4)]];
  });
  const classes = [
    { title: 'low', min: 0, max: 1 },
    { title: 'middle', min: 1, max: 2 },
    { title: 'high', min: 2, max: 3 },
  ];
  const unscaled = { features, fill, binEdges, scaler: null, classes };
  const binned = pipelineInput(unscaled, raw).X;
  const state = fitScaler(scaler, binned);
  const pipeline = { ...unscaled, scaler: state };
  return { pipeline, X: pipelineInput(pipeline, raw).X };
}

async function expectAgreement(saved: SavedPipelineModel): Promise<void> {
  const engine = predictRowsWithProbabilities(saved, fixture.queries);
  const onnx = await runOnnx(exportOnnx(saved), saved.pipeline.features, fixture.queries);
  const agreement = compare(engine, onnx, saved.pipeline.classes.map((c) => c.title));
  expect(agreement.titleMismatches).toBe(0);
  expect(agreement.differing.filter((i) => !isProbabilityTie(engine[i].probabilities))).toEqual([]);
  expect(agreement.sameLabel / agreement.rows).toBeGreaterThanOrEqual(0.999);
  expect(agreement.maxProbabilityDifference).toBeLessThanOrEqual(1e-4);
}

async function fitted(family: 'KNN' | 'SVM' | 'ANN', params: Record<string, unknown>, scaler: ScalerKind, discretize: boolean): Promise<SavedPipelineModel> {
  const { pipeline, X } = pipelineFor(scaler, discretize);
  const model = createModel(family, params, 3);
  try {
    await model.fit(X, fixture.labels, 3);
    return { ...model.toJSON(), pipeline };
  } finally {
    model.dispose();
  }
}

describe.skipIf(!available)('ONNX export of each pipeline step', () => {
  it.each([
    ['standard', false],
    ['log1p-standard', true],
    ['quantile-normal', false],
    ['quantile-normal', true],
  ] as const)('scaler %s (discretized attributes: %s) with KNN p=3, distance weights', async (scaler, discretize) => {
    await expectAgreement(await fitted('KNN', { n_neighbors: 4, weights: 'distance', p: 3 }, scaler, discretize));
  }, 120_000);

  it.each([
    ['linear', true],
    ['sigmoid', true],
    ['rbf', false],
  ] as const)('SVM %s kernel (probability: %s)', async (kernel, probability) => {
    await expectAgreement(await fitted('SVM', { kernel, probability, C: 1, gamma: kernel === 'sigmoid' ? 0.01 : 'scale' }, 'quantile-normal', false));
  }, 120_000);

  it.each(['relu', 'elu'])('ANN %s', async (activation) => {
    await expectAgreement(await fitted('ANN', { activation, epochs: 5, num_layers: 2, neurons: 8, dropout_rate: 0.2 }, 'standard', true));
  }, 120_000);
});
