import { describe, expect, it } from 'vitest';
import { initialWizardState } from './state.ts';
import {
  disableModel,
  disableStep,
  emptyClassTable,
  resizeClassTable,
  importModels,
  importSteps,
  saveConfigPage,
  saveFeatureDiscretization,
  setDiscretizationMode,
  setModelsAuto,
  setPredictionMode,
  setPreprocessingAuto,
  setStepAuto,
} from './transitions.ts';

describe('auto flags', () => {
  it('preprocessing Auto adds or removes all five steps', () => {
    const off = setPreprocessingAuto(initialWizardState(), false);
    expect(off.preprocessingAuto).toBe(false);
    expect(off.preprocessingSteps).toEqual([]);
    const on = setPreprocessingAuto(off, true);
    expect(on.preprocessingSteps).toHaveLength(5);
  });

  it('models Auto adds or removes all five models', () => {
    expect(setModelsAuto(initialWizardState(), false).models).toEqual([]);
    expect(setModelsAuto(setModelsAuto(initialWizardState(), false), true).models).toEqual(['ANN', 'KNN', 'SVM', 'DT', 'RF']);
  });

  it('disabling a single step or model removes it from its list', () => {
    const s = disableStep(initialWizardState(), 'Outliers');
    expect(s.preprocessingSteps).not.toContain('Outliers');
    expect(s.preprocessingSteps).toHaveLength(4);
    expect(disableModel(initialWizardState(), 'SVM').models).toEqual(['ANN', 'KNN', 'DT', 'RF']);
  });

  it('saving a page stores values and flags and turns the page-level auto off', () => {
    const settings = { values: { n_estimators: '100' }, auto: { n_estimators: false, criterion: true } };
    const s = saveConfigPage(initialWizardState(), 'RF', settings);
    expect(s.modelAuto.RF).toBe(false);
    expect(s.modelAuto.DT).toBe(true);
    expect(s.params.RF).toEqual(settings);
    const m = saveConfigPage(initialWizardState(), 'MissingData', { values: { imputation: 'media' }, auto: { imputation: false } });
    expect(m.stepAuto.MissingData).toBe(false);
    expect(m.modelAuto).toEqual(initialWizardState().modelAuto);
  });

  it('putting discretization back on auto clears the manual attribute discretization', () => {
    const saved = saveFeatureDiscretization(initialWizardState(), '[{"indicator":"A","option":"automatic","groups":3}]');
    expect(saved.stepAuto.Discretization).toBe(false);
    const auto = setStepAuto(saved, 'Discretization');
    expect(auto.stepAuto.Discretization).toBe(true);
    expect(auto.groupsCategorizationFeatures).toBe('');
    // Other steps keep their data when put back on auto.
    const other = setStepAuto({ ...saved, stepAuto: { ...saved.stepAuto, Outliers: false } }, 'Outliers');
    expect(other.groupsCategorizationFeatures).not.toBe('');
  });
});

describe('importing steps and algorithms', () => {
  it('adds without duplicates, in the canonical order, and activates only the new ones', () => {
    let s = setPreprocessingAuto(initialWizardState(), false);
    s = importSteps(s, ['Sampling', 'MissingData']);
    s = { ...s, stepAuto: { ...s.stepAuto, MissingData: false } };
    s = importSteps(s, ['MissingData', 'Outliers', 'Sampling']);
    expect(s.preprocessingSteps).toEqual(['MissingData', 'Outliers', 'Sampling']);
    expect(s.stepAuto.MissingData).toBe(false);
    expect(s.stepAuto.Outliers).toBe(true);
  });

  it('imports algorithms without duplicates', () => {
    let s = setModelsAuto(initialWizardState(), false);
    s = importModels(s, ['RF', 'KNN']);
    s = importModels(s, ['KNN', 'ANN', 'RF']);
    expect(s.models).toEqual(['ANN', 'KNN', 'RF']);
  });
});

describe('target', () => {
  it('switching to time period clears the percentage; switching to percentage clears year and region', () => {
    const base = { ...initialWizardState(), targetYear: '2015', targetRegion: 'Europe', testPercent: '20' };
    const byTime = setPredictionMode(base, 'spatialTemporal');
    expect(byTime).toMatchObject({ predictionMode: 'spatialTemporal', testPercent: '', targetYear: '2015', targetRegion: 'Europe' });
    const byPercent = setPredictionMode(base, 'percentageTesting');
    expect(byPercent).toMatchObject({ predictionMode: 'percentageTesting', testPercent: '20', targetYear: '', targetRegion: '' });
  });

  it('discretization modes are exclusive and a class count builds an empty table', () => {
    const manual = setDiscretizationMode({ ...initialWizardState(), groupsCategorization: 4 }, 'manual');
    expect(manual.groupsCategorization).toBeNull();
    expect(manual.manualClasses).toEqual([]);
    expect(emptyClassTable(3)).toEqual([
      { title: '', min: '', max: '' },
      { title: '', min: '', max: '' },
      { title: '', min: '', max: '' },
    ]);
    const auto = setDiscretizationMode({ ...manual, manualClasses: emptyClassTable(2) }, 'automatic');
    expect(auto.manualClasses).toBeNull();
  });

  it('a new class count keeps the rows typed so far, adds empty ones or drops the last', () => {
    const typed = [
      { title: 'Low', min: '0', max: '50' },
      { title: 'High', min: '50', max: '' },
    ];
    expect(resizeClassTable(typed, 3)).toEqual([...typed, { title: '', min: '', max: '' }]);
    expect(resizeClassTable(typed, 1)).toEqual([typed[0]]);
    expect(resizeClassTable([], 2)).toEqual(emptyClassTable(2));
  });
});
