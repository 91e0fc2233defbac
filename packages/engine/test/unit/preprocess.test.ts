import { assignClass, fitTargetClasses, previewTargetClasses } from '../../src/preprocess/target-classes.ts';
import { fitOutlierBounds } from '../../src/preprocess/outliers.ts';
import { ColumnStatsMemo, fitFeatures, informationGain, recentMissingRows, transformFeatures } from '../../src/preprocess/features.ts';
import { observed, observedSorted } from '../../src/data/stats.ts';
import { balance } from '../../src/preprocess/balancing.ts';
import { applyScaler, fitScaler, normalQuantile } from '../../src/preprocess/scalers.ts';

describe('target discretization', () => {
  const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 100];
  it('equal-width splits the training range into k equal intervals', () => {
    const fitted = fitTargetClasses(values, { mode: 'automatic', groups: 3, method: 'equal-width' });
    expect(fitted.classes.map((c) => [c.min, c.max])).toEqual([
      [1, 34],
      [34, 67],
      [67, 100],
    ]);
    expect(assignClass(-5, fitted)).toBe(0); // clamped
    expect(assignClass(34, fitted)).toBe(1);
    expect(assignClass(500, fitted)).toBe(2);
  });
  it('quantile gives balanced counts; k-means separates the outlying value', () => {
    const q = previewTargetClasses(values, { mode: 'automatic', groups: 2, method: 'quantile' });
    expect(q.classes.map((c) => c.count)).toEqual([5, 5]);
    const k = previewTargetClasses(values, { mode: 'automatic', groups: 2, method: 'kmeans' });
    expect(k.classes.map((c) => c.count)).toEqual([9, 1]);
  });
  it('a target already coded 1..5, most rows 1: quantile and k-means keep each code apart instead of one class', () => {
    const coded = [...Array(80).fill(1), ...Array(12).fill(2), ...Array(5).fill(3), ...Array(2).fill(4), 5];
    const counts = (groups: number, method: 'quantile' | 'kmeans' | 'equal-width') =>
      previewTargetClasses(coded, { mode: 'automatic', groups, method }).classes.map((c) => c.count);
    // As many groups as codes: one class per code, the edges halfway between codes.
    expect(counts(5, 'quantile')).toEqual([80, 12, 5, 2, 1]);
    expect(counts(5, 'kmeans')).toEqual([80, 12, 5, 2, 1]);
    expect(fitTargetClasses(coded, { mode: 'automatic', groups: 5, method: 'quantile' }).classes.map((c) => c.max)).toEqual([1.5, 2.5, 3.5, 4.5, 5]);
    // Fewer groups (the default 3): every quantile edge falls on the code 1; each is moved above the next code left.
    expect(counts(3, 'quantile')).toEqual([80, 12, 8]);
    // Equal-width reads the range only, as before.
    expect(counts(5, 'equal-width')).toEqual([80, 12, 5, 2, 1]);
  });
  it('a quantile edge on a repeated value does not leave the class before it empty', () => {
    // Edges at the 1/3 and 2/3 quantiles are the values 1 and 2: the first moves above 1, the second above 2.
    const fitted = fitTargetClasses([1, 1, 1, 1, 2, 2, 2, 3, 3, 4], { mode: 'automatic', groups: 3, method: 'quantile' });
    expect(fitted.classes.map((c) => [c.min, c.max])).toEqual([
      [1, 1.5],
      [1.5, 2.5],
      [2.5, 4],
    ]);
    // Values without ties keep their quantile edges.
    expect(fitTargetClasses([1, 2, 3, 4, 5, 6, 7, 8, 9, 100], { mode: 'automatic', groups: 2, method: 'quantile' }).classes[0].max).toBe(5.5);
  });
  it('manual classes keep titles, sort by min, and leave gaps unassigned', () => {
    const preview = previewTargetClasses([1, 5, 10, 15, 20, NaN], {
      mode: 'manual',
      classes: [
        { title: 'High', min: 12, max: 20 },
        { title: 'Low', min: 0, max: 10 },
      ],
    });
    expect(preview.classes.map((c) => [c.title, c.count])).toEqual([
      ['Low', 3],
      ['High', 2],
    ]);
    expect(preview.missing).toBe(1);
    expect(preview.unassigned).toBe(0);
    const gap = previewTargetClasses([11], { mode: 'manual', classes: [{ title: 'Low', min: 0, max: 10 }, { title: 'High', min: 12, max: 20 }] });
    expect(gap.unassigned).toBe(1);
  });
});

describe('outliers', () => {
  it('uses the chosen quantile pair with k = 1.5 (numpy linear quantiles)', () => {
    const b = fitOutlierBounds([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [0.25, 0.75], 1.5);
    // Q1 = 3.25, Q3 = 7.75, IQR = 4.5
    expect(b.lower).toBeCloseTo(3.25 - 6.75);
    expect(b.upper).toBeCloseTo(7.75 + 6.75);
  });
});

describe('information gain', () => {
  it('is the class entropy for a perfectly informative feature and ~0 for an unrelated one', () => {
    const x = Array.from({ length: 100 }, (_, i) => i);
    const y = x.map((v) => (v < 50 ? 0 : 1));
    expect(informationGain(x, y, 2)).toBeCloseTo(1, 6);
    const alternating = x.map((v) => v % 2);
    expect(informationGain(x, alternating, 2)).toBeLessThan(0.05);
  });
});

describe('balancing', () => {
  const X = { data: Float64Array.from([0, 0, 1, 1, 2, 2, 3, 3, 10, 10, 11, 11]), rows: 6, cols: 2 };
  const y = Int32Array.from([0, 0, 0, 0, 1, 1]);
  const context = { space: ['A', 'A', 'B', 'B', 'C', 'C'], region: ['R', 'R', 'R', 'R', 'R', 'R'], time: [2000, 2001, 2000, 2001, 2000, 2001] };
  it('oversampling methods bring every class to the largest count and tag the added rows', () => {
    for (const algorithm of ['Oversampling', 'OversamplingTemporal', 'OversamplingSpatialByRegionAndTemporal', 'OversamplingSpatialByCountryAndTemporal'] as const) {
      const out = balance(X, y, 2, context, algorithm, 1);
      expect(out.classCountsAfter).toEqual([4, 4]);
      expect(out.syntheticRows).toBe(2);
      expect(Array.from(out.synthetic)).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
      // synthetic class-1 rows lie between the class-1 rows (10..11)
      for (let r = 6; r < 8; r++) {
        expect(out.X.data[r * 2]).toBeGreaterThanOrEqual(10);
        expect(out.X.data[r * 2]).toBeLessThanOrEqual(11);
      }
    }
  });
  it('undersampling reduces classes to the smallest count', () => {
    const out = balance(X, y, 2, context, 'Undersampling', 1);
    expect(out.classCountsAfter).toEqual([2, 2]);
    expect(out.removedRows).toBe(2);
  });
  it('is reproducible for a seed', () => {
    expect(balance(X, y, 2, context, 'OversamplingTemporal', 5).X.data).toEqual(balance(X, y, 2, context, 'OversamplingTemporal', 5).X.data);
  });
});

describe('scalers', () => {
  const X = { data: Float64Array.from([1, 1000, 2, 10, 3, 1, 4, 100000]), rows: 4, cols: 2 };
  it('standard gives mean 0, sd 1', () => {
    const out = applyScaler(fitScaler('standard', X), X);
    const col = [0, 1, 2, 3].map((i) => out.data[i * 2]);
    expect(col.reduce((s, v) => s + v, 0)).toBeCloseTo(0);
    expect(Math.sqrt(col.reduce((s, v) => s + v * v, 0) / 4)).toBeCloseTo(1);
  });
  it('log1p-standard logs only the non-negative skewed column', () => {
    const state = fitScaler('log1p-standard', X);
    expect(state.logColumns).toEqual([false, true]);
  });
  it('quantile-normal maps the training median to 0 and is monotone', () => {
    const state = fitScaler('quantile-normal', X);
    const out = applyScaler(state, { data: Float64Array.from([2.5, 505]), rows: 1, cols: 2 });
    expect(out.data[0]).toBeCloseTo(0, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
  });
});

describe('feature preprocessing', () => {
  const source = {
    names: ['x', 'copy', 'empty', 'noise'],
    columns: [
      Float64Array.from([1, 3, 2, 5, 4, 6, NaN, 8]),
      Float64Array.from([10, 20, 30, 40, 50, 60, 70, 80]),
      Float64Array.from([NaN, NaN, NaN, NaN, NaN, NaN, NaN, 1]),
      Float64Array.from([5, 1, 4, 2, 3, 3, 1, 5]),
    ],
  };
  const rows = [0, 1, 2, 3, 4, 5, 6];
  const classes = [0, 0, 0, 1, 1, 1, 1];
  const target = [10, 20, 30, 40, 50, 60, 70];
  const options = {
    missingData: { maxMissingPercent: 50, imputation: 'median' as const },
    attributeSelection: { minInformationGain: 0, maxFeatures: 20, pearsonCut: 0.95, manualFeatures: null },
    attributeDiscretization: [{ indicator: 'x', option: 'manual' as const, classes: { '1': { title: 'lo', min: 0, max: 3 }, '2': { title: 'hi', min: 3, max: 9 } } }],
  };
  it('removes sparse columns and near-copies, keeps IG order, fills with training medians, bins manual attributes', () => {
    const fitted = fitFeatures(source, rows, classes, target, 2, options);
    expect(fitted.removedColumns.map((c) => c.name)).toEqual(['empty']);
    expect(fitted.unused.find((u) => u.indicatorAnalyzingName === 'copy')?.reason).toMatch(/Pearson/);
    expect(fitted.names).toEqual(['x', 'noise']);
    expect(fitted.fill[0]).toBe(3.5); // median of 1..6, row 7 (test) excluded
    expect(fitted.binEdges[0]).toEqual([3]);
    const { X, incomplete } = transformFeatures(source, fitted, [0, 6, 7]);
    expect(Array.from(X.data)).toEqual([1, 5, 2, 1, 2, 5]); // x binned at 3: 1 -> 1, 3.5 -> 2, 8 -> 2
    expect(Array.from(incomplete)).toEqual([0, 1, 0]);
  });
  it('a manual list overrides the automatic selection', () => {
    const fitted = fitFeatures(source, rows, classes, target, 2, { ...options, attributeSelection: { ...options.attributeSelection, manualFeatures: ['noise', 'copy', 'nope'] } });
    expect(fitted.names).toEqual(['noise', 'copy']);
    expect(fitted.selectionMode).toBe('manual');
    expect(fitted.warnings.join(' ')).toMatch(/"nope" is not a numeric column/);
  });
  it('a Pearson cut beside a switched-off information gain still drops near-copies and keeps the top ones', () => {
    const pearsonOnly = { ...options, attributeSelection: { ...options.attributeSelection, minInformationGain: null, maxFeatures: 1 } };
    const fitted = fitFeatures(source, rows, classes, target, 2, pearsonOnly);
    expect(fitted.selectionMode).toBe('automatic');
    expect(fitted.unused.find((u) => u.indicatorAnalyzingName === 'copy')?.reason).toMatch(/Pearson/);
    expect(fitted.names).toHaveLength(1);
    expect(fitted.unused.some((u) => /not among the top 1 /.test(u.reason ?? ''))).toBe(true);
  });
  it('with information gain and the Pearson cut both switched off, selection is off: every column kept is used', () => {
    const off = { ...options, attributeSelection: { ...options.attributeSelection, minInformationGain: null, pearsonCut: null, maxFeatures: 1 } };
    const fitted = fitFeatures(source, rows, classes, target, 2, off);
    expect(fitted.selectionMode).toBe('off');
    expect(fitted.names).toEqual(['x', 'copy', 'noise']);
  });
  it('a memo of column statistics shared by two input sets on the same rows gives the same fits as none', () => {
    const history = { ...source, names: [...source.names, 'previous'], columns: [...source.columns, Float64Array.from([NaN, 1, 3, 2, 5, 4, 6, 8])], forced: 1 };
    const memo = new ColumnStatsMemo();
    const withMemo = [source, history].map((s) => fitFeatures(s, rows, classes, target, 2, options, memo.forRows('final', rows)));
    const without = [source, history].map((s) => fitFeatures(s, rows, classes, target, 2, options));
    expect(withMemo).toEqual(without);
    // The second input set found the indicator columns' statistics already there (4 of its 5 columns).
    const shared = memo.forRows('final', rows);
    expect(shared.size).toBe(5);
    expect(shared.get(source.columns[0])?.median).toBe(3.5);
  });
  it('the memo of a label starts afresh when its rows differ', () => {
    const memo = new ColumnStatsMemo();
    const first = memo.forRows('fc-0', rows);
    fitFeatures(source, rows, classes, target, 2, options, first);
    expect(memo.forRows('fc-0', rows)).toBe(first);
    const other = memo.forRows('fc-0', [0, 1, 2, 3, 4, 5]);
    expect(other).not.toBe(first);
    expect(other.size).toBe(0);
    const fitted = fitFeatures(source, [0, 1, 2, 3, 4, 5], classes.slice(0, 6), target.slice(0, 6), 2, options, other);
    expect(fitted.fill[0]).toBe(3.5); // median of 1, 3, 2, 5, 4, 6
    expect(memo.forRows('fc-0', [0, 1, 2, 3, 4, 6])).not.toBe(other);
  });
  it('judges missing data on the latest training years: keeps an indicator reported only lately, removes one no longer reported', () => {
    // Ten training years, one row each; the last two (2008, 2009) are the recent window.
    const times = [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009];
    const nan = Number.NaN;
    const lately = { names: ['lately', 'stopped', 'steady'], columns: [
      Float64Array.from([nan, nan, nan, nan, nan, nan, nan, 5, 3, 4]),
      Float64Array.from([3, 1, 4, 1, 5, 9, 2, 6, nan, nan]),
      Float64Array.from([5, 1, 4, 2, 3, 3, 1, 5, 2, 4]),
    ] };
    const tenRows = times.map((_, i) => i);
    const tenClasses = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1];
    const tenTarget = tenRows.map((i) => i * 10);
    const recentFit = fitFeatures(lately, tenRows, tenClasses, tenTarget, 2, options, new Map(), { times, years: 2 });
    expect(recentFit.names).not.toContain('stopped');
    expect(recentFit.names).toContain('lately');
    const removed = recentFit.removedColumns.find((c) => c.name === 'stopped');
    expect(removed).toEqual({ name: 'stopped', missingPercent: 20, recentMissingPercent: 100 });
    expect(recentFit.unused.find((u) => u.indicatorAnalyzingName === 'stopped')?.reason).toBe(
      'more than 50% missing on the training rows of the latest 2 years (2008-2009) (100% missing there)',
    );
    // The lately reported indicator is filled from its observed (recent) values.
    expect(recentFit.fill[recentFit.names.indexOf('lately')]).toBe(4);
    // Counted on every training row (no years given), the same data loses the new indicator and keeps the stopped one.
    const allRowsFit = fitFeatures(lately, tenRows, tenClasses, tenTarget, 2, options);
    expect(allRowsFit.removedColumns).toEqual([{ name: 'lately', missingPercent: 70 }]);
    expect(allRowsFit.names).toContain('stopped');
    // With no more years than the window, every training row counts.
    expect(recentMissingRows(tenRows, { times, years: 10 }).all).toBe(true);
    expect(recentMissingRows(tenRows, { times, years: 1 })).toEqual({ all: false, rows: [9], label: 'year 2009' });
  });
  it('observed values keep their order; observedSorted sorts them', () => {
    expect(Array.from(observed([3, NaN, 1, 2, NaN]))).toEqual([3, 1, 2]);
    expect(Array.from(observedSorted([3, NaN, 1, -0, 2]))).toEqual([-0, 1, 2, 3]);
    expect(observedSorted([NaN]).length).toBe(0);
  });
});
