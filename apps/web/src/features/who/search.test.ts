import type { WhoIndicator } from '@indicata/contracts';
import { describeYears, searchIndicators, toggleCode } from './search.ts';

const indicator = (code: string, label: string): WhoIndicator => ({
  code,
  indicator: label,
  years: [],
  regions: [],
  dimensions: [],
  coverage: { countries: 0, years: 0, observations: 0, fill: 0 },
});

describe('searchIndicators', () => {
  const catalog = [indicator('WHOSIS_000001', 'Life expectancy at birth (years)'), indicator('WHS6_102', 'Hospital beds (per 10 000 population)')];
  it('matches every word in code or label, ignoring case and accents', () => {
    expect(searchIndicators(catalog, 'LIFE birth').map((i) => i.code)).toEqual(['WHOSIS_000001']);
    expect(searchIndicators(catalog, 'whs6').map((i) => i.code)).toEqual(['WHS6_102']);
    expect(searchIndicators(catalog, 'hôspital').map((i) => i.code)).toEqual(['WHS6_102']);
    expect(searchIndicators(catalog, '  ')).toHaveLength(2);
    expect(searchIndicators(catalog, 'life beds')).toEqual([]);
  });
});

describe('describeYears', () => {
  it('shows ranges, short lists and long gapped lists', () => {
    expect(describeYears([2000, 2001, 2002])).toBe('2000–2002');
    expect(describeYears([2005, 2010])).toBe('2005, 2010');
    expect(describeYears([1990, 1995, 2000, 2005, 2010])).toBe('1990–2010 (5)');
    expect(describeYears([2016])).toBe('2016');
    expect(describeYears([])).toBe('');
  });
});

describe('toggleCode', () => {
  it('adds and removes a code', () => {
    expect(toggleCode(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggleCode(['A', 'B'], 'A')).toEqual(['B']);
  });
});
