import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { autoJobSettings, jobDataSchema, type AutoMLResults, type JobData } from '@indicata/contracts';
import { comparePath, configDifferences, displayedConfig, flattenConfig, parseCompareIds, scoreRows, settingLabel, type Translate } from './compare.ts';

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

  it('also gives the ensemble, the trend rule and the baselines each run was measured against', () => {
    const withRules = { ...results('Trend', { RF: 0.7, Ensemble: 0.72, Trend: 0.95, Persistence: 0.74 }), baselines: [{ name: 'persistence', test: { macroF1: 0.74 } }, { name: 'majority', test: { macroF1: 0.23 } }] } as unknown as AutoMLResults;
    const rows = scoreRows([{ results: withRules }, { results: results('DT', { DT: 0.8 }) }]);
    expect(rows.slice(4).map((r) => [r.key, r.family ?? r.baseline, r.values])).toEqual([
      ['familyTestF1', 'DT', [null, 0.8]],
      ['familyTestF1', 'RF', [0.7, null]],
      ['familyTestF1', 'Ensemble', [0.72, null]],
      ['familyTestF1', 'Trend', [0.95, null]],
      ['baselineTestF1', 'persistence', [0.74, null]],
      ['baselineTestF1', 'majority', [0.23, null]],
    ]);
  });

  it('names an upload by its file, not the name it is stored under', () => {
    const t = ((key: string) => key) as Translate;
    expect(displayedConfig(data({ database: '1795965819170_adult-mortality.csv' }), {}, t, 'en').database).toBe('adult-mortality.csv');
    expect(displayedConfig(data({ database: 'WHO' }), {}, t, 'en').database).toBe('WHO');
  });

  it('reads and writes the ids of the address', () => {
    expect(parseCompareIds(' a,b,,a ,c')).toEqual(['a', 'b', 'c']);
    expect(parseCompareIds(null)).toEqual([]);
    expect(comparePath(['a', 'b'])).toBe('/compare?ids=a,b');
  });

  it('labels each setting, never by its field name, in English and Portuguese', () => {
    const en = i18next.getFixedT('en') as unknown as Translate;
    const pt = i18next.getFixedT('pt-BR') as unknown as Translate;
    expect(settingLabel('groupsCategorizationMethod', en)).toBe('How the target groups are cut');
    expect(settingLabel('groupsCategorizationMethod', pt)).toBe('Como os grupos do alvo são cortados');
    expect(settingLabel('DTConfig.DTmaxDepth', en)).toBe('Decision tree: max_depth');
    expect(settingLabel('groupsCategorizationManual.2', en)).toBe('Manual target class 2');
    // A field the labels do not know yet is shown as it is rather than hidden.
    expect(settingLabel('someNewField', en)).toBe('someNewField');
    // Every field of a job has a label.
    const job = jobDataSchema.parse({ ...autoJobSettings(), database: 'WHO', codePredictionIndicator: 'X', predictionIndicatorDimensions: [], predictionIndicatorYear: 2015, MLAlgorithms: ['DT'], timeDimension: 'year', regionDimension: 'regionName', seed: 1, budgetSeconds: 60 });
    for (const field of Object.keys(job)) expect(settingLabel(field, en), field).not.toBe(field);
  });

  it('shows indicators by their WHO names with their codes, and choices by their labels', () => {
    const en = i18next.getFixedT('en') as unknown as Translate;
    const names = { WHOSIS_000001: 'Life expectancy at birth (years)', WHS7_156: 'Per capita total expenditure on health at average exchange rate (US$)' };
    const jobs = [
      data({ codePredictionIndicator: 'WHOSIS_000001', predictionIndicatorDimensions: ['SEX_FMLE'], indicatorsAnalyzingCode: ['WHS7_156', 'OTHER'], groupsCategorizationMethod: 'quantile', dataImputation: 'media' }),
      data({ codePredictionIndicator: 'WHOSIS_000001', predictionIndicatorDimensions: ['SEX_MLE'], indicatorsAnalyzingCode: [], groupsCategorizationMethod: 'equal-width', dataImputation: 'auto' }),
    ].map((job) => ({ data: displayedConfig(job, names, en, 'en') }));
    const rows = Object.fromEntries(configDifferences(jobs).map((row) => [settingLabel(row.setting, en), row.values]));
    expect(rows['Predicted indicator']).toEqual(['Life expectancy at birth (years), female (WHOSIS_000001-SEX_FMLE)', 'Life expectancy at birth (years), male (WHOSIS_000001-SEX_MLE)']);
    expect(rows['Dimension of the predicted indicator']).toEqual(['female', 'male']);
    expect(rows['Indicators chosen as input']).toEqual([`${names.WHS7_156} (WHS7_156); OTHER`, '']);
    expect(rows['How the target groups are cut']).toEqual(['Quantile (equal counts)', 'Equal width']);
    expect(rows['Data imputation']).toEqual(['Mean', 'automatic']);
    const off = displayedConfig(data({ maxPercentMissingDatasToPrediction: 'No', outlierQparameter: 'none', pearsonCorrelationCut: null }), {}, en, 'en');
    expect([off.maxPercentMissingDatasToPrediction, off.outlierQparameter, off.pearsonCorrelationCut]).toEqual(['No', 'None', '—']);
    const features = JSON.stringify([
      { indicator: 'WHS7_156', option: 'automatic', groups: 3 },
      { indicator: 'OTHER', option: 'manual', classes: { 1: { title: 'low', min: 0, max: 1 }, 2: { title: 'high', min: 1, max: 2 } } },
    ]);
    expect(displayedConfig(data({ groupsCategorizationFeatures: features }), names, en, 'en').groupsCategorizationFeatures).toBe(`${names.WHS7_156} (WHS7_156): Automatic (3); OTHER: Manual (low, high)`);
    expect(JSON.stringify(rows)).not.toMatch(/groupsCategorizationMethod|codePredictionIndicator/);
  });
});
