import { describe, expect, it } from 'vitest';
import { classSplitChecks, percentTestYearCount, splitYearsOf, type ClassSplitCounts } from './class-checks.ts';

const split = (trainRows: number, testRows: number, testYears = [2016], trainYears = [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015]) =>
  ({ trainYears, testYears, trainRows, testRows, testRegion: null }) satisfies ClassSplitCounts['split'];

describe('the split years', () => {
  it('tests the latest whole years whose share of rows is closest to the percentage, one year at least on each side', () => {
    expect(percentTestYearCount([10, 10, 10, 10], 25)).toBe(1);
    expect(percentTestYearCount([10, 10, 10, 10], 50)).toBe(2);
    // 20 % of 40 rows is 8: one year (10 rows, 25 %) is closer than none, and 99 % still leaves a training year.
    expect(percentTestYearCount([10, 10, 10, 10], 20)).toBe(1);
    expect(percentTestYearCount([10, 10, 10, 10], 99)).toBe(3);
    // A tie between one year (-12.5 points) and two (+12.5) goes to fewer test years.
    expect(percentTestYearCount([10, 10, 10, 10], 37.5)).toBe(1);
    expect(percentTestYearCount([10], 50)).toBe(0);
  });

  it('trains a test year on every earlier year, and a one-year target on nothing', () => {
    expect(splitYearsOf([2014, 2015, 2015, 2016], { mode: 'year', year: 2016, region: null })).toEqual({ trainYears: [2014, 2015], testYears: [2016] });
    expect(splitYearsOf([2016, 2016], { mode: 'year', year: 2016, region: null })).toEqual({ trainYears: [], testYears: [2016] });
    expect(splitYearsOf([2016, 2016], { mode: 'percent', percent: 20 })).toEqual({ trainYears: [], testYears: [2016] });
    expect(splitYearsOf([2013, 2014, 2015, 2016], { mode: 'percent', percent: 50 })).toEqual({ trainYears: [2013, 2014], testYears: [2015, 2016] });
  });
});

describe('classSplitChecks', () => {
  it('says which classes the test cannot judge for under-5 mortality in 3 equal-width groups, and refuses nothing', () => {
    const counts: ClassSplitCounts = {
      classes: [
        { title: '2 - 111', count: 4488, train: 4298, test: 190 },
        { title: '111 - 220', count: 681, train: 677, test: 4 },
        { title: '220 - 329', count: 69, train: 69, test: 0 },
      ],
      split: split(5044, 194),
    };
    const checks = classSplitChecks(counts);
    expect(checks.filter((c) => c.refuse)).toEqual([]);
    expect(checks.map((c) => [c.kind, c.classIndex])).toEqual([
      ['classFewTest', 1],
      ['classNoTest', 2],
    ]);
    expect(checks[0].message).toBe(
      'Rows of class "111 - 220" in the test years (2016): 4, fewer than 5. The result will say there is too little test data to trust its figures.',
    );
    expect(checks[1].message).toContain('Class "220 - 329" has no rows in the test years (2016)');
  });

  it('finds nothing to say about quantile groups with rows on both sides', () => {
    const counts: ClassSplitCounts = {
      classes: [
        { title: 'a', count: 1739, train: 1679, test: 60 },
        { title: 'b', count: 1752, train: 1690, test: 62 },
        { title: 'c', count: 1747, train: 1675, test: 72 },
      ],
      split: split(5044, 194),
    };
    expect(classSplitChecks(counts)).toEqual([]);
  });

  it('refuses a target with values in one year only: nothing to train on, and says only that', () => {
    const counts: ClassSplitCounts = { classes: [{ title: 'a', count: 90, train: 0, test: 90 }, { title: 'b', count: 95, train: 0, test: 95 }], split: split(0, 185, [2016], []) };
    const checks = classSplitChecks(counts);
    expect(checks.map((c) => [c.kind, c.refuse])).toEqual([['noTrainRows', true]]);
    expect(checks[0].message).toContain('No row before the test years (2016) has a value of the target');
  });

  it('refuses a test year or region without values, naming the region', () => {
    const counts: ClassSplitCounts = { classes: [{ title: 'a', count: 10, train: 10, test: 0 }, { title: 'b', count: 10, train: 10, test: 0 }], split: { ...split(20, 0), testRegion: 'Europe' } };
    const checks = classSplitChecks(counts);
    expect(checks.map((c) => c.kind)).toEqual(['noTestRows']);
    expect(checks[0].message).toBe('No row of the test years (2016) in Europe has a value of the target, so there is nothing to test on. Choose another year or region.');
  });

  it('refuses a class no training row falls in, in the chosen language, before the warnings', () => {
    const counts: ClassSplitCounts = {
      classes: [
        { title: 'Baixo', count: 60, train: 40, test: 20 },
        { title: 'Alto', count: 12, train: 0, test: 12 },
        { title: 'Médio', count: 3, train: 2, test: 1 },
      ],
      split: split(42, 33, [2015, 2016], [2010, 2011, 2012, 2013, 2014]),
    };
    const checks = classSplitChecks(counts, 'pt-BR');
    expect(checks[0]).toMatchObject({ kind: 'classNoTrain', refuse: true, classIndex: 1 });
    expect(checks[0].message).toBe(
      'A classe "Alto" não tem linhas nos anos de treino (2010-2014), então nenhum modelo consegue aprendê-la. Use grupos por quantis, menos grupos ou outros intervalos.',
    );
    expect(checks.slice(1).map((c) => [c.kind, c.classIndex])).toEqual([
      ['tinyClass', 2],
      ['classFewTest', 2],
    ]);
  });

  it('refuses test rows that all fall outside the manual classes, without a warning per class', () => {
    const counts: ClassSplitCounts = { classes: [{ title: 'a', count: 40, train: 40, test: 0 }, { title: 'b', count: 40, train: 40, test: 0 }], split: split(80, 25) };
    expect(classSplitChecks(counts).map((c) => c.kind)).toEqual(['noTestInClasses']);
  });

  it('without a split judges only the classes\' sizes, and refuses a single class', () => {
    expect(classSplitChecks({ classes: [{ title: 'a', count: 50 }, { title: 'b', count: 3 }], split: null }).map((c) => [c.kind, c.refuse])).toEqual([['tinyClass', false]]);
    expect(classSplitChecks({ classes: [{ title: 'a', count: 50 }], split: null }).map((c) => c.kind)).toEqual(['oneClass']);
  });
});
