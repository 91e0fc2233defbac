import { describe, expect, it } from 'vitest';
import { calibrationSummary, coverageSummary } from './trust-summary.ts';
import type { TrustReport } from './results-trust.ts';

const trust = (nominal: number, coverage: number, byYear: [number, number, number][]): TrustReport => ({
  conformal: {
    nominal,
    method: 'lac',
    test: { coverage, meanSetSize: 1.25, byYear: byYear.map(([year, c, rows]) => ({ year, coverage: c, meanSetSize: 1.1, rows })), byClass: [] },
    compared: [],
  },
  calibration: {
    method: 'temperature',
    kept: false,
    temperature: 1,
    validation: { logLossBefore: 0.7, logLossAfter: 0.7 },
    test: { brierBefore: 0.21, brierAfter: 0.2, eceBefore: 0.0512, eceAfter: 0.0411, logLossBefore: 0.7, logLossAfter: 0.69 },
    reliability: { before: [], after: [] },
  },
});

describe('coverageSummary', () => {
  it('is null without a trust report', () => {
    expect(coverageSummary(undefined)).toBeNull();
    expect(calibrationSummary(null)).toBeNull();
  });

  it('formats nominal, reached and set size, with no shortfall within 5 points', () => {
    expect(coverageSummary(trust(0.9, 0.851, [[2019, 0.86, 30]]))).toEqual({ nominal: '90', reached: '85.1', size: '1.3', shortBy: null, shortYears: [] });
    expect(coverageSummary(trust(0.955, 0.96, []))?.nominal).toBe('95.5');
  });

  it('names the shortfall and the years more than 5 points short (years without rows left out)', () => {
    const summary = coverageSummary(trust(0.9, 0.8, [[2019, 0.95, 30], [2020, 0.7, 30], [2021, 0, 0]]))!;
    expect(summary.shortBy).toBe('10.0');
    expect(summary.shortYears).toEqual([{ year: 2020, reached: '70.0' }]);
  });
});

describe('in Portuguese', () => {
  it('writes every figure with the decimal comma, as the rest of the page and the report do', () => {
    const summary = coverageSummary(trust(0.955, 0.8, [[2020, 0.7, 30]]), 'pt-BR')!;
    expect(summary).toEqual({ nominal: '95,5', reached: '80,0', size: '1,3', shortBy: '15,5', shortYears: [{ year: 2020, reached: '70,0' }] });
    expect(calibrationSummary(trust(0.9, 0.9, []), 'pt-BR')).toMatchObject({ temperature: '1,00', eceBefore: '0,051', brierAfter: '0,200' });
  });
});

describe('calibrationSummary', () => {
  it('gives the temperature and the test ECE and Brier before and after', () => {
    expect(calibrationSummary(trust(0.9, 0.9, []))).toEqual({ kept: false, temperature: '1.00', eceBefore: '0.051', eceAfter: '0.041', brierBefore: '0.210', brierAfter: '0.200' });
  });
});
