import { splitYearsOf } from '@indicata/contracts';
import { outerSplit } from '../../src/search/splits.ts';

/** Rows of `perYear[k]` places in year 2000 + k. */
function panel(perYear: number[]) {
  const time: number[] = [];
  const space: string[] = [];
  perYear.forEach((n, k) => {
    for (let p = 0; p < n; p++) {
      time.push(2000 + k);
      space.push(`P${p}`);
    }
  });
  return { rows: time.map((_, i) => i), time, space };
}

describe('outerSplit and the wizard preview agree on the years', () => {
  it.each([
    [[10, 10, 10, 10], 25],
    [[10, 10, 10, 10], 37.5],
    [[3, 50, 60, 4, 4], 10],
    [[100, 1, 1, 1], 60],
    [[5, 5], 99],
    [[7, 9, 11, 13, 15, 17], 33],
  ])('rows per year %j, %d %% for testing', (perYear, percent) => {
    const { rows, time, space } = panel(perYear);
    const engine = outerSplit(rows, time, space, null, { mode: 'percent', testPercent: percent });
    expect(splitYearsOf(time, { mode: 'percent', percent })).toEqual({ trainYears: engine.trainYears, testYears: engine.testYears });
  });

  it('a test year: every earlier year is trained on', () => {
    const { rows, time, space } = panel([4, 4, 4]);
    const engine = outerSplit(rows, time, space, null, { mode: 'year', testYear: 2002, testRegion: null });
    expect(splitYearsOf(time, { mode: 'year', year: 2002, region: null })).toEqual({ trainYears: engine.trainYears, testYears: engine.testYears });
  });
});
