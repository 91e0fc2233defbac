import type { PanelFrame } from '../src/data/frame.ts';
import { runAutoML, type RunOutput } from '../src/pipeline/run.ts';
import { parseEngineConfig, type EngineConfigInput } from '../src/pipeline/config.ts';
import { buildFoldData, prepareTarget } from '../src/pipeline/prepare.ts';
import { forwardChainingFolds } from '../src/search/splits.ts';
import { FIT_LOG } from './helpers/centroid-model.ts';
import { CENTROID_MODEL, syntheticPanel } from './helpers/panel.ts';
import { stripTiming } from './helpers/timing.ts';

/**
 * Leakage tests: the test year's rows are changed in ways that would move every fitted quantity if any
 * test value reached a fit (features x 1e6, targets shifted or shuffled). Everything fitted on training
 * rows must come out bit-identical; only test-side outputs may move.
 */
const TEST_YEAR = 2009;

function perturbTestRows(frame: PanelFrame, how: 'scale' | 'shuffle-target'): PanelFrame {
  const testRows = frame.time.flatMap((t, i) => (t === TEST_YEAR ? [i] : []));
  const columns = frame.columns.map((c) => {
    const values = c.values.slice();
    if (how === 'scale' && c.name !== 'target') for (const i of testRows) values[i] = values[i] * 1e6 + 1e6;
    if (how === 'scale' && c.name === 'target') for (const i of testRows) values[i] += 1e6;
    if (how === 'shuffle-target' && c.name === 'target') {
      // reverse the order of the test targets: changes which test row holds which label
      const original = testRows.map((i) => c.values[i]);
      testRows.forEach((i, k) => {
        values[i] = original[original.length - 1 - k];
      });
    }
    return { name: c.name, values };
  });
  return { ...frame, columns };
}

/** Training-side outputs: everything that a fit on training rows produces. */
function trainingSide(output: RunOutput) {
  const r = stripTiming(output.results);
  return {
    best: r.best,
    classes: r.classes.map(({ testCount: _t, ...c }) => c),
    used: r.usedIndicators,
    unused: r.unusedIndicators,
    correlation: r.correlationMatrix,
    outlierBounds: [r.preprocessing.outliers.lower, r.preprocessing.outliers.upper, r.preprocessing.outliers.removedTrainRows],
    removedColumns: r.preprocessing.missingData.removedColumns,
    droppedTrainRows: r.preprocessing.missingData.droppedTrainRows,
    attributeDiscretization: r.preprocessing.attributeDiscretization,
    balancing: r.preprocessing.balancing,
    validation: Object.fromEntries(
      Object.entries(r.models).map(([k, m]) => [k, { v: m.validationMacroF1, s: m.validationMacroF1Std, h: m.hyperparameters, params: m.params }]),
    ),
    cvGap: r.cvGap,
    saved: Object.fromEntries(Object.entries(output.models).map(([k, m]) => [k, { pipeline: m.pipeline, state: m.state }])),
  };
}

function config(overrides: Partial<EngineConfigInput> = {}): EngineConfigInput {
  return {
    target: 'target',
    split: { mode: 'year', testYear: TEST_YEAR },
    targetDiscretization: { mode: 'automatic', groups: 3, method: 'kmeans' },
    preprocessing: {
      missingData: { maxMissingPercent: 50, imputation: 'median' },
      outliers: { quantiles: [0.25, 0.75], k: 1.5 },
      attributeSelection: { minInformationGain: 0, pearsonCut: 0.99, maxFeatures: 20, manualFeatures: null },
      attributeDiscretization: [{ indicator: 'b', option: 'automatic', groups: 4 }],
      balancing: 'OversamplingSpatialByRegionAndTemporal',
    },
    models: { DT: 'auto', KNN: 'auto', SVM: 'auto' },
    budgetSeconds: 60,
    maxCandidatesPerFamily: 4,
    workers: 0,
    seed: 3,
    ...overrides,
  };
}

describe('leakage', () => {
  const frame = syntheticPanel({ places: 24, missing: 0.15 });

  for (const imputation of ['median', 'mean', 'none'] as const) {
    it(`no test-row value reaches any fit (imputation ${imputation})`, async () => {
      const base = config();
      const cfg = { ...base, preprocessing: { ...base.preprocessing, missingData: { maxMissingPercent: 50, imputation } } };
      FIT_LOG.length = 0;
      const clean = await runAutoML(frame, cfg, { modelModule: CENTROID_MODEL });
      const fitsClean = FIT_LOG.length;
      FIT_LOG.length = 0;
      const perturbed = await runAutoML(perturbTestRows(frame, 'scale'), cfg, { modelModule: CENTROID_MODEL });
      // Imputer, outlier bounds, class edges, IG, Pearson, attribute discretizer, scalers, balancing,
      // validation scores, the choice and the fitted models are identical.
      expect(trainingSide(perturbed)).toEqual(trainingSide(clean));
      // No model fit ever saw a test value (the unscaled tree fits would show 1e6).
      expect(FIT_LOG.length).toBe(fitsClean);
      for (const fit of FIT_LOG.filter((f) => f.family === 'DT')) expect(fit.maxAbs).toBeLessThan(1e5);
      // The test side did move: the perturbation was visible where it should be.
      expect(perturbed.results.outliers.filter((o) => o.set === 'test').length).toBeGreaterThan(0);
      if (imputation === 'none') expect(clean.results.preprocessing.missingData.droppedTrainRows).toBeGreaterThan(0);
    });
  }

  it('chooses the model without test scores: shuffled test labels leave the choice unchanged', async () => {
    const cfg = config({ preprocessing: { balancing: 'Oversampling' } });
    const clean = await runAutoML(frame, cfg, { modelModule: CENTROID_MODEL });
    const shuffled = await runAutoML(perturbTestRows(frame, 'shuffle-target'), cfg, { modelModule: CENTROID_MODEL });
    expect(shuffled.results.best).toBe(clean.results.best);
    expect(trainingSide(shuffled)).toEqual(trainingSide(clean));
    const testF1 = (o: RunOutput) => Object.values(o.results.models).map((m) => m.test.macroF1);
    expect(testF1(shuffled)).not.toEqual(testF1(clean));
  });

  it('keeps synthetic balancing rows out of validation and test scoring', async () => {
    const cfg = parseEngineConfig(config({ preprocessing: { balancing: 'OversamplingTemporal' } }));
    const prepared = prepareTarget(frame, cfg);
    const folds = forwardChainingFolds(
      prepared.trainRows.map((i) => frame.time[i]),
      cfg.folds,
    );
    const data = buildFoldData(frame, prepared, folds, cfg, 'fc');
    let synthetic = 0;
    data.forEach((fold, f) => {
      const validationRows = folds[f].validation.map((p) => prepared.trainRows[p]);
      // validation = exactly the original rows of the validation year, with their own labels
      expect(fold.validation.rows).toBe(validationRows.length);
      expect(Array.from(fold.yValidation)).toEqual(validationRows.map((i) => prepared.classOf[i]));
      // every fold's training years are strictly earlier than its validation year
      const trainYears = folds[f].train.map((p) => frame.time[prepared.trainRows[p]]);
      expect(Math.max(...trainYears)).toBeLessThan(folds[f].validationYears[0]);
      synthetic += fold.train.rows - folds[f].train.length;
    });
    expect(synthetic).toBeGreaterThan(0);
    const { results } = await runAutoML(frame, cfg, { modelModule: CENTROID_MODEL });
    expect(results.preprocessing.balancing.syntheticRows).toBeGreaterThan(0);
    for (const model of Object.values(results.models)) {
      expect(model.predictions).toHaveLength(results.split.testRows);
      expect(model.test.TotalIntances).toBe(results.split.testRows);
      expect(model.predictions.every((p) => p.time === TEST_YEAR)).toBe(true);
    }
    expect(Math.max(...results.split.trainYears)).toBeLessThan(TEST_YEAR);
  });
});
