import { describe, expect, it } from 'vitest';
import { createJobRequestSchema, jobDataSchema, parseFeatureDiscretization, type JobDataInput, type KnnParams } from './job-config.ts';

/** A complete, valid WHO job with every model and step on auto. */
function sampleJobData(overrides: Partial<JobDataInput> = {}): JobDataInput {
  return {
    database: 'WHO',
    uploadId: null,
    codePredictionIndicator: 'WHOSIS_000001',
    predictionIndicatorDimensions: ['SEX_BTSX'],
    predictionIndicatorYear: 2015,
    predictionIndicatorRegion: 'Europe',
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
    ...overrides,
  };
}

describe('jobDataSchema', () => {
  it('accepts an all-auto WHO job and fills the defaults', () => {
    const { uploadId: _u, groupsCategorizationMethod: _m, ...withoutDefaults } = sampleJobData();
    const parsed = jobDataSchema.parse(withoutDefaults);
    expect(parsed.uploadId).toBeNull();
    expect(parsed.groupsCategorizationMethod).toBe('quantile');
    expect(parsed.seed).toBeUndefined();
  });

  it('accepts explicit model parameters with the prefixed names, lists of candidates and None', () => {
    const data = sampleJobData({
      RFConfig: {
        RFnEstimators: [50, 100],
        RFcriterion: ['gini'],
        RFmaxDepth: [null, 10],
        RFminSamplesSplit: [2],
        RFminSamplesLeaf: 'auto',
        RFminWeightFractionLeaf: [0],
        RFmaxFeatures: ['sqrt', null, 0.5],
        RFmaxLeafNodes: [null],
        RFminImpurityDecrease: [0],
        RFbootstrap: [true],
        RFoobScore: [false],
      },
      SVMConfig: {
        SVMC: [1],
        SVMkernel: ['rbf'],
        SVMdegree: [3],
        SVMgamma: ['scale', 0.1],
        SVMcoef0: [0],
        SVMshrinking: [true],
        SVMprobability: [true],
      },
    });
    expect(jobDataSchema.safeParse(data).success).toBe(true);
  });

  it('rejects unknown or unprefixed parameter names and empty candidate lists', () => {
    const knn: KnnParams = { KNNnNeighbors: [5], KNNweights: ['uniform'], KNNalgorithm: ['auto'], KNNleafSize: [30], KNNp: [2] };
    expect(jobDataSchema.safeParse(sampleJobData({ KNNConfig: knn })).success).toBe(true);
    expect(jobDataSchema.safeParse(sampleJobData({ KNNConfig: { ...knn, nNeighbors: [5] } as never })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ KNNConfig: { ...knn, KNNnNeighbors: [] } })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ KNNConfig: { ...knn, KNNweights: ['heavy'] } as never })).success).toBe(false);
  });

  it('takes a prediction-set level among the offered ones, 90% when absent', () => {
    expect(jobDataSchema.parse(sampleJobData()).predictionSetLevel).toBe(0.9);
    expect(jobDataSchema.parse({ ...sampleJobData(), predictionSetLevel: 0.8 }).predictionSetLevel).toBe(0.8);
    for (const level of [0.85, 1, 0, '0.9']) expect(jobDataSchema.safeParse({ ...sampleJobData(), predictionSetLevel: level }).success).toBe(false);
  });

  it('fixes typeML, totalIndicatorsUseToPrediction and groupsCategorizationRange', () => {
    expect(jobDataSchema.safeParse(sampleJobData({ typeML: 'Regression' as never })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ totalIndicatorsUseToPrediction: 10 as never })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ groupsCategorizationRange: 1 as never })).success).toBe(false);
  });

  it('requires exactly one of target year or test percentage', () => {
    expect(jobDataSchema.safeParse(sampleJobData({ fracUsedToTest: 20 })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ predictionIndicatorYear: null })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ predictionIndicatorYear: null, predictionIndicatorRegion: null, fracUsedToTest: 20 })).success).toBe(true);
    expect(jobDataSchema.safeParse(sampleJobData({ predictionIndicatorYear: null, fracUsedToTest: 101 })).success).toBe(false);
  });

  it('requires exactly one of automatic groups or a manual class table of 2..100 classes', () => {
    const manual = { '1': ['Low', 0, 10], '2': ['High', 10, 20] } as const;
    expect(jobDataSchema.safeParse(sampleJobData({ groupsCategorization: null, groupsCategorizationManual: { ...manual } as never })).success).toBe(true);
    expect(jobDataSchema.safeParse(sampleJobData({ groupsCategorizationManual: { ...manual } as never })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ groupsCategorization: null })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ groupsCategorization: null, groupsCategorizationManual: { '1': ['Only', 0, 1] } as never })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ groupsCategorization: 101 })).success).toBe(false);
  });

  it('accepts the step off-values and rejects values outside the option sets', () => {
    const off = sampleJobData({
      maxPercentMissingDatasToPrediction: 'No',
      dataImputation: 'nenhum',
      minInformationGain: null,
      pearsonCorrelationCut: null,
      outlierQparameter: 'none',
      groupsCategorizationFeatures: '',
      BalanceAlgorithm: 'none',
    });
    expect(jobDataSchema.safeParse(off).success).toBe(true);
    expect(jobDataSchema.safeParse(sampleJobData({ maxPercentMissingDatasToPrediction: 100 })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ dataImputation: 'mean' as never })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ pearsonCorrelationCut: 1.5 })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ minInformationGain: 0 })).success).toBe(false);
    expect(jobDataSchema.safeParse(sampleJobData({ outlierQparameter: [0.25, 0.75] })).success).toBe(true);
    expect(jobDataSchema.safeParse(sampleJobData({ MLAlgorithms: [] })).success).toBe(false);
  });

  it('refuses a Pearson cut of 0 and a minimum information gain no indicator can reach, unless something stands in', () => {
    const issueOf = (overrides: Partial<JobDataInput>) => jobDataSchema.safeParse(sampleJobData(overrides)).error?.issues.map((i) => i.path.join('.'));
    expect(issueOf({ pearsonCorrelationCut: 0 })).toEqual(['pearsonCorrelationCut']);
    expect(issueOf({ pearsonCorrelationCut: 1 })).toBeUndefined();
    // 3 classes: at most log2(3) = 1.585 bits.
    expect(issueOf({ minInformationGain: 1.58 })).toBeUndefined();
    expect(issueOf({ minInformationGain: 1.6 })).toEqual(['minInformationGain']);
    expect(issueOf({ minInformationGain: 1.6, groupsCategorization: 4 })).toBeUndefined();
    const manual = { '1': ['low', 0, 50], '2': ['high', 50, 100] } as JobDataInput['groupsCategorizationManual'];
    expect(issueOf({ minInformationGain: 1.01, groupsCategorization: null, groupsCategorizationManual: manual })).toEqual(['minInformationGain']);
    // A hand-picked list or the target's own history is used whatever the rule says.
    expect(issueOf({ minInformationGain: 1.6, indicatorsAnalyzingCode: ['WHS4_100'] })).toBeUndefined();
    expect(issueOf({ minInformationGain: 1.6, targetHistory: 'on' })).toBeUndefined();
  });

  it('takes one target dimension at most (a model predicts one series)', () => {
    expect(jobDataSchema.safeParse(sampleJobData({ predictionIndicatorDimensions: ['SEX_FMLE'] })).success).toBe(true);
    const two = jobDataSchema.safeParse(sampleJobData({ predictionIndicatorDimensions: ['SEX_FMLE', 'SEX_MLE'] }));
    expect(two.error?.issues.map((i) => i.path.join('.'))).toEqual(['predictionIndicatorDimensions']);
  });

  it('validates the per-attribute discretization JSON text', () => {
    const text = JSON.stringify([
      { indicator: 'A', option: 'automatic', groups: 4 },
      { indicator: 'B', option: 'manual', classes: { '1': { title: 'low', min: 0, max: 1 }, '2': { title: 'high', min: 1, max: 2 } } },
    ]);
    expect(parseFeatureDiscretization(text)).toHaveLength(2);
    // Fewer than two manual classes would leave the attribute as it is.
    for (const classes of [{}, { '1': { title: 'low', min: 0, max: 1 } }]) {
      expect(parseFeatureDiscretization(JSON.stringify([{ indicator: 'B', option: 'manual', classes }]))).toBeNull();
    }
    expect(jobDataSchema.safeParse(sampleJobData({ groupsCategorizationFeatures: text })).success).toBe(true);
    expect(jobDataSchema.safeParse(sampleJobData({ groupsCategorizationFeatures: '[{"indicator":"A"}]' })).success).toBe(false);
    expect(parseFeatureDiscretization('not json')).toBeNull();
  });

  it('wraps the data with a non-blank name in CreateJobRequest', () => {
    expect(createJobRequestSchema.safeParse({ name: 'Run 1', data: sampleJobData() }).success).toBe(true);
    expect(createJobRequestSchema.safeParse({ name: '  ', data: sampleJobData() }).success).toBe(false);
  });
});
