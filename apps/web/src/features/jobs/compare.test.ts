import { describe, expect, it } from 'vitest';
import type { AutoMLResults, JobData } from '@indicata/contracts';
import { comparePath, configDifferences, flattenConfig, parseCompareIds, scoreRows } from './compare.ts';

const data = (overrides: Record<string, unknown>) => ({ database: 'WHO', seed: 1, MLAlgorithms: ['DT', 'KNN'], typeML: 'Classification', DTConfig: 'auto', ...overrides }) as unknown as JobData;

const results = (best: string, f1: Record<string, number>) =>
  ({
    best,
    models: Object.fromEntries(Object.entries(f1).map(([family, value]) => [family, { validationMacroF1: value - 0.05, test: { macroF1: value, accuracy: value + 0.01 } }])),
  }) as unknown as AutoMLResults;

describe('compare', () => {
  it('flattens nested settings into dotted paths with readable lists', () => {
    expect(flattenConfig({ a: 1, b: { c: [null, 2] }, d: 'x' })).toEqual({ a: '1', 'b.c': 'None, 2', d: 'x' });
  });

  it('lists only the settings that differ, with a dash where a job lacks one', () => {
    const rows = configDifferences([
      { data: data({ seed: 1, DTConfig: 'auto' }) },
      { data: data({ seed: 2, DTConfig: { DTmaxDepth: [3] } }) },
      { data: data({ seed: 1, DTConfig: 'auto', typeML: 'Other' }) },
    ]);
    expect(rows).toEqual([
      { setting: 'seed', values: ['1', '2', '1'] },
      { setting: 'DTConfig', values: ['auto', '—', 'auto'] },
      { setting: 'DTConfig.DTmaxDepth', values: ['—', '3', '—'] },
    ]);
    expect(configDifferences([{ data: data({}) }, { data: data({}) }])).toEqual([]);
  });

  it('puts the chosen model and its scores first, then each family that some job ran', () => {
    const rows = scoreRows([{ results: results('DT', { DT: 0.8, KNN: 0.7 }) }, { results: null }, { results: results('RF', { RF: 0.9 }) }]);
    expect(rows.map((r) => r.key + (r.family ?? ''))).toEqual(['chosenModel', 'validationF1', 'testF1', 'testAccuracy', 'familyTestF1KNN', 'familyTestF1DT', 'familyTestF1RF']);
    expect(rows[0].values).toEqual(['DT', null, 'RF']);
    expect(rows[2].values).toEqual([0.8, null, 0.9]);
  });

  it('reads and writes the ids of the address', () => {
    expect(parseCompareIds(' a,b,,a ,c')).toEqual(['a', 'b', 'c']);
    expect(parseCompareIds(null)).toEqual([]);
    expect(comparePath(['a', 'b'])).toBe('/compare?ids=a,b');
  });
});
