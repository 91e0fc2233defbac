import { ERROR_FILTER, filterPredictions, filterSummaryRows, HIT_FILTER, NO_FILTERS, showsAlgorithm, type PredictionRow } from './filters.ts';

const rows: PredictionRow[] = [
  { space: 'Brazil', region: 'Americas', time: 2014, actual: 'Low', predicted: 'Low' },
  { space: 'Chile', region: 'Americas', time: 2014, actual: 'High', predicted: 'Low' },
  { space: 'Brazil', region: 'Americas', time: 2015, actual: 'High', predicted: 'High' },
  { space: 'Kenya', region: 'Africa', time: 2015, actual: 'Low', predicted: 'High' },
];

describe('result filters', () => {
  it('keeps everything without filters', () => {
    expect(filterPredictions(rows, NO_FILTERS)).toHaveLength(4);
  });

  it("'acertos' keeps the rows whose actual value equals the prediction", () => {
    const hits = filterPredictions(rows, { ...NO_FILTERS, type: HIT_FILTER });
    expect(hits.map((r) => r.space + r.time)).toEqual(['Brazil2014', 'Brazil2015']);
    expect(hits.every((r) => r.actual === r.predicted)).toBe(true);
  });

  it("'erros' keeps the rows whose prediction is wrong", () => {
    const errors = filterPredictions(rows, { ...NO_FILTERS, type: ERROR_FILTER });
    expect(errors.map((r) => r.space)).toEqual(['Chile', 'Kenya']);
  });

  it('filters by year and by category (the actual class), combined', () => {
    expect(filterPredictions(rows, { ...NO_FILTERS, year: '2015' }).map((r) => r.space)).toEqual(['Brazil', 'Kenya']);
    expect(filterPredictions(rows, { ...NO_FILTERS, category: 'High' }).map((r) => r.space)).toEqual(['Chile', 'Brazil']);
    expect(filterPredictions(rows, { ...NO_FILTERS, year: '2015', category: 'Low', type: ERROR_FILTER }).map((r) => r.space)).toEqual(['Kenya']);
  });

  it('filters the Results table by algorithm and category', () => {
    const summary = [
      { Algorithm: 'RF', Category: 'Low' },
      { Algorithm: 'RF', Category: 'High' },
      { Algorithm: 'DT', Category: 'Low' },
    ];
    expect(filterSummaryRows(summary, { ...NO_FILTERS, algorithm: 'RF' })).toHaveLength(2);
    expect(filterSummaryRows(summary, { ...NO_FILTERS, category: 'Low' })).toHaveLength(2);
    expect(filterSummaryRows(summary, { ...NO_FILTERS, algorithm: 'DT', category: 'Low' })).toEqual([{ Algorithm: 'DT', Category: 'Low' }]);
  });

  it('shows a model section only for the chosen algorithm', () => {
    expect(showsAlgorithm('RF', NO_FILTERS)).toBe(true);
    expect(showsAlgorithm('RF', { ...NO_FILTERS, algorithm: 'RF' })).toBe(true);
    expect(showsAlgorithm('DT', { ...NO_FILTERS, algorithm: 'RF' })).toBe(false);
  });
});
