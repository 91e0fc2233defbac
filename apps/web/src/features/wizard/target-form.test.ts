import { describe, expect, it } from 'vitest';
import { ALL_REGIONS, initialWizardState } from './state.ts';
import { PERCENT_INPUT_PATTERN, RANGE_INPUT_PATTERN, previewRequestOf, targetFormFrom, targetPatch, validateTarget, type TargetForm } from './target-form.ts';

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
      discretization: { mode: 'automatic', groups: 3, method: 'equal-width' },
    });
    const upload = { database: '17_life.csv', uploadId: 'u1', useWho: false };
    const manual = previewRequestOf(form({ discretizationMode: 'manual', manualClasses: [{ title: 'a', min: '0', max: '1' }, { title: 'b', min: '1', max: '2' }] }), upload);
    expect(manual).toMatchObject({ uploadId: 'u1', targetDimension: undefined, discretization: { mode: 'manual', classes: [{ title: 'a', min: 0, max: 1 }, { title: 'b', min: 1, max: 2 }] } });
  });
});
