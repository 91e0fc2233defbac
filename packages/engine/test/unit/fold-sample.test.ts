import { parseEngineConfig, type EngineConfigInput } from '../../src/pipeline/config.ts';
import { buildFoldData, buildTrainingSet, prepareTarget } from '../../src/pipeline/prepare.ts';
import { pickInt32 } from '../../src/data/stats.ts';
import { deriveSeed } from '../../src/data/random.ts';
import { forwardChainingFolds } from '../../src/search/splits.ts';
import { searchRowCap, stratifiedSample } from '../../src/search/row-sample.ts';
import { syntheticPanel } from '../helpers/panel.ts';

/**
 * The folds of large data: a fold with more training rows than the search's row cap gives its fits a sample. Without
 * balancing the fold's preprocessing is fit on that sample; with a balancing method on all of the fold's rows.
 */
const TEST_YEAR = 2009;
// 1,300 places x 10 years: the last folds train on more than the 10,000 rows a 30 s budget's fits may use.
const frame = syntheticPanel({ places: 1_300, seed: 5 });

function config(balancing: 'none' | 'Oversampling'): EngineConfigInput {
  return {
    target: 'target',
    split: { mode: 'year', testYear: TEST_YEAR },
    targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
    preprocessing: {
      missingData: { maxMissingPercent: 50, imputation: 'median' },
      outliers: { quantiles: null, k: 1.5 },
      attributeSelection: { minInformationGain: 0, pearsonCut: 0.99, maxFeatures: 20, manualFeatures: null },
      attributeDiscretization: [],
      balancing,
    },
    models: { DT: 'auto' },
    budgetSeconds: 30,
    workers: 0,
    seed: 3,
  };
}

function foldData(balancing: 'none' | 'Oversampling') {
  const cfg = parseEngineConfig(config(balancing));
  const prepared = prepareTarget(frame, cfg);
  const folds = forwardChainingFolds(
    prepared.trainRows.map((i) => frame.time[i]),
    cfg.folds,
  );
  return { cfg, prepared, folds, data: buildFoldData(frame, prepared, folds, cfg, 'fc') };
}

describe('fold data on large data', () => {
  const cap = searchRowCap(30);

  it('samples a large fold stratified by class, says from how many rows, and leaves small folds whole', () => {
    const { prepared, folds, data } = foldData('none');
    let sampledFolds = 0;
    data.forEach((fold, f) => {
      const trainRows = folds[f].train.length;
      if (trainRows <= cap) {
        expect(fold.train.rows).toBe(trainRows);
        expect(fold.sampledFromTrainRows).toBeUndefined();
        return;
      }
      sampledFolds += 1;
      expect(fold.train.rows).toBe(cap);
      expect(fold.sampledFromTrainRows).toBe(trainRows);
      // Each class keeps its share of the fold's training rows (within a row of rounding).
      const counts = new Array<number>(3).fill(0);
      for (const p of folds[f].train) counts[prepared.classOf[prepared.trainRows[p]]] += 1;
      const sampled = new Array<number>(3).fill(0);
      for (const c of fold.y) sampled[c] += 1;
      counts.forEach((n, c) => expect(Math.abs(sampled[c] - (n * cap) / trainRows)).toBeLessThanOrEqual(1));
      // Validation rows are the fold's own year, every one of them (fewer than the cap).
      expect(fold.validation.rows).toBe(folds[f].validation.length);
    });
    expect(sampledFolds).toBeGreaterThan(0);
  });

  it('without balancing fits the fold\'s preprocessing on the sample alone', () => {
    const { cfg, prepared, folds, data } = foldData('none');
    const f = data.findIndex((_, k) => folds[k].train.length > cap);
    const allTrainRows = folds[f].train.map((p) => prepared.trainRows[p]);
    const sample = stratifiedSample(pickInt32(prepared.classOf, allTrainRows), 3, cap, deriveSeed(cfg.seed, 'search-rows', 'fc', f, 'fold-rows')) as number[];
    const onSample = buildTrainingSet(frame, prepared, sample.map((p) => allTrainRows[p]), cfg, `fc-${f}`);
    // The sparse column is 80 % missing: its imputed value is the median of the rows the preprocessing was fit on.
    const onAll = buildTrainingSet(frame, prepared, allTrainRows, cfg, `fc-${f}`);
    expect(onSample.fitted).not.toEqual(onAll.fitted);
    expect(data[f].train.data).toEqual(onSample.balanced.X.data);
    expect(data[f].y).toEqual(onSample.balanced.y);
  });

  it('is the same for the same seed', () => {
    const a = foldData('none').data;
    const b = foldData('none').data;
    a.forEach((fold, f) => {
      expect(fold.train.data).toEqual(b[f].train.data);
      expect(fold.y).toEqual(b[f].y);
    });
  });

  it('with a balancing method balances all of the fold\'s rows, then samples the balanced rows', () => {
    const { folds, data } = foldData('Oversampling');
    const large = data.findIndex((_, f) => folds[f].train.length > cap);
    expect(large).toBeGreaterThanOrEqual(0);
    expect(data[large].train.rows).toBe(cap);
    // Oversampling adds rows before the sample is drawn, so the count sampled from exceeds the fold's own rows.
    expect(data[large].sampledFromTrainRows).toBeGreaterThan(folds[large].train.length);
  });
});
