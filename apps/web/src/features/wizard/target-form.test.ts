import { describe, expect, it } from 'vitest';
import { ALL_REGIONS, initialWizardState } from './state.ts';
import { PERCENT_INPUT_PATTERN, RANGE_INPUT_PATTERN, codesPatch, isManualTableComplete, previewRequestOf, quantilePatch, splitOf, targetFieldProblems, targetFormFrom, targetPatch, validateTarget, type TargetForm } from './target-form.ts';

const form = (patch: Partial<TargetForm> = {}): TargetForm => ({
  ...targetFormFrom(initialWizardState()),
  targetCode: 'WHOSIS_000001',
  predictionMode: 'spatialTemporal',
  targetYear: '2015',
  targetRegion: 'Europe',
  groupsCategorization: 3,
  ...patch,
});

describe('Target Selection save rules', () => {
  it('reports the spec messages in order', () => {
    expect(validateTarget(form({ targetCode: '', targetYear: '2015', testPercent: '20' }))).toBe('targetNoIndicator');
    expect(validateTarget(form({ testPercent: '20' }))).toBe('bothYearAndPercent');
    expect(validateTarget(form({ targetRegion: '' }))).toBe('targetNeitherYearRegionNorPercent');
    expect(validateTarget(form({ targetYear: '', targetRegion: '' }))).toBe('targetNeitherYearRegionNorPercent');
    expect(validateTarget(form({ targetYear: '', targetRegion: '', testPercent: '101', groupsCategorization: null }))).toBe('percentOutOfRange');
    expect(validateTarget(form({ groupsCategorization: null }))).toBe('autoDiscretizationNoValue');
    expect(validateTarget(form({ discretizationMode: 'manual', manualClasses: [{ title: 'a', min: '0', max: '1' }, { title: 'b', min: '1', max: '' }] }))).toBe(
      'manualTargetTableIncomplete',
    );
    expect(validateTarget(form({ discretizationMode: 'manual', manualClasses: [{ title: 'a', min: '-', max: '1' }, { title: 'b', min: '1', max: '2' }] }))).toBe(
      'manualTargetTableIncomplete',
    );
    expect(validateTarget(form({ discretizationMode: 'manual', manualClasses: [{ title: 'a', min: '-1.5', max: '1' }, { title: 'b', min: '1', max: '2.' }] }))).toBeNull();
    expect(validateTarget(form())).toBeNull();
    // "All regions" is a region choice: the year's rows of every region are the test rows.
    expect(validateTarget(form({ targetRegion: ALL_REGIONS }))).toBeNull();
    expect(validateTarget(form({ targetYear: '', targetRegion: '', testPercent: '1' }))).toBeNull();
    expect(validateTarget(form({ targetYear: '', targetRegion: '', testPercent: '0' }))).toBe('percentOutOfRange');
    expect(validateTarget(form({ targetYear: '', targetRegion: '', testPercent: '100' }))).toBe('percentOutOfRange');
  });

  it('range inputs take an optional minus, digits and one decimal point; the percentage digits only', () => {
    for (const ok of ['', '-', '12', '-12.5', '.5', '3.']) expect(RANGE_INPUT_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['1.2.3', '--1', '1-', 'e5', '1,5', ' 1']) expect(RANGE_INPUT_PATTERN.test(bad), bad).toBe(false);
    expect(PERCENT_INPUT_PATTERN.test('25')).toBe(true);
    expect(PERCENT_INPUT_PATTERN.test('2.5')).toBe(false);
    expect(PERCENT_INPUT_PATTERN.test('-1')).toBe(false);
  });

  it('reloads the manual table when the state has one, else automatic', () => {
    const manual = targetFormFrom({ ...initialWizardState(), discretizationMode: 'manual', manualClasses: [{ title: 'a', min: '0', max: '1' }, { title: 'b', min: '1', max: '2' }], groupsCategorization: null });
    expect(manual.discretizationMode).toBe('manual');
    expect(manual.manualClasses).toHaveLength(2);
    const auto = targetFormFrom({ ...initialWizardState(), groupsCategorization: 4 });
    expect(auto.discretizationMode).toBe('automatic');
    expect(auto.groupsCategorization).toBe(4);
  });

  it('saves one discretization mode only', () => {
    const patch = targetPatch(form({ discretizationMode: 'manual', groupsCategorization: 3, manualClasses: [{ title: ' a ', min: '0', max: '1' }, { title: 'b', min: '1', max: '2' }] }));
    expect(patch.groupsCategorization).toBeNull();
    expect(patch.manualClasses?.[0].title).toBe('a');
    expect(targetPatch(form()).manualClasses).toBeNull();
  });

  it('asks the preview only for a complete choice', () => {
    const who = { database: 'WHO', uploadId: null, useWho: true };
    expect(previewRequestOf(form({ groupsCategorization: null }), who)).toBeNull();
    expect(previewRequestOf(form({ targetDimensions: ['SEX_FMLE'] }), who)).toEqual({
      database: 'WHO',
      uploadId: null,
      targetCode: 'WHOSIS_000001',
      targetDimension: 'SEX_FMLE',
      discretization: { mode: 'automatic', groups: 3, method: 'quantile' },
      split: { mode: 'year', year: 2015, region: 'Europe' },
    });
    const upload = { database: '17_life.csv', uploadId: 'u1', useWho: false };
    const manual = previewRequestOf(form({ discretizationMode: 'manual', manualClasses: [{ title: 'a', min: '0', max: '1' }, { title: 'b', min: '1', max: '2' }] }), upload);
    expect(manual).toMatchObject({ uploadId: 'u1', targetDimension: undefined, discretization: { mode: 'manual', classes: [{ title: 'a', min: 0, max: 1 }, { title: 'b', min: 1, max: 2 }] } });
  });
});

describe('Target Selection: what the API would refuse is shown on its field before saving', () => {
  const years = [2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015];
  const manual = (rows: [string, string, string][]) => form({ discretizationMode: 'manual', manualClasses: rows.map(([title, min, max]) => ({ title, min, max })) });

  it('flags a class whose minimum is not below its maximum, and overlapping classes', () => {
    expect(targetFieldProblems(manual([['low', '60', '40'], ['high', '60', '100']]), years, 'en').manualClasses).toBe('Class 1 "low": its minimum 60 must be below its maximum 40.');
    expect(targetFieldProblems(manual([['low', '0', '60'], ['high', '55', '100']]), years, 'pt-BR').manualClasses).toContain('se sobrepõem');
    expect(targetFieldProblems(manual([['low', '0', '60'], ['high', '60', '100']]), years, 'en')).toEqual({});
  });

  it('flags a test share below half a year of the data or above all but half a year', () => {
    const percent = (testPercent: string) => form({ predictionMode: 'percentageTesting', targetYear: '', targetRegion: '', testPercent });
    expect(targetFieldProblems(percent('1'), years, 'en').testPercent).toContain('from 5% to 95%');
    expect(targetFieldProblems(percent('99'), years, 'en').testPercent).toContain('from 5% to 95%');
    expect(targetFieldProblems(percent('10'), years, 'en')).toEqual({});
    // Before the data's years are loaded nothing is judged (the server still is).
    expect(targetFieldProblems(percent('1'), [], 'en')).toEqual({});
  });

  it('flags a test year without values, or with no earlier year to train on', () => {
    expect(targetFieldProblems(form({ targetYear: '2016' }), years, 'en').targetYear).toContain('The target has no value in 2016');
    expect(targetFieldProblems(form({ targetYear: '2006' }), years, 'en').targetYear).toContain('is the first year of the target');
    expect(targetFieldProblems(form({ targetYear: '2015' }), [2015], 'pt-BR').targetYear).toContain('O alvo tem valores apenas em 2015');
    expect(targetFieldProblems(form({ targetYear: '2015' }), [], 'en')).toEqual({});
  });
});

describe('Target Selection: the split the preview counts, and quantile groups in one click', () => {
  it('asks the preview for the chosen test year (all regions: none) or a valid percentage, and nothing before', () => {
    expect(splitOf(form({ targetRegion: '*' }))).toEqual({ mode: 'year', year: 2015, region: null });
    expect(splitOf(form({ predictionMode: 'percentageTesting', targetYear: '', testPercent: '20' }))).toEqual({ mode: 'percent', percent: 20 });
    expect(splitOf(form({ predictionMode: 'percentageTesting', targetYear: '', testPercent: '0' }))).toBeUndefined();
    expect(splitOf(form({ targetYear: '' }))).toBeUndefined();
  });

  it('keeps each code of a coded target as a manual class that holds it alone, zero and negative codes included', () => {
    const patch = codesPatch([-1, 0, 2]);
    expect(patch).toEqual({
      discretizationMode: 'manual',
      groupsCategorization: null,
      manualClasses: [
        { title: '-1', min: '-1.5', max: '-0.5' },
        { title: '0', min: '-0.5', max: '0.5' },
        { title: '2', min: '1.5', max: '2.5' },
      ],
    });
    expect(isManualTableComplete(patch.manualClasses!)).toBe(true);
    expect(targetFieldProblems(form(patch), [], 'en').manualClasses).toBeUndefined();
  });

  it('keeps the number of classes, automatic or manual', () => {
    expect(quantilePatch(form({ discretizationMethod: 'equal-width' }))).toEqual({ discretizationMode: 'automatic', discretizationMethod: 'quantile', groupsCategorization: 3, manualClasses: [] });
    const manual = form({ discretizationMode: 'manual', groupsCategorization: null, manualClasses: [{ title: 'a', min: '0', max: '1' }, { title: 'b', min: '1', max: '2' }, { title: 'c', min: '2', max: '3' }, { title: 'd', min: '3', max: '4' }] });
    expect(quantilePatch(manual).groupsCategorization).toBe(4);
  });
});
