import { historyForRows, targetHistoryColumns, withHistory } from '../../src/pipeline/target-history.ts';
import { fitFeatures, transformFeatures } from '../../src/preprocess/features.ts';
import { fitTargetClasses } from '../../src/preprocess/target-classes.ts';
import type { PanelFrame } from '../../src/data/frame.ts';

function frame(): PanelFrame {
  // Two places over 4 years, one missing target (B 2001), rows deliberately out of time order.
  const space = ['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B'];
  const time = [2003, 2003, 2000, 2000, 2001, 2001, 2002, 2002];
  return {
    spaceColumn: 'place',
    timeColumn: 'year',
    regionColumn: null,
    space,
    time,
    region: null,
    columns: [{ name: 'x', values: Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8]) }],
  } as unknown as PanelFrame;
}

describe('target history (one step ahead)', () => {
  const target = Float64Array.from([13, 23, 10, 20, 11, Number.NaN, 12, 22]);
  const classes = fitTargetClasses([10, 11, 12, 13, 20, 22, 23], { mode: 'automatic', groups: 2, method: 'equal-width' });

  it("gives each row its place's latest earlier known value, never its own or a later one", () => {
    const h = targetHistoryColumns(frame(), target, classes, 'y');
    const [value, cls, since] = h.columns;
    expect(h.names).toEqual([
      'y (previous known value)',
      'y (previous known class)',
      'y (years since previous value)',
      'y (change per year)',
      'y (projected value)',
      'y (projected class)',
    ]);
    // A 2003 <- A 2002 (12); B 2003 <- B 2002 (22); first years have none.
    expect(Array.from(value)).toEqual([12, 22, NaN, NaN, 10, 20, 11, 20]);
    // B 2002: B 2001 is missing, so B 2000 (20) two years back.
    expect(Array.from(since)).toEqual([1, 1, NaN, NaN, 1, 1, 1, 2]);
    expect(Array.from(cls)).toEqual([0, 1, NaN, NaN, 0, 1, 0, 1]);
  });

  it("carries the trend of the place's two latest earlier values: change per year, projected value and class", () => {
    const [, , , change, projected, projectedClass] = targetHistoryColumns(frame(), target, classes, 'y').columns;
    // A 2003: 12 in 2002, 11 in 2001 -> +1 a year -> 13. B 2003: 22 in 2002, 20 in 2000 -> +1 a year -> 23.
    // A 2002: 11, 10 -> 12. One earlier value: no change known, the projection is that value (A 2001, B 2001, B 2002).
    expect(Array.from(change)).toEqual([1, 1, NaN, NaN, NaN, NaN, 1, NaN]);
    expect(Array.from(projected)).toEqual([13, 23, NaN, NaN, 10, 20, 12, 20]);
    expect(Array.from(projectedClass)).toEqual([0, 1, NaN, NaN, 0, 1, 0, 1]);
  });

  it('projects past the last class into the end class, and reads the same for rows to predict', () => {
    // A steep rise: 10 -> 20 -> 30 projects 40, beyond every class (automatic classes end at 23 here).
    const steep = Float64Array.from([30, 23, 10, 20, 20, Number.NaN, 30, 22]);
    const [, , , , projected, projectedClass] = targetHistoryColumns(frame(), steep, classes, 'y').columns;
    expect(projected[0]).toBe(40);
    expect(projectedClass[0]).toBe(1);
    const f = frame();
    const rows = f.space.map((space, i) => ({ space, time: f.time[i] }));
    const looked = historyForRows(f, steep, classes.classes, classes.clamp, rows);
    const trained = targetHistoryColumns(f, steep, classes, 'y').columns;
    for (let k = 0; k < trained.length; k++) expect(Array.from(looked[k])).toEqual(Array.from(trained[k]));
  });

  it('changing a later target never changes an earlier row (no look-ahead)', () => {
    const later = target.slice();
    later[0] = 99; // A 2003
    const a = targetHistoryColumns(frame(), target, classes, 'y');
    const b = targetHistoryColumns(frame(), later, classes, 'y');
    for (let k = 0; k < a.columns.length; k++) expect(Array.from(b.columns[k])).toEqual(Array.from(a.columns[k]));
  });

  it('keeps the history columns through selection and fills them without marking rows incomplete', () => {
    const f = frame();
    const source = withHistory({ names: ['x'], columns: [f.columns[0].values] }, targetHistoryColumns(f, target, classes, 'y'));
    const rows = [2, 3, 4, 6, 7];
    const fitted = fitFeatures(source, rows, [0, 1, 0, 0, 1], rows.map((i) => target[i]), 2, {
      missingData: { maxMissingPercent: 10, imputation: 'none' },
      // A Pearson cut that would drop the previous value as a near-copy of the target, if it applied.
      attributeSelection: { minInformationGain: 0, maxFeatures: 1, pearsonCut: 0.5, manualFeatures: null },
      attributeDiscretization: [],
    });
    expect(fitted.names.slice(-6)).toEqual(source.names.slice(-6));
    const { incomplete } = transformFeatures(source, fitted, rows);
    expect(Array.from(incomplete)).toEqual([0, 0, 0, 0, 0]);
  });
});
