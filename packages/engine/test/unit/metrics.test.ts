import { averages, confusionMatrix, indexErrors, macroF1, perClassMetrics } from '../../src/metrics/classification.ts';
import { createRng } from '../../src/data/random.ts';
import { resultRows } from '../../src/metrics/tables.ts';
import { forwardChainingFolds, outerSplit, stratifiedKFold } from '../../src/search/splits.ts';
import { candidatesFor } from '../../src/search/spaces.ts';

describe('metrics', () => {
  // Checked against scikit-learn 1.2: f1_score([0,0,1,1,2,2],[0,1,1,1,2,0],average='macro') = 0.6555555...
  const actual = [0, 0, 1, 1, 2, 2];
  const predicted = [0, 1, 1, 1, 2, 0];
  it('macro-F1 matches scikit-learn', () => {
    expect(macroF1(actual, predicted, 3)).toBeCloseTo(0.6555555556, 8);
    expect(confusionMatrix(actual, predicted, 3)).toEqual([
      [1, 1, 0],
      [0, 2, 0],
      [1, 0, 1],
    ]);
  });
  it('macro-F1 gives the very bits of the per-class path (the choice and its replays compare exact scores)', () => {
    const rng = createRng(5);
    const draw = (k: number) => Math.floor(rng.next() * k);
    for (let trial = 0; trial < 2000; trial++) {
      const nClasses = 2 + draw(5);
      const n = draw(40);
      // Some trials leave classes out of both vectors, some predict a class with no rows, a few have no rows at all.
      const used = 1 + draw(nClasses);
      const a = Array.from({ length: n }, () => draw(used));
      const p = Array.from({ length: n }, () => draw(nClasses));
      const slow = averages(perClassMetrics(confusionMatrix(a, p, nClasses))).macro.f1 ?? 0;
      expect(Object.is(macroF1(a, p, nClasses), slow), `${nClasses} classes: ${a} / ${p}`).toBe(true);
    }
    expect(macroF1([], [], 3)).toBe(0);
    // A label outside the classes is not moved into a neighbouring cell of the flat matrix.
    expect(macroF1([1, 1, 2], [1, -1, 2], 3)).toBe(averages(perClassMetrics(confusionMatrix([1, 1, 2], [1, -1, 2], 3))).macro.f1);
    expect(macroF1([1, 1, 2], [1, -1, 2], 3)).toBe(1);
  });
  it('index errors are 1-based; KGE is 1 for perfect and null for constant predictions', () => {
    const e = indexErrors([0, 1, 2], [0, 1, 1]);
    expect(e.MAE).toBeCloseTo(1 / 3);
    expect(e.MAPE).toBeCloseTo(1 / 3 / 3);
    expect(e.MSE).toBeCloseTo(1 / 3);
    expect(indexErrors([0, 1, 2], [0, 1, 2]).KGE).toBeCloseTo(1);
    expect(indexErrors([0, 1, 2], [1, 1, 1]).KGE).toBeNull();
  });
  it('Resultados rows: one per class then macro and weighted averages', () => {
    const rows = resultRows('RF', actual, predicted, ['a', 'b', 'c']);
    expect(rows.map((r) => r.Category)).toEqual(['a', 'b', 'c', 'macro avg', 'weighted avg']);
    expect(rows[1]).toMatchObject({ TotalIntances: 2, recall: 1, f1: 0.8 });
    expect(rows[1].precision).toBeCloseTo(2 / 3, 10);
    expect(rows[3].Accuracy).toBeCloseTo(4 / 6);
  });
});

describe('splits', () => {
  const time = [2000, 2000, 2001, 2001, 2002, 2002, 2003, 2003, 2003, 2003];
  const space = ['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B', 'C', 'D'];
  const rows = time.map((_, i) => i);
  it('year split: test = the year (and place), train = strictly earlier years', () => {
    const s = outerSplit(rows, time, space, null, { mode: 'year', testYear: 2002, testRegion: 'A' });
    expect(s.testRows).toEqual([4]);
    expect(s.trainRows).toEqual([0, 1, 2, 3]);
    expect(() => outerSplit(rows, time, space, null, { mode: 'year', testYear: 1990, testRegion: null })).toThrow(/No rows/);
  });
  it('percent split cuts at a whole year closest to P%', () => {
    const s = outerSplit(rows, time, space, null, { mode: 'percent', testPercent: 40 });
    expect(s.testYears).toEqual([2003]);
    expect(s.testRows).toEqual([6, 7, 8, 9]);
  });
  it('forward-chaining folds validate on the last years with expanding training windows', () => {
    const folds = forwardChainingFolds([2000, 2000, 2001, 2002, 2003], 2);
    expect(folds.map((f) => f.validationYears)).toEqual([[2002], [2003]]);
    expect(folds[0].train).toEqual([0, 1, 2]);
    expect(folds[1].train).toEqual([0, 1, 2, 3]);
  });
  it('stratified k-fold keeps class shares and is seeded', () => {
    const y = [0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
    const folds = stratifiedKFold(y, 2, 9);
    for (const f of folds) expect(f.validation.filter((i) => y[i] === 1)).toHaveLength(3);
    expect(stratifiedKFold(y, 2, 9)).toEqual(folds);
  });
});

describe('search spaces', () => {
  it('auto lists start with the defaults and every scaler; explicit params are kept as given', () => {
    const auto = candidatesFor('SVM', 'auto', 1, 10);
    expect(auto).toHaveLength(10);
    expect(auto.slice(0, 3).map((c) => c.scaler)).toEqual(['log1p-standard', 'standard', 'quantile-normal']);
    const explicit = candidatesFor('DT', { max_depth: 3 }, 1, 10);
    expect(explicit).toEqual([{ family: 'DT', params: { max_depth: 3 }, scaler: 'none' }]);
    const lists = candidatesFor('RF', { n_estimators: [50, 100], max_depth: 4, criterion: ['gini', 'entropy'] }, 1, 10);
    expect(lists.map((c) => c.params)).toEqual([
      { n_estimators: 50, max_depth: 4, criterion: 'gini' },
      { n_estimators: 50, max_depth: 4, criterion: 'entropy' },
      { n_estimators: 100, max_depth: 4, criterion: 'gini' },
      { n_estimators: 100, max_depth: 4, criterion: 'entropy' },
    ]);
  });
});
