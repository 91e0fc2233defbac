import { sortByIgDescending, sortByRankAscending, sortByYearAscending, sortForDisplay } from './sorting.ts';

describe('display sorting (spec section 4)', () => {
  it('sorts tables with an ig field by ig descending, missing ig last', () => {
    const rows = [
      { indicatorAnalyzingName: 'a', ig: 0.1 },
      { indicatorAnalyzingName: 'b', ig: null },
      { indicatorAnalyzingName: 'c', ig: 0.7 },
      { indicatorAnalyzingName: 'd', ig: 0.3 },
    ];
    expect(sortByIgDescending(rows).map((r) => r.indicatorAnalyzingName)).toEqual(['c', 'd', 'a', 'b']);
    expect(sortForDisplay(rows).map((r) => r.indicatorAnalyzingName)).toEqual(['c', 'd', 'a', 'b']);
  });

  it('sorts hyperparameter tables by rank_test_score ascending', () => {
    const rows = [{ rank_test_score: 3 }, { rank_test_score: 1 }, { rank_test_score: 2 }];
    expect(sortByRankAscending(rows).map((r) => r.rank_test_score)).toEqual([1, 2, 3]);
    expect(sortForDisplay(rows).map((r) => r.rank_test_score)).toEqual([1, 2, 3]);
  });

  it('sorts per-model results by year ascending and keeps the order of rows of the same year', () => {
    const rows = [
      { space: 'B', time: 2015 },
      { space: 'A', time: 2013 },
      { space: 'C', time: 2015 },
      { space: 'D', time: 2014 },
    ];
    expect(sortByYearAscending(rows, (r) => r.time).map((r) => r.space)).toEqual(['A', 'D', 'B', 'C']);
  });

  it('does not change the input array', () => {
    const rows = [{ ig: 1 }, { ig: 2 }];
    sortByIgDescending(rows);
    expect(rows).toEqual([{ ig: 1 }, { ig: 2 }]);
  });
});
