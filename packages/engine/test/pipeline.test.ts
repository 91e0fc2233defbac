import { autoMLResultsSchema } from '@indicata/contracts';
import { runAutoML } from '../src/pipeline/run.ts';
import { predictWithSavedModel } from '../src/pipeline/predict.ts';
import { CENTROID_MODEL, syntheticPanel } from './helpers/panel.ts';
import { setFitDelay } from './helpers/centroid-model.ts';
import { stripTiming } from './helpers/timing.ts';
import { parseEngineConfig } from '../src/pipeline/config.ts';
import { prepareTarget } from '../src/pipeline/prepare.ts';
import { targetHistoryColumns } from '../src/pipeline/target-history.ts';

describe('runAutoML plumbing (test classifier)', () => {
  it('produces schema-valid results for a year split, in-thread', async () => {
    const frame = syntheticPanel();
    const progress: number[] = [];
    const { results, models } = await runAutoML(
      frame,
      {
        target: 'target',
        split: { mode: 'year', testYear: 2009 },
        targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
        models: { DT: 'auto', KNN: 'auto' },
        budgetSeconds: 30,
        maxCandidatesPerFamily: 3,
        workers: 0,
      },
      { modelModule: CENTROID_MODEL, onProgress: (f) => progress.push(f) },
    );
    autoMLResultsSchema.parse(results);
    expect(results.split.testRows).toBe(30);
    expect(results.split.testYears).toEqual([2009]);
    expect(results.split.trainYears.at(-1)).toBe(2008);
    // The families, their ensemble, and the three rules (candidates with the target's history, the default `auto`).
    expect(Object.keys(results.models).sort()).toEqual(['DT', 'Ensemble', 'KNN', 'Majority', 'Persistence', 'Trend']);
    expect(models.DT?.pipeline.features.length).toBeGreaterThan(0);
    expect(models.Persistence?.pipeline.rule).toBe('persistence');
    expect(progress.at(-1)).toBe(1);
    expect(results.usedIndicators.map((r) => r.indicatorAnalyzingName)).not.toContain('sparse');
    // The search's model choice, whether or not a rule is recommended over it.
    const choice = results.choice;
    expect(choice?.recommended).toBe(results.best);
    const model = choice?.model ?? results.best;
    // Permutation importance is computed for the model choice.
    expect(results.models[model]?.permutationImportance?.length).toBe(results.usedIndicators.length);
    // The random k-fold comparison ran and is reported against the forward-chaining score.
    expect(results.cvGap).not.toBeNull();
    expect(results.cvGap?.gap).toBeCloseTo((results.cvGap?.randomKFold ?? 0) - (results.cvGap?.forwardChaining ?? 0), 9);
    expect(results.cvGap?.forwardChaining).toBeCloseTo(results.models[model]?.validationMacroF1 ?? -1, 9);
    // The rules' validation scores are the baselines' (the same folds as the models).
    expect(results.baselines.find((b) => b.name === 'persistence')?.validation?.macroF1).toBe(results.models.Persistence?.validationMacroF1);
  });
});

describe('missing data in a panel that fills in over time', () => {
  it('keeps an indicator reported only in the latest training years and reports why a sparse one went', async () => {
    const frame = syntheticPanel();
    // Reported from 2005 on: 5 of the 9 training years (2000-2008) lack it, the latest 4 (the folds' years) have it.
    const lately = frame.time.map((year, i) => (year >= 2005 ? frame.columns[1].values[i] * 0.5 : Number.NaN));
    frame.columns.splice(0, 0, { name: 'lately', values: Float64Array.from(lately) });
    const { results } = await runAutoML(
      frame,
      {
        target: 'target',
        split: { mode: 'year', testYear: 2009 },
        targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
        models: { DT: 'auto' },
        budgetSeconds: 30,
        maxCandidatesPerFamily: 2,
        workers: 0,
        targetHistory: 'off',
      },
      { modelModule: CENTROID_MODEL },
    );
    autoMLResultsSchema.parse(results);
    const used = results.usedIndicators.find((r) => r.indicatorAnalyzingName === 'lately');
    expect(used?.missingDatasPercent).toBeCloseTo(55.5556, 3);
    const removed = results.preprocessing.missingData.removedColumns;
    expect(removed.map((c) => c.name)).toEqual(['sparse']);
    expect(removed[0].recentMissingPercent).toBeGreaterThan(50);
    expect(results.unusedIndicators.find((r) => r.indicatorAnalyzingName === 'sparse')?.reason).toMatch(
      /^more than 50% missing on the training rows of the latest 4 years \(2005-2008\) \(\d+% missing there\)$/,
    );
  });
});

describe('runAutoML on worker threads', () => {
  it('gives the same results JSON as in-thread runs (determinism, seed)', async () => {
    const frame = syntheticPanel({ missing: 0.1 });
    const config = {
      target: 'target',
      split: { mode: 'percent' as const, testPercent: 20 },
      targetDiscretization: { mode: 'automatic' as const, groups: 3, method: 'equal-width' as const },
      preprocessing: { balancing: 'OversamplingTemporal' as const },
      models: { DT: 'auto' as const, SVM: 'auto' as const, KNN: { n_neighbors: 3 } },
      budgetSeconds: 60,
      maxCandidatesPerFamily: 4,
      seed: 11,
    };
    const strip = stripTiming;
    const inThread = await runAutoML(frame, { ...config, workers: 0 }, { modelModule: CENTROID_MODEL });
    const pooled = await runAutoML(frame, { ...config, workers: 2 }, { modelModule: CENTROID_MODEL });
    expect(strip(pooled.results)).toEqual(strip(inThread.results));
    expect(inThread.results.models.KNN?.paramsSource).toBe('explicit');
    // Each prediction row carries its own set: the set holds the row's predicted class (the most probable is always
    // in it), and the rows whose set holds the actual class give the coverage the run reports. The test rows come in
    // place order and the table in year order, so a set attached by position lands on another row.
    expect(new Set(inThread.results.split.testYears).size).toBeGreaterThan(1);
    for (const model of Object.values(inThread.results.models)) {
      const rows = model?.predictions ?? [];
      expect(rows.every((row) => row.set?.includes(row.predicted))).toBe(true);
      const covered = rows.filter((row) => row.set?.includes(row.actual)).length / rows.length;
      expect(covered).toBeCloseTo(model?.conformal?.coverage ?? -1, 9);
    }
    // Three scalers x two input sets (target history 'auto'), capped at maxCandidatesPerFamily.
    expect(inThread.results.models.KNN?.hyperparameters).toHaveLength(4);
  });
});

describe('runAutoML options and variants', () => {
  it('rejects when the abort signal fires', async () => {
    const controller = new AbortController();
    const run = runAutoML(
      syntheticPanel(),
      {
        target: 'target',
        split: { mode: 'year', testYear: 2009 },
        targetDiscretization: { mode: 'automatic', groups: 2 },
        models: { DT: 'auto', KNN: 'auto' },
        workers: 0,
      },
      {
        modelModule: CENTROID_MODEL,
        onProgress: (fraction) => {
          if (fraction > 0.05) controller.abort(new Error('stop now'));
        },
        signal: controller.signal,
      },
    );
    await expect(run).rejects.toThrow('stop now');
  });

  it('keeps manual class titles, reports unassigned rows, splits by percentage at a year boundary', async () => {
    const { results } = await runAutoML(
      syntheticPanel(),
      {
        target: 'target',
        split: { mode: 'percent', testPercent: 30 },
        targetDiscretization: {
          mode: 'manual',
          classes: [
            { title: 'low', min: 0, max: 12 },
            { title: 'high', min: 12, max: 24 },
          ],
        },
        models: { DT: { max_depth: 2 } },
        workers: 0,
      },
      { modelModule: CENTROID_MODEL },
    );
    expect(results.classes.map((c) => c.title)).toEqual(['low', 'high']);
    expect(results.split.testYears).toEqual([2007, 2008, 2009]);
    expect(new Set(results.models.DT?.predictions.map((p) => p.actual))).toEqual(new Set(['low', 'high']));
    expect(results.preprocessing.targetDiscretization.unassignedRows).toBeGreaterThan(0);
    expect(results.models.Ensemble).toBeUndefined();
    expect(results.models.DT?.paramsSource).toBe('explicit');
    const persistence = results.baselines.find((b) => b.name === 'persistence');
    expect(persistence?.fallbackRows).toBe(0);
  });

  it('estimates permutation importance on a sample of a large test set', async () => {
    const { results } = await runAutoML(
      syntheticPanel({ places: 60 }),
      {
        target: 'target',
        split: { mode: 'percent', testPercent: 50 },
        targetDiscretization: { mode: 'automatic', groups: 3 },
        models: { KNN: 'auto' },
        maxCandidatesPerFamily: 2,
        workers: 0,
        // The indicators alone: with the target's history (and its trend) offered, the test classifier's centroids
        // rest on the history columns, and the ranking of the indicators below says nothing.
        targetHistory: 'off',
      },
      { modelModule: CENTROID_MODEL },
    );
    expect(results.split.testRows).toBe(300);
    const importance = results.models.KNN?.permutationImportance ?? [];
    expect(importance.map((r) => r.Feature).sort()).toEqual([...results.usedIndicators.map((u) => u.indicatorAnalyzingName)].sort());
    // 'b' drives the target ('a' is dropped by the Pearson cut as a near-copy): shuffling it hurts more than noise.
    const of = (name: string) => importance.find((r) => r.Feature === name)?.Importance ?? NaN;
    expect(of('b')).toBeGreaterThan(of('noise'));
  });

  it('refuses bad configurations with readable errors', async () => {
    const frame = syntheticPanel();
    const base = { target: 'target', targetDiscretization: { mode: 'automatic' as const, groups: 2 }, models: { DT: 'auto' as const }, workers: 0 };
    await expect(runAutoML(frame, { ...base, split: { mode: 'year', testYear: 1990 } }, { modelModule: CENTROID_MODEL })).rejects.toThrow(
      /No rows with a target value for the test year 1990/,
    );
    await expect(runAutoML(frame, { ...base, target: 'nope', split: { mode: 'year', testYear: 2009 } }, { modelModule: CENTROID_MODEL })).rejects.toThrow(
      /Column "nope"/,
    );
    await expect(
      runAutoML(frame, { ...base, targetDiscretization: { mode: 'automatic', groups: 1 }, split: { mode: 'year', testYear: 2009 } }, { modelModule: CENTROID_MODEL }),
    ).rejects.toThrow(/single class/);
  });
});

describe('time budget', () => {
  afterEach(() => setFitDelay(0));
  it('stops starting fits at the deadline: a slow search ends within the budget plus one fit', async () => {
    setFitDelay(150);
    const budgetSeconds = 4;
    const { results } = await runAutoML(
      syntheticPanel(),
      {
        target: 'target',
        split: { mode: 'year', testYear: 2009 },
        targetDiscretization: { mode: 'automatic', groups: 3 },
        models: { DT: 'auto', KNN: 'auto' },
        budgetSeconds,
        workers: 0,
        randomFolds: 2,
      },
      { modelModule: CENTROID_MODEL },
    );
    // 40 candidates x 4 folds x 150 ms per family would take ~50 s without the budget.
    expect(results.models.DT?.search.budgetBound).toBe(true);
    expect(results.models.DT?.search.evaluated).toBeGreaterThanOrEqual(1);
    expect(results.elapsedSeconds).toBeLessThan(budgetSeconds + 2);
    expect(results.warnings.some((w) => w.includes('time budget stopped the search'))).toBe(true);
  });
});

describe('determinism with the real models', () => {
  it('same input, configuration and seed give the same results JSON, in-thread or on workers', async () => {
    const frame = syntheticPanel({ places: 16, missing: 0.05 });
    const config = {
      target: 'target',
      split: { mode: 'year' as const, testYear: 2009 },
      targetDiscretization: { mode: 'automatic' as const, groups: 3, method: 'quantile' as const },
      preprocessing: { balancing: 'OversamplingSpatialByRegionAndTemporal' as const },
      models: {
        DT: 'auto' as const,
        RF: { n_estimators: 20 },
        KNN: 'auto' as const,
        SVM: { C: 10 },
        ANN: { epochs: 5, neurons: 8, num_layers: 1, batch_size: 32 },
      },
      budgetSeconds: 300,
      folds: 2,
      maxCandidatesPerFamily: 2,
      seed: 123,
    };
    const strip = stripTiming;
    const inThread = await runAutoML(frame, { ...config, workers: 0 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => {
      if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning.message);
    };
    process.on('warning', onWarning);
    const pooled = await runAutoML(frame, { ...config, workers: 2 }).finally(() => new Promise((resolve) => setImmediate(resolve)));
    process.off('warning', onWarning);
    // The pool listens to a stage's signal once per queued task (the CV gap queues members x folds): expected, and
    // not to be reported as a leak in the server's log on every job.
    expect(warnings).toEqual([]);
    expect(strip(pooled.results)).toEqual(strip(inThread.results));
    // tfjs names layers from a per-thread counter (dense_Dense5 ...); names aside, saved models are identical.
    const stripNames = (m: unknown) => JSON.parse(JSON.stringify(m, (k, v) => (k === 'name' ? '' : v)));
    expect(stripNames(pooled.models)).toEqual(stripNames(inThread.models));

    // The saved models (after a JSON round trip) reproduce the reported test predictions from raw rows.
    const testRows = frame.time.flatMap((t, i) => (t === 2009 ? [i] : []));
    // Models that chose the target's history read it from columns named as the pipeline lists them.
    const prepared = prepareTarget(frame, parseEngineConfig(config));
    const history = targetHistoryColumns(frame, prepared.target, prepared.classes, 'target');
    const columns = [...frame.columns, ...history.names.map((name, k) => ({ name, values: history.columns[k] }))];
    const raw = testRows.map((i) => Object.fromEntries(columns.map((c) => [c.name, c.values[i]])));
    for (const family of ['DT', 'RF', 'KNN', 'SVM', 'ANN'] as const) {
      const saved = JSON.parse(JSON.stringify(inThread.models[family]));
      const predicted = await predictWithSavedModel(saved, raw);
      const bySpace = new Map(inThread.results.models[family]?.predictions.map((p) => [p.space, p.predicted]));
      expect(predicted.map((p) => p.title)).toEqual(testRows.map((i) => bySpace.get(frame.space[i])));
    }
  }, 240_000);
});
