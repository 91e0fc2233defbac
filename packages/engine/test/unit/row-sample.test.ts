import { SEARCH_MIN_ROW_CAP, searchRowCap, stratifiedSample, subsetRows } from '../../src/search/row-sample.ts';

describe('rows of the search fits on large data', () => {
  it('caps at 250 rows per budget second, never below 10,000', () => {
    expect(searchRowCap(30)).toBe(SEARCH_MIN_ROW_CAP);
    expect(searchRowCap(60)).toBe(15_000);
    expect(searchRowCap(1800)).toBe(450_000);
  });

  it('keeps every row when they fit', () => {
    expect(stratifiedSample(Int32Array.from([0, 1, 1, 0]), 2, 4, 1)).toBeNull();
  });

  it('keeps each class its share, a rare class at least one row, in ascending order, the same for the same seed', () => {
    // 9,000 rows of class 0, 990 of class 1, 10 of class 2.
    const y = Int32Array.from({ length: 10_000 }, (_, i) => (i < 9_000 ? 0 : i < 9_990 ? 1 : 2));
    const sample = stratifiedSample(y, 3, 1_000, 7) as number[];
    const counts = [0, 0, 0];
    for (const p of sample) counts[y[p]] += 1;
    expect(counts).toEqual([900, 99, 1]);
    expect(sample.every((p, i) => i === 0 || p > sample[i - 1])).toBe(true);
    expect(stratifiedSample(y, 3, 1_000, 7)).toEqual(sample);
    expect(stratifiedSample(y, 3, 1_000, 8)).not.toEqual(sample);
  });

  it('takes the sampled rows of a matrix', () => {
    const X = { data: Float64Array.from([1, 2, 3, 4, 5, 6]), rows: 3, cols: 2 };
    expect(Array.from(subsetRows(X, [2, 0]).data)).toEqual([5, 6, 1, 2]);
  });
});
