import { describe, expect, it } from 'vitest';
import { jobDataSchema, type JobData } from '@indicata/contracts';
import { buildJobData } from './build-job-data.ts';
import { wizardStateFromJob, paramText } from './clone-job.ts';
import { ALL_REGIONS } from './state.ts';

const base = jobDataSchema.parse({
  database: 'WHO',
  uploadId: null,
  codePredictionIndicator: 'WHOSIS_000001',
  predictionIndicatorDimensions: ['SEX_BTSX'],
  predictionIndicatorYear: 2015,
  predictionIndicatorRegion: null,
  maxPercentMissingDatasToPrediction: 'auto',
  dataImputation: 'auto',
  minInformationGain: 'auto',
  totalIndicatorsUseToPrediction: 20,
  indicatorsAnalyzingCode: [],
  groupsCategorization: 3,
  groupsCategorizationMethod: 'quantile',
  groupsCategorizationManual: null,
  groupsCategorizationFeatures: 'auto',
  groupsCategorizationRange: 0,
  typeML: 'Classification',
  outlierQparameter: 'auto',
  fracUsedToTest: null,
  pearsonCorrelationCut: 'auto',
  BalanceAlgorithm: 'auto',
  MLAlgorithms: ['ANN', 'KNN', 'SVM', 'DT', 'RF'],
  timeDimension: 'year',
  regionDimension: 'regionName',
  ANNConfig: 'auto',
  KNNConfig: 'auto',
  SVMConfig: 'auto',
  DTConfig: 'auto',
  RFConfig: 'auto',
  seed: 42,
  budgetSeconds: 120,
});

/** A job through the wizard and back: every field, the target history and prediction-set level included. */
const roundTrip = (data: JobData) => {
  const actual = buildJobData(wizardStateFromJob(data, 'copy')) as Partial<JobData>;
  return { actual, expected: data };
};

describe('wizardStateFromJob', () => {
  it('gives back an all-automatic WHO job with its seed, budget and name', () => {
    const state = wizardStateFromJob(base, 'Life expectancy (copy)');
    expect(state).toMatchObject({ name: 'Life expectancy (copy)', useWho: true, modelsAuto: true, preprocessingAuto: true, seed: '42', budgetSeconds: 120 });
    // A year without a region is the Target Selection's "All regions" choice, which passes its save rule.
    expect(state).toMatchObject({ targetYear: '2015', targetRegion: ALL_REGIONS });
    const { actual, expected } = roundTrip(base);
    expect(actual).toEqual(expected);
  });

  it('gives back explicit models, steps switched off or explicit, a percentage split and manual classes on an upload', () => {
    const data: JobData = {
      ...base,
      database: '1700000000000_panel.csv',
      uploadId: 'u1',
      timeDimension: 'year',
      regionDimension: 'region',
      predictionIndicatorDimensions: [],
      predictionIndicatorYear: null,
      fracUsedToTest: 25,
      groupsCategorization: null,
      groupsCategorizationManual: { '1': ['low', 0, 50], '2': ['high', 50, 100] },
      maxPercentMissingDatasToPrediction: 40,
      dataImputation: 'media',
      outlierQparameter: 'none',
      minInformationGain: 0.01,
      pearsonCorrelationCut: null,
      groupsCategorizationFeatures: '',
      BalanceAlgorithm: 'auto',
      indicatorsAnalyzingCode: ['f1', 'f2'],
      MLAlgorithms: ['KNN', 'DT'],
      KNNConfig: { KNNnNeighbors: [3, 5], KNNweights: ['distance'], KNNalgorithm: 'auto', KNNleafSize: 'auto', KNNp: [2] },
      DTConfig: 'auto',
      seed: 7,
    };
    expect(jobDataSchema.safeParse(data).success).toBe(true);
    const state = wizardStateFromJob(data, 'copy', 'panel.csv');
    expect(state).toMatchObject({ useWho: false, uploadId: 'u1', fileName: 'panel.csv', modelsAuto: false, models: ['KNN', 'DT'], preprocessingAuto: false });
    expect(state.preprocessingSteps).toEqual(['MissingData', 'AttributeSelection', 'Sampling']);
    const { actual, expected } = roundTrip(data);
    expect(actual).toEqual(expected);
  });

  it('writes candidate lists as the Customize inputs read them', () => {
    expect(paramText([null, 5, true, false, 'sqrt'])).toBe('None, 5, True, False, sqrt');
  });
});
