import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { bootstrapScores, compareWithBaselines, macroF1Of, seededRandom, smallTestCheck, type ScoredRow } from './result-verdict.ts';
import type { AutoMLResults, ModelResult, SummaryMetrics } from './results.ts';

function rows(pairs: [number, number][]): ScoredRow[] {
  return pairs.map(([actualIndex, predictedIndex]) => ({ actualIndex, predictedIndex }));
}

/** n rows over 3 classes, about `hitRate` of them predicted right (deterministic). */
function panel(n: number, hitRate: number): ScoredRow[] {
  const random = seededRandom(7);
  return Array.from({ length: n }, (_, i) => {
    const actual = i % 3;
    return { actualIndex: actual, predictedIndex: random() < hitRate ? actual : (actual + 1) % 3 };
  });
}

describe('macroF1Of', () => {
  it('matches scikit-learn f1_score(average="macro") on a hand-checked case', () => {
    // sklearn: f1_score([0,0,1,1,2,2],[0,1,1,1,2,0],average='macro') = 0.6555555...
    expect(macroF1Of([0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 0], 3)).toBeCloseTo(0.6555556, 6);
  });
  it('averages only over classes present in actual or predicted labels', () => {
    expect(macroF1Of([0, 0, 1], [0, 0, 1], 5)).toBe(1);
  });
});

describe('bootstrapScores', () => {
  it('is seeded: the same rows and seed give the same interval, another seed another one', () => {
    const data = panel(120, 0.8);
    const a = bootstrapScores(data, 3, { seed: 42 });
    const b = bootstrapScores(data, 3, { seed: 42 });
    const c = bootstrapScores(data, 3, { seed: 43 });
    expect(a).toEqual(b);
    expect(c?.macroF1.low).not.toBe(a?.macroF1.low);
  });

  it('brackets the estimate, and the estimate is the score on all test rows', () => {
    const data = panel(200, 0.75);
    const scores = bootstrapScores(data, 3, { seed: 1 })!;
    const hits = data.filter((r) => r.actualIndex === r.predictedIndex).length;
    expect(scores.accuracy.estimate).toBe(hits / data.length);
    expect(scores.macroF1.estimate).toBeCloseTo(macroF1Of(data.map((r) => r.actualIndex), data.map((r) => r.predictedIndex), 3), 12);
    for (const interval of [scores.accuracy, scores.macroF1]) {
      expect(interval.low).toBeLessThan(interval.estimate);
      expect(interval.high).toBeGreaterThan(interval.estimate);
    }
    expect(scores.resamples).toBe(LIMITS.verdict.bootstrapResamples);
    expect(scores.level).toBe(0.95);
  });

  it('gives a narrower interval on more rows (about 1/sqrt(n))', () => {
    const small = bootstrapScores(panel(40, 0.7), 3, { seed: 3 })!;
    const large = bootstrapScores(panel(1000, 0.7), 3, { seed: 3 })!;
    const width = (s: typeof small) => s.accuracy.high - s.accuracy.low;
    expect(width(large)).toBeLessThan(width(small) / 2.5);
    // Binomial check: 95 % width of a proportion near 0.7 on 1000 rows is about 2 * 1.96 * sqrt(.21/1000) = 0.057.
    expect(width(large)).toBeGreaterThan(0.04);
    expect(width(large)).toBeLessThan(0.075);
  });

  it('draws whole places when every row names its place: wider when a place repeats itself over the test years', () => {
    // 60 places over 5 test years; each place is right or wrong in all its years alike, as a sticky class is.
    const random = seededRandom(11);
    const sticky: ScoredRow[] = [];
    for (let place = 0; place < 60; place++) {
      const actual = place % 3;
      const predicted = random() < 0.75 ? actual : (actual + 1) % 3;
      for (let year = 0; year < 5; year++) sticky.push({ actualIndex: actual, predictedIndex: predicted, space: `P${place}` });
    }
    const byPlace = bootstrapScores(sticky, 3, { seed: 5 })!;
    const byRow = bootstrapScores(sticky.map(({ actualIndex, predictedIndex }) => ({ actualIndex, predictedIndex })), 3, { seed: 5 })!;
    expect(byPlace).toMatchObject({ unit: 'place', units: 60 });
    expect(byRow).toMatchObject({ unit: 'row', units: 300 });
    // The same point estimates: only the spread changes.
    expect(byPlace.accuracy.estimate).toBe(byRow.accuracy.estimate);
    expect(byPlace.macroF1.estimate).toBe(byRow.macroF1.estimate);
    // Five identical rows per place carry the information of one: the interval is about sqrt(5) = 2.2 times wider.
    const width = (s: typeof byRow) => s.accuracy.high - s.accuracy.low;
    expect(width(byPlace) / width(byRow)).toBeGreaterThan(1.7);
    expect(width(byPlace) / width(byRow)).toBeLessThan(2.8);
  });

  it('gives the row interval when each place has a single test row (one test year)', () => {
    const data = panel(150, 0.8);
    const named = data.map((r, i) => ({ ...r, space: `P${i}` }));
    const byPlace = bootstrapScores(named, 3, { seed: 2 })!;
    const byRow = bootstrapScores(data, 3, { seed: 2 })!;
    expect(byPlace.macroF1).toEqual(byRow.macroF1);
    expect(byPlace.accuracy).toEqual(byRow.accuracy);
    expect(byPlace.unit).toBe('place');
  });

  it('has no width when every row is right, and null without rows', () => {
    const perfect = bootstrapScores(rows([[0, 0], [1, 1], [2, 2], [1, 1]]), 3, { seed: 9 })!;
    expect(perfect.accuracy).toEqual({ estimate: 1, low: 1, high: 1 });
    expect(perfect.macroF1).toEqual({ estimate: 1, low: 1, high: 1 });
    expect(bootstrapScores([], 3, { seed: 9 })).toBeNull();
  });
});

describe('smallTestCheck', () => {
  const classes = (...counts: number[]) => counts.map((testCount, i) => ({ title: `C${i + 1}`, testCount }));

  it('warns below 30 test rows', () => {
    expect(smallTestCheck(29, classes(10, 10, 9))).toEqual({ tooFewRows: true, emptyClasses: [], sparseClasses: [], warn: true });
    expect(smallTestCheck(30, classes(10, 10, 10))).toEqual({ tooFewRows: false, emptyClasses: [], sparseClasses: [], warn: false });
  });

  it('warns when a class has fewer than 5 test rows, naming it (no test rows at all included)', () => {
    expect(smallTestCheck(100, classes(91, 4, 5))).toEqual({ tooFewRows: false, emptyClasses: [], sparseClasses: ['C2'], warn: true });
    expect(smallTestCheck(100, classes(100, 0))).toEqual({ tooFewRows: false, emptyClasses: ['C2'], sparseClasses: [], warn: true });
  });

  it('flags a one-row test set', () => {
    expect(smallTestCheck(1, classes(1, 0, 0))).toEqual({ tooFewRows: true, emptyClasses: ['C2', 'C3'], sparseClasses: ['C1'], warn: true });
  });
});

describe('compareWithBaselines', () => {
  const metrics = (macroF1: number | null): SummaryMetrics => ({
    TotalIntances: 10, accuracy: 0.5, macroPrecision: 0.5, macroRecall: 0.5, macroF1, weightedF1: 0.5,
    MAE: null, MAPE: null, MSE: null, RMSE: null, KGE: null,
  });
  const results = (chosenF1: number | null, extra: Partial<AutoMLResults> = {}) =>
    ({
      best: 'RF',
      models: { RF: { test: metrics(chosenF1) } as ModelResult },
      baselines: [
        { name: 'majority', description: '', test: metrics(0.3) },
        { name: 'persistence', description: '', test: metrics(0.6) },
      ],
      ...extra,
    }) as AutoMLResults;

  it('beats a baseline only with a strictly higher test macro-F1 (results without the engine list)', () => {
    expect(compareWithBaselines(results(0.6)).map((c) => [c.name, c.beaten])).toEqual([
      ['majority', true],
      ['persistence', false],
    ]);
    expect(compareWithBaselines(results(0.61)).map((c) => c.beaten)).toEqual([true, true]);
  });

  it("follows the engine's baselinesAtLeastAsGood when the results carry it", () => {
    expect(compareWithBaselines(results(0.9, { baselinesAtLeastAsGood: ['persistence'] })).map((c) => c.beaten)).toEqual([true, false]);
    expect(compareWithBaselines(results(0.9, { baselinesAtLeastAsGood: [] })).map((c) => c.beaten)).toEqual([true, true]);
  });

  it('beats nothing without a test score', () => {
    expect(compareWithBaselines(results(null)).map((c) => c.beaten)).toEqual([false, false]);
  });
});
