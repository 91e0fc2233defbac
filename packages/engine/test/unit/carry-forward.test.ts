import { carriedCellCount, carriedForRows, carriedForward } from '../../src/preprocess/carry-forward.ts';
import { fitFeatures, transformFeatures, type FeatureSource } from '../../src/preprocess/features.ts';
import { parseEngineConfig } from '../../src/pipeline/config.ts';
import { buildFoldData, prepareTarget } from '../../src/pipeline/prepare.ts';
import { forwardChainingFolds } from '../../src/search/splits.ts';
import { syntheticPanel } from '../helpers/panel.ts';

const NaN_ = Number.NaN;
const BASE = {
  target: 'target',
  split: { mode: 'year' as const, testYear: 2009 },
  targetDiscretization: { mode: 'automatic' as const, groups: 3, method: 'quantile' as const },
  models: { DT: 'auto' as const },
};

describe('carry-forward of indicator values within a place', () => {
  // Two places, rows out of time order; A has two rows in 2002 (they must not read each other).
  const space = ['A', 'B', 'A', 'B', 'A', 'B', 'A', 'A'];
  const time = [2003, 2003, 2000, 2000, 2001, 2001, 2002, 2002];
  const x = Float64Array.from([NaN_, NaN_, 1, 10, NaN_, 11, 3, NaN_]);

  it("gives each row its place's latest earlier known value, never its own year's or a later one", () => {
    const [carried] = carriedForward(space, time, [x]);
    // A 2003 <- A 2002 (3); B 2003 <- B 2001 (11); first years have none; A 2001 <- A 2000 (1); A 2002 rows <- A 2000.
    expect(Array.from(carried)).toEqual([3, 11, NaN_, NaN_, 1, 10, 1, 1]);
  });

  it('changing a later value never changes an earlier row (no look-ahead), and places never mix', () => {
    const later = x.slice();
    later[0] = 99; // A 2003
    later[6] = 42; // A 2002
    const [a] = carriedForward(space, time, [x]);
    const [b] = carriedForward(space, time, [later]);
    for (const i of [2, 4, 6, 7]) expect(b[i]).toEqual(a[i]); // A 2000-2002
    for (const i of [1, 3, 5]) expect(b[i]).toEqual(a[i]); // every B row
    expect(b[0]).toBe(42);
  });

  it('looks up rows to predict by place and year with the same rule', () => {
    const [values] = carriedForRows({ space, time, columns: [x] }, [
      { space: 'A', time: 2004 },
      { space: 'A', time: 2002 },
      { space: 'B', time: 2000 },
      { space: 'C', time: 2004 },
      { space: null, time: 2004 },
      { space: 'B', time: null },
    ]);
    expect(Array.from(values)).toEqual([3, 1, NaN_, NaN_, NaN_, NaN_]);
  });

  it('fills a missing cell with the carried value before the training fill, except with imputation none', () => {
    const source: FeatureSource = { names: ['x'], columns: [x], carried: carriedForward(space, time, [x]) };
    const rows = [0, 1, 2, 3, 4, 5, 6, 7];
    const fit = (imputation: 'median' | 'none') =>
      fitFeatures(source, rows, [0, 1, 0, 1, 0, 1, 0, 0], [1, 2, 1, 2, 1, 2, 1, 1], 2, {
        missingData: { maxMissingPercent: null, imputation },
        attributeSelection: { minInformationGain: 0, maxFeatures: 10, pearsonCut: 1, manualFeatures: null },
        attributeDiscretization: [],
      });
    const median = fit('median');
    const filled = transformFeatures(source, median, rows);
    // Median of the observed training values (1, 3, 10, 11) is 6.5: only the rows without an earlier value take it.
    expect(Array.from(filled.X.data)).toEqual([3, 11, 1, 10, 1, 11, 3, 1]);
    expect(carriedCellCount(source, median.sourceIndex, rows)).toBe(4);
    const none = transformFeatures(source, fit('none'), rows);
    expect(Array.from(none.X.data)).toEqual([6.5, 6.5, 1, 10, 6.5, 11, 3, 6.5]);
    expect(Array.from(none.incomplete)).toEqual([1, 1, 0, 0, 1, 0, 0, 1]);
  });

  it("a fold's training matrix never reads its validation year, and validation rows read only earlier years", () => {
    const frame = syntheticPanel({ places: 12, missing: 0.3 });
    const config = parseEngineConfig({ ...BASE, folds: 2 });
    const prepared = prepareTarget(frame, config);
    expect(prepared.source.carried).toBeDefined();
    const folds = forwardChainingFolds(prepared.trainRows.map((i) => frame.time[i]), config.folds);
    const clean = buildFoldData(frame, prepared, folds, config, 'fc');
    // Scale every value of the last training year (the last fold's validation year): the earlier folds and the last
    // fold's training matrix stay bit-identical.
    const lastYear = Math.max(...prepared.trainRows.map((i) => frame.time[i]));
    const scaled = {
      ...frame,
      columns: frame.columns.map((c) => ({ name: c.name, values: c.values.map((v, i) => (c.name !== 'target' && frame.time[i] === lastYear ? v * 1e6 : v)) })),
    };
    const preparedScaled = prepareTarget(scaled, config);
    const perturbed = buildFoldData(scaled, preparedScaled, folds, config, 'fc');
    expect(Array.from(perturbed[0].train.data)).toEqual(Array.from(clean[0].train.data));
    expect(Array.from(perturbed[0].validation.data)).toEqual(Array.from(clean[0].validation.data));
    expect(Array.from(perturbed[1].train.data)).toEqual(Array.from(clean[1].train.data));
    expect(Array.from(perturbed[1].validation.data)).not.toEqual(Array.from(clean[1].validation.data));
  });

  it('is on by default, and off on request or with imputation none', () => {
    const frame = syntheticPanel({ places: 6, missing: 0.3 });
    const base = BASE;
    expect(prepareTarget(frame, parseEngineConfig(base)).source.carried).toBeDefined();
    const off = parseEngineConfig({ ...base, preprocessing: { missingData: { carryForward: false } } });
    expect(prepareTarget(frame, off).source.carried).toBeUndefined();
    const none = parseEngineConfig({ ...base, preprocessing: { missingData: { imputation: 'none' } } });
    expect(prepareTarget(frame, none).source.carried).toBeUndefined();
  });
});
