import { describe, expect, it } from 'vitest';
import { dimensionWords, indicatorName, localIndicatorTitle, namesOfColumns, resultColumns, withIndicatorNames } from './indicator-names.ts';
import type { AutoMLResults } from './results.ts';

const names = {
  WHOSIS_000004: 'Adult mortality rate (probability of dying between 15 and 60 years per 1000 population)',
  MDG_0000000007: 'Under-five mortality rate (probability of dying by age 5 per 1000 live births)',
  WHS7_156: 'Per capita total expenditure on health at average exchange rate (US$)',
  WSH_WATER_SAFELY_MANAGED: 'WSH_WATER_SAFELY_MANAGED',
};

describe('indicator names', () => {
  it('names a WHO column with its dimension in the reader\'s language', () => {
    expect(indicatorName('WHOSIS_000004-SEX_FMLE', names)).toBe(`${names.WHOSIS_000004}, female`);
    expect(indicatorName('WHOSIS_000004-SEX_FMLE', names, 'pt-BR')).toBe(
      'Taxa de mortalidade adulta (probabilidade de morrer entre 15 e 60 anos por 1000 habitantes), feminino',
    );
    expect(indicatorName('WHS7_156', names)).toBe(names.WHS7_156);
    expect(indicatorName('WHS7_156', names, 'en', { withCode: true })).toBe(`${names.WHS7_156} (WHS7_156)`);
    expect(indicatorName('WHOSIS_000004-SEX_BTSX', names, 'en', { withCode: true })).toBe(`${names.WHOSIS_000004}, both sexes (WHOSIS_000004-SEX_BTSX)`);
  });

  it('names the target history columns by the target and a translated suffix', () => {
    expect(indicatorName('MDG_0000000007 (previous known value)', names)).toBe(`${names.MDG_0000000007} (previous known value)`);
    expect(indicatorName('MDG_0000000007-SEX_MLE (projected class)', names, 'pt-BR', { short: true })).toBe('Taxa de mortalidade de menores de cinco anos, masculino (classe projetada)');
    // An upload's column is a name already: only the suffix is ours to translate.
    expect(indicatorName('GDP per head (years since previous value)', names, 'pt-BR')).toBe('GDP per head (anos desde o valor anterior)');
  });

  it('reads a WHO title in Portuguese where the locale has one, and WHO\'s own title elsewhere', () => {
    expect(localIndicatorTitle('WHS9_95', 'Total fertility rate (per woman)', 'pt-BR')).toBe('Taxa de fecundidade total (por mulher)');
    expect(localIndicatorTitle('WHS9_95', 'Total fertility rate (per woman)', 'en')).toBe('Total fertility rate (per woman)');
    // A code a later import brought, which the table does not know, keeps the catalog's title.
    expect(localIndicatorTitle('NEW_CODE', 'A new indicator', 'pt-BR')).toBe('A new indicator');
    expect(indicatorName('WHS7_156', names, 'pt-BR', { withCode: true })).toBe('Gasto total per capita com saúde à taxa de câmbio média (US$) (WHS7_156)');
  });

  it('leaves columns it does not know as they are, and does not repeat a label that is its code', () => {
    expect(indicatorName('life_expectancy', names)).toBe('life_expectancy');
    expect(indicatorName('UNKNOWN-SEX_FMLE', names)).toBe('UNKNOWN-SEX_FMLE');
    expect(indicatorName('WSH_WATER_SAFELY_MANAGED', names, 'en', { withCode: true })).toBe('WSH_WATER_SAFELY_MANAGED');
  });

  it('shortens a label to its words for a chart axis, keeping dimension and history suffix', () => {
    expect(indicatorName('MDG_0000000007-SEX_FMLE (previous known value)', names, 'en', { short: true })).toBe('Under-five mortality rate, female (previous known value)');
    expect(indicatorName('WHS7_156', names, 'en', { short: true })).toBe('Per capita total expenditure on health at average exchange rate');
    expect(indicatorName('X', { X: '(only parentheses)' }, 'en', { short: true })).toBe('(only parentheses)');
  });

  it('says age groups, two dimensions and unknown keys', () => {
    expect(dimensionWords('AGEGROUP_YEARS15-49')).toBe('15-49 years');
    expect(dimensionWords('AGEGROUP_YEARS60-PLUS', 'pt-BR')).toBe('60+ anos');
    expect(dimensionWords('SEX_FMLE+RESIDENCEAREATYPE_URB')).toBe('female, urban');
    expect(dimensionWords('WEALTHQUINTILE_Q1')).toBe('WEALTHQUINTILE_Q1');
  });

  it('keeps only the codes results use, and renames every column people read', () => {
    const results = {
      labels: { space: 'countryName', region: 'regionName', time: 'year', target: 'MDG_0000000007' },
      usedIndicators: [{ indicatorAnalyzingName: 'WHOSIS_000004-SEX_FMLE', missingDatasPercent: 0, ig: 0.5, pearson: 0.2 }],
      unusedIndicators: [{ indicatorAnalyzingName: 'WHS7_156', missingDatasPercent: 80, ig: null, pearson: null }],
      correlationMatrix: { labels: ['MDG_0000000007', 'WHOSIS_000004-SEX_FMLE'], values: [[1, 0.2], [0.2, 1]] },
      models: { RF: { algorithm: 'RF', impurityImportance: [{ Feature: 'MDG_0000000007 (previous known value)', Importance: 0.4 }], permutationImportance: null } },
      preprocessing: { missingData: { removedColumns: [{ name: 'WHS7_156', missingPercent: 80 }] }, attributeDiscretization: [] },
      warnings: ['Manual attribute "WHS7_156" was removed by the missing-data step.'],
    } as unknown as AutoMLResults;
    const used = namesOfColumns(resultColumns(results), { ...names, OTHER: 'Other' });
    expect(Object.keys(used).sort()).toEqual(['MDG_0000000007', 'WHOSIS_000004', 'WHS7_156']);
    const named = withIndicatorNames(results, 'en', used);
    const text = JSON.stringify(named);
    for (const code of ['MDG_0000000007', 'WHOSIS_000004', 'WHS7_156']) expect(text).not.toContain(code);
    expect(named.models.RF?.impurityImportance?.[0]?.Feature).toBe(`${names.MDG_0000000007} (previous known value)`);
    expect(named.warnings[0]).toBe(`Manual attribute "${names.WHS7_156}" was removed by the missing-data step.`);
    // The stored results keep their codes.
    expect(results.labels.target).toBe('MDG_0000000007');
  });
});
