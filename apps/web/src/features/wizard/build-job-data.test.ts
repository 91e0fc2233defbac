import { describe, expect, it } from 'vitest';
import { jobDataSchema, runAutoMLChecks } from '@indicata/contracts';
import { buildJobData } from './build-job-data.ts';
import { ALL_REGIONS, initialWizardState, withUpload, withWho, type WizardState } from './state.ts';
import { importModels, importSteps, saveConfigPage, saveFeatureDiscretization, setModelsAuto, setPreprocessingAuto } from './transitions.ts';

function readyWhoState(): WizardState {
  return {
    ...withWho(initialWizardState()),
    name: 'Run',
    targetCode: 'WHOSIS_000001',
    targetDimensions: ['SEX_BTSX'],
    predictionMode: 'spatialTemporal',
    targetYear: '2015',
    targetRegion: 'Europe',
    groupsCategorization: 3,
  };
}

describe('buildJobData', () => {
  it('sends every step and model as auto by default, with the fixed values', () => {
    const data = buildJobData(readyWhoState());
    expect(jobDataSchema.safeParse(data).success).toBe(true);
    expect(data).toMatchObject({
      database: 'WHO',
      uploadId: null,
      codePredictionIndicator: 'WHOSIS_000001',
      predictionIndicatorYear: 2015,
      predictionIndicatorRegion: 'Europe',
      fracUsedToTest: null,
      maxPercentMissingDatasToPrediction: 'auto',
      dataImputation: 'auto',
      outlierQparameter: 'auto',
      minInformationGain: 'auto',
      pearsonCorrelationCut: 'auto',
      groupsCategorizationFeatures: 'auto',
      BalanceAlgorithm: 'auto',
      typeML: 'Classification',
      totalIndicatorsUseToPrediction: 20,
      groupsCategorizationRange: 0,
      MLAlgorithms: ['ANN', 'KNN', 'SVM', 'DT', 'RF'],
      RFConfig: 'auto',
      ANNConfig: 'auto',
      timeDimension: 'year',
      regionDimension: 'regionName',
    });
    expect(runAutoMLChecks(data, 'Run')).toBeNull();
  });

  it("sends the target-history mode and the prediction sets' level as chosen (auto and 90% by default)", () => {
    expect(buildJobData(readyWhoState())).toMatchObject({ targetHistory: 'auto', predictionSetLevel: 0.9 });
    const data = buildJobData({ ...readyWhoState(), targetHistory: 'off', predictionSetLevel: 0.95 });
    expect(data).toMatchObject({ targetHistory: 'off', predictionSetLevel: 0.95 });
    expect(jobDataSchema.safeParse(data).success).toBe(true);
  });

  it('sends "All regions" as no region: the target year of every region is tested', () => {
    const data = buildJobData({ ...readyWhoState(), targetRegion: ALL_REGIONS });
    expect(data).toMatchObject({ predictionIndicatorYear: 2015, predictionIndicatorRegion: null });
    expect(jobDataSchema.safeParse(data).success).toBe(true);
  });

  it('sends unselected steps with their off values and only the selected models', () => {
    let s = setPreprocessingAuto(readyWhoState(), false);
    s = importSteps(s, ['Outliers']);
    s = setModelsAuto(s, false);
    s = importModels(s, ['RF', 'KNN']);
    const data = buildJobData(s);
    expect(data).toMatchObject({
      maxPercentMissingDatasToPrediction: 'No',
      dataImputation: 'nenhum',
      outlierQparameter: 'auto',
      minInformationGain: null,
      pearsonCorrelationCut: null,
      groupsCategorizationFeatures: '',
      BalanceAlgorithm: 'none',
      MLAlgorithms: ['KNN', 'RF'],
    });
    expect(jobDataSchema.safeParse(data).success).toBe(true);
  });

  it('sends a configured model with explicit parameters and auto for the parameters left on auto', () => {
    let s = setModelsAuto(readyWhoState(), false);
    s = importModels(s, ['RF']);
    s = saveConfigPage(s, 'RF', {
      values: { n_estimators: '50, 100', max_depth: 'None', criterion: 'entropy', bootstrap: 'False' },
      auto: { n_estimators: false, max_depth: false, criterion: false, bootstrap: false },
    });
    const data = buildJobData(s);
    expect(data.RFConfig).toMatchObject({ RFnEstimators: [50, 100], RFmaxDepth: [null], RFcriterion: ['entropy'], RFbootstrap: [false], RFoobScore: 'auto' });
    expect(jobDataSchema.safeParse(data).success).toBe(true);
  });

  it('maps configured preprocessing pages onto their fields', () => {
    let s = setPreprocessingAuto(readyWhoState(), false);
    s = importSteps(s, ['MissingData', 'Outliers', 'AttributeSelection', 'Discretization', 'Sampling']);
    s = saveConfigPage(s, 'MissingData', { values: { remove_attributes: '60', imputation: 'mediana' }, auto: { remove_attributes: false, imputation: false } });
    s = saveConfigPage(s, 'Outliers', { values: { iqr: '0.25/0.75' }, auto: { iqr: false } });
    s = saveConfigPage(s, 'AttributeSelection', {
      values: { information_gain: '0.05', pearson_correlation: '0.9' },
      auto: { information_gain: false, pearson_correlation: true },
    });
    s = saveConfigPage(s, 'Sampling', { values: { balance: 'OversamplingTemporal' }, auto: { balance: false } });
    const features = JSON.stringify([{ indicator: 'A', option: 'automatic', groups: 3 }]);
    s = saveFeatureDiscretization(s, features);
    const data = buildJobData(s);
    expect(data).toMatchObject({
      maxPercentMissingDatasToPrediction: 60,
      dataImputation: 'mediana',
      outlierQparameter: [0.25, 0.75],
      minInformationGain: 0.05,
      pearsonCorrelationCut: null,
      BalanceAlgorithm: 'OversamplingTemporal',
      groupsCategorizationFeatures: features,
    });
    expect(jobDataSchema.safeParse(data).success).toBe(true);
  });

  it('maps an upload, a test percentage and a manual class table', () => {
    const s: WizardState = {
      ...withUpload(initialWizardState(), { uploadId: 'u1', database: '17_life.csv', regionDimension: 'Country', timeDimension: 'Year', fileName: 'life.csv' }),
      targetCode: 'Life expectancy',
      predictionMode: 'percentageTesting',
      testPercent: '25',
      discretizationMode: 'manual',
      manualClasses: [
        { title: 'Low', min: '0', max: '60' },
        { title: 'High', min: '60', max: '90.5' },
      ],
    };
    const data = buildJobData(s);
    expect(data).toMatchObject({
      database: '17_life.csv',
      uploadId: 'u1',
      predictionIndicatorYear: null,
      predictionIndicatorRegion: null,
      fracUsedToTest: 25,
      groupsCategorization: null,
      groupsCategorizationManual: { '1': ['Low', 0, 60], '2': ['High', 60, 90.5] },
      timeDimension: 'Year',
      regionDimension: 'Country',
    });
    expect(jobDataSchema.safeParse(data).success).toBe(true);
  });

  it('lets the Run AutoML checks see what is missing', () => {
    expect(runAutoMLChecks(buildJobData(initialWizardState()), '')).toBe('noDatabase');
    expect(runAutoMLChecks(buildJobData({ ...readyWhoState(), testPercent: '140', targetYear: '' }), 'Run')).toBe('percentOutOfRange');
    expect(runAutoMLChecks(buildJobData({ ...readyWhoState(), groupsCategorization: null }), 'Run')).toBe('noGroupCount');
  });
});
