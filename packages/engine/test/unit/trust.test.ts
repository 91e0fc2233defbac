import { createRng } from '../../src/data/random.ts';
import { adaptiveSets, evaluateSets, fitConformal, predictionSet, predictionSets, type ConformalMethod } from '../../src/trust/conformal.ts';
import { atTemperature, brier, fitCalibration, fitTemperature, logLoss, logLossAtTemperature, reliability } from '../../src/trust/calibration.ts';

const K = 4;

/**
 * Rows whose true class is drawn from the model's own probabilities (a calibrated model) or from sharper ones than it
 * says (an under-confident model) when `sharpen` > 1; probabilities favour one class by `strength`.
 */
function sample(n: number, seed: number, sharpen = 1): { p: Float64Array; y: Int32Array } {
  const rng = createRng(seed);
  const p = new Float64Array(n * K);
  const y = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const favoured = Math.floor(rng.next() * K);
    const strength = 0.3 + 0.6 * rng.next();
    for (let k = 0; k < K; k++) p[i * K + k] = k === favoured ? strength : (1 - strength) / (K - 1);
    const truth = atTemperature(p.subarray(i * K, (i + 1) * K).slice(), K, 1 / sharpen);
    let u = rng.next();
    let c = 0;
    while (c < K - 1 && u >= truth[c]) u -= truth[c++];
    y[i] = c;
  }
  return { p, y };
}

describe('conformal prediction sets', () => {
  const calibration = sample(2_000, 1);
  const test = sample(4_000, 2);

  it.each(['lac', 'aps', 'mondrian-lac'] as ConformalMethod[])('%s holds the nominal coverage on exchangeable rows', (method) => {
    const rule = fitConformal(method, calibration.p, calibration.y, K, 0.9);
    const sets = predictionSets(rule, test.p, K);
    const e = evaluateSets(sets, test.y, Array.from(test.y, () => 2020), K);
    expect(e.coverage).toBeGreaterThan(0.88);
    expect(e.coverage).toBeLessThan(0.94);
    expect(e.meanSetSize).toBeLessThan(K);
    expect(e.byYear).toEqual([{ year: 2020, coverage: e.coverage, meanSetSize: e.meanSetSize, rows: 4_000 }]);
  });

  it('no score gives an empty set; LAC gives the smallest sets on average', () => {
    const sizes = (['lac', 'aps'] as ConformalMethod[]).map((m) => {
      const sets = predictionSets(fitConformal(m, calibration.p, calibration.y, K, 0.9), test.p, K);
      expect(sets.every((s) => s.length > 0)).toBe(true);
      return sets.reduce((a, s) => a + s.length, 0) / sets.length;
    });
    expect(sizes[0]).toBeLessThanOrEqual(sizes[1]);
  });

  it('Mondrian covers each class, not just the rows on average', () => {
    const rule = fitConformal('mondrian-lac', calibration.p, calibration.y, K, 0.9);
    expect(rule.thresholds).toHaveLength(K);
    const e = evaluateSets(predictionSets(rule, test.p, K), test.y, Array.from(test.y, () => 1), K);
    for (const c of e.byClass) expect(c.coverage as number).toBeGreaterThan(0.85);
  });

  it('promises nothing it cannot: too few calibration rows for the level gives every class', () => {
    const rule = fitConformal('lac', calibration.p.slice(0, 5 * K), calibration.y.slice(0, 5), K, 0.9);
    expect(rule.thresholds[0]).toBe(Number.POSITIVE_INFINITY);
    expect(predictionSet(rule, [0.97, 0.01, 0.01, 0.01])).toEqual([0, 1, 2, 3]);
  });
});

describe('adaptive sets over the test years', () => {
  // Calibration rows where the model is right and sure (LAC scores 0.2): the static threshold is 0.2.
  const calibration = { probabilities: Float64Array.from(Array.from({ length: 50 }, () => [0.8, 0.2]).flat()), actual: new Int32Array(50) };
  // A first test year the model gets half wrong at 0.6/0.4, then a year of the same rows.
  const rows = 20;
  const probabilities = Float64Array.from(Array.from({ length: 2 * rows }, () => [0.6, 0.4]).flat());
  const actual = Int32Array.from({ length: 2 * rows }, (_, i) => i % 2);
  const years = Array.from({ length: 2 * rows }, (_, i) => (i < rows ? 2015 : 2016));

  it('widens the next year after a year that undercovered, from that year\'s outcome only', () => {
    const out = adaptiveSets('lac', calibration, { probabilities, actual, years }, 2, 0.9, 0.5);
    // 2015 at the nominal level: the static sets ({0} only) miss every class-1 row, half the year.
    expect(out.levels[0]).toEqual({ year: 2015, level: 0.9 });
    expect(out.sets.slice(0, rows).every((s) => s.length === 1 && s[0] === 0)).toBe(true);
    // a = 0.1 + 0.5 (0.1 - 0.5) < 0: 2016 takes every class, and covers every row.
    expect(out.levels[1]).toEqual({ year: 2016, level: 1 });
    expect(out.sets.slice(rows).every((s) => s.length === 2)).toBe(true);
    expect(evaluateSets(out.sets.slice(rows), actual.slice(rows), years.slice(rows), 2).coverage).toBe(1);
    // The static rule would have missed half of 2016 again.
    const staticRule = fitConformal('lac', calibration.probabilities, calibration.actual, 2, 0.9);
    expect(evaluateSets(predictionSets(staticRule, probabilities.slice(2 * rows), 2), actual.slice(rows), years.slice(rows), 2).coverage).toBe(0.5);
    expect(out.nextLevel).toBe(1);
  });

  it('keeps the static sets while each year covers at the nominal level', () => {
    const out = adaptiveSets('lac', calibration, { probabilities: calibration.probabilities.slice(0, 2 * rows * 2), actual: new Int32Array(2 * rows), years }, 2, 0.9, 0.5);
    // Every row covered: a grows by 0.05 a year, so the sets may only narrow (here they stay the top class).
    expect(out.levels[0].level).toBe(0.9);
    expect(out.levels[1].level).toBeCloseTo(0.85, 12);
    expect(out.sets.every((set) => set.length === 1 && set[0] === 0)).toBe(true);
    expect(out.nextLevel).toBeCloseTo(0.8, 12);
  });
});

describe('temperature scaling', () => {
  it('is the identity at T = 1 and sharpens below it', () => {
    const p = Float64Array.from([0.7, 0.1, 0.1, 0.1]);
    expect(Array.from(atTemperature(p, K, 1))).toEqual(Array.from(p));
    expect(atTemperature(p, K, 0.5)[0]).toBeGreaterThan(0.7);
  });

  it("the search's log-loss gives the very bits of scaling the probabilities, then taking their log-loss", () => {
    const { p, y } = sample(300, 9, 2);
    // A zero and a one among them: the floor applies to both paths alike.
    p.set([0, 1, 0, 0], 0);
    const logs = p.map((v) => Math.log(Math.max(1e-12, v)));
    for (const temperature of [0.05, 0.37, 0.999, 1.5, 20]) {
      expect(Object.is(logLossAtTemperature(logs, y, K, temperature), logLoss(atTemperature(p, K, temperature), y, K)), `T = ${temperature}`).toBe(true);
    }
  });

  it('fits the temperature of many rows on 5,000 evenly spaced ones, close to the fit on all of them', () => {
    const n = 20_000;
    const { p, y } = sample(n, 31, 2.5);
    const fitted = fitTemperature(p, y, K);
    // The loss at the fitted temperature is within 0.1% of the best over a grid on all the rows.
    const logs = p.map((v) => Math.log(Math.max(1e-12, v)));
    const grid = Array.from({ length: 61 }, (_, i) => Math.exp(-1.5 + i / 20));
    const best = Math.min(...grid.map((t) => logLossAtTemperature(logs, y, K, t)));
    expect(logLossAtTemperature(logs, y, K, fitted)).toBeLessThan(best * 1.001);
    // And it is the fit on the evenly spaced rows.
    const every = n / 5000;
    const spacedY = Int32Array.from({ length: 5000 }, (_, j) => y[j * every]);
    const spacedP = Float64Array.from({ length: 5000 * K }, (_, i) => p[Math.floor(i / K) * every * K + (i % K)]);
    expect(fitted).toBe(fitTemperature(spacedP, spacedY, K));
  });

  it('fits a temperature below 1 for an under-confident model and keeps it, improving the test Brier score', () => {
    const folds = [0, 1, 2].map((f) => sample(800, 10 + f, 2.5));
    const fit = fitCalibration(folds.map((f) => f.p), folds.map((f) => f.y), K);
    expect(fit.temperature).toBeLessThan(0.8);
    expect(fit.kept).toBe(true);
    expect(fit.validationLogLossAfter).toBeLessThan(fit.validationLogLossBefore);
    expect(fit.validationBrierAfter).toBeLessThanOrEqual(fit.validationBrierBefore);
    const test = sample(3_000, 20, 2.5);
    const after = atTemperature(test.p, K, fit.temperature);
    expect(brier(after, test.y, K)).toBeLessThan(brier(test.p, test.y, K));
    expect(reliability(after, test.y, K).ece).toBeLessThan(reliability(test.p, test.y, K).ece);
  });

  it('refuses a temperature that lowers the log-loss but raises the Brier score (a sticky panel: sure hits, a few sure misses)', () => {
    const fold = () => {
      const p: number[] = [];
      const y: number[] = [];
      for (let i = 0; i < 300; i++) {
        p.push(0.998, 0.001, 0.001);
        y.push(0);
      }
      for (let i = 0; i < 2; i++) {
        p.push(1 - 1e-6 - 1e-9, 1e-6, 1e-9);
        y.push(1);
      }
      return { p: Float64Array.from(p), y: Int32Array.from(y) };
    };
    const folds = [fold(), fold(), fold()];
    const fit = fitCalibration(folds.map((f) => f.p), folds.map((f) => f.y), 3);
    expect(fit.temperature).toBeGreaterThan(1);
    expect(fit.validationLogLossAfter).toBeLessThan(fit.validationLogLossBefore);
    expect(fit.validationBrierAfter).toBeGreaterThan(fit.validationBrierBefore);
    expect(fit.kept).toBe(false);
  });

  it('keeps a temperature only when its Brier gain on validation is more than the noise of so few rows', () => {
    // A rule's one-hot guesses, wrong on 1% of the rows: softening them lowers the log-loss a lot and the Brier score a
    // little. On 3 x 100 rows that little is within one standard error; on 3 x 300 rows at the same rate it is not.
    const folds = (rows: number, misses: number) =>
      [0, 1, 2].map(() => {
        const p = new Float64Array(rows * 3);
        const y = new Int32Array(rows);
        for (let i = 0; i < rows; i++) p[i * 3] = 1;
        for (let i = 0; i < misses; i++) y[i] = 1;
        return { p, y };
      });
    const few = fitCalibration(folds(100, 1).map((f) => f.p), folds(100, 1).map((f) => f.y), 3);
    expect(few.validationLogLossAfter).toBeLessThan(few.validationLogLossBefore);
    expect(few.validationBrierAfter).toBeLessThan(few.validationBrierBefore);
    expect(few.kept).toBe(false);
    const many = fitCalibration(folds(300, 3).map((f) => f.p), folds(300, 3).map((f) => f.y), 3);
    expect(many.kept).toBe(true);
  });

  it('refuses a temperature that does not help out of sample (a calibrated model)', () => {
    const folds = [0, 1, 2].map((f) => sample(800, 30 + f));
    const fit = fitCalibration(folds.map((f) => f.p), folds.map((f) => f.y), K);
    expect(Math.abs(Math.log(fit.temperature))).toBeLessThan(0.15);
    if (fit.kept) expect(fit.validationLogLossAfter).toBeLessThan(fit.validationLogLossBefore);
    const all = sample(2_400, 40);
    expect(logLoss(atTemperature(all.p, K, fitTemperature(all.p, all.y, K)), all.y, K)).toBeLessThanOrEqual(logLoss(all.p, all.y, K) + 1e-12);
  });
});
