import type { JobData } from '@indicata/contracts';
import type { PanelFrame } from '@indicata/engine';
import { demoJobData } from '../../src/modules/jobs/demo-seed.ts';
import { JobConfigError, engineParamName, jobDataToEngineConfig } from '../../src/modules/jobs/map-config.ts';

const frame: PanelFrame = {
  spaceColumn: 'countryName',
  timeColumn: 'year',
  space: ['A', 'B'],
  time: [2000, 2001],
  columns: ['LIFE-SEX_BTSX', 'LIFE-SEX_FMLE', 'GDP', 'BMI-SEX_MLE', 'BMI-SEX_FMLE'].map((name) => ({ name, values: new Float64Array([1, 2]) })),
};
const target = { code: 'LIFE', indicator: 'Life', years: [2000, 2001], regions: [], dimensions: ['SEX_BTSX', 'SEX_FMLE'], coverage: { countries: 2, years: 2, observations: 4, fill: 1 } };
const base = (): JobData => demoJobData(target, 2001);
const context = { frame, targetColumn: 'LIFE-SEX_BTSX', seed: 7, budgetSeconds: 30 };

describe('engineParamName', () => {
  it.each([
    ['RF', 'RFnEstimators', 'n_estimators'],
    ['RF', 'RFminWeightFractionLeaf', 'min_weight_fraction_leaf'],
    ['RF', 'RFoobScore', 'oob_score'],
    ['DT', 'DTrandomState', 'random_state'],
    ['KNN', 'KNNnNeighbors', 'n_neighbors'],
    ['KNN', 'KNNp', 'p'],
    ['SVM', 'SVMC', 'C'],
    ['SVM', 'SVMcoef0', 'coef0'],
    ['ANN', 'ANNbatchSize', 'batch_size'],
    ['ANN', 'ANNdropoutRate', 'dropout_rate'],
  ] as const)('%s %s -> %s', (family, spec, engine) => {
    expect(engineParamName(family, spec)).toBe(engine);
  });
});

describe('jobDataToEngineConfig', () => {
  it('leaves every auto choice to the engine and passes target, split, classes, seed and budget', () => {
    const config = jobDataToEngineConfig(base(), context);
    expect(config.target).toBe('LIFE-SEX_BTSX');
    expect(config.split).toEqual({ mode: 'year', testYear: 2001, testRegion: null });
    expect(config.targetDiscretization).toEqual({ mode: 'automatic', groups: 3, method: 'quantile' });
    expect(config.preprocessing).toEqual({ attributeSelection: { maxFeatures: 20 } });
    expect(config.models).toEqual({ ANN: 'auto', KNN: 'auto', SVM: 'auto', DT: 'auto', RF: 'auto' });
    expect(config.seed).toBe(7);
    expect(config.budgetSeconds).toBe(30);
    expect(config.targetHistory).toBe('auto');
    expect(config.predictionSetLevel).toBe(0.9);
  });

  it("passes the job's target-history mode and prediction-set level", () => {
    const config = jobDataToEngineConfig({ ...base(), targetHistory: 'off', predictionSetLevel: 0.95 }, context);
    expect(config).toMatchObject({ targetHistory: 'off', predictionSetLevel: 0.95 });
  });

  it('maps explicit preprocessing choices and turns steps off', () => {
    const config = jobDataToEngineConfig(
      {
        ...base(),
        maxPercentMissingDatasToPrediction: 'No',
        dataImputation: 'mediana',
        outlierQparameter: [0.2, 0.8],
        minInformationGain: 0.05,
        pearsonCorrelationCut: null,
        BalanceAlgorithm: 'Oversampling',
        indicatorsAnalyzingCode: ['GDP', 'BMI'],
      },
      context,
    );
    expect(config.preprocessing).toEqual({
      missingData: { maxMissingPercent: null, imputation: 'median' },
      outliers: { quantiles: [0.2, 0.8] },
      attributeSelection: { maxFeatures: 20, minInformationGain: 0.05, pearsonCut: null, manualFeatures: ['GDP', 'BMI-SEX_MLE', 'BMI-SEX_FMLE'] },
      balancing: 'Oversampling',
    });
  });

  it('passes a Pearson cut set beside a switched-off information gain, for the engine to apply on its own', () => {
    const config = jobDataToEngineConfig({ ...base(), minInformationGain: null, pearsonCorrelationCut: 0.5 }, context);
    expect(config.preprocessing?.attributeSelection).toEqual({ maxFeatures: 20, minInformationGain: null, pearsonCut: 0.5 });
  });
  it('expands per-attribute discretization to every dimension column of an indicator', () => {
    const features = JSON.stringify([{ indicator: 'BMI', option: 'automatic', groups: 4 }]);
    const config = jobDataToEngineConfig({ ...base(), groupsCategorizationFeatures: features }, context);
    expect(config.preprocessing?.attributeDiscretization).toEqual([
      { indicator: 'BMI-SEX_MLE', option: 'automatic', groups: 4 },
      { indicator: 'BMI-SEX_FMLE', option: 'automatic', groups: 4 },
    ]);
  });
  it("keeps the discretization of an indicator the panel left out (too much missing data), for the engine to skip with a warning", () => {
    const features = JSON.stringify([{ indicator: 'SDGPM25', option: 'automatic', groups: 3 }]);
    const config = jobDataToEngineConfig({ ...base(), groupsCategorizationFeatures: features }, context);
    expect(config.preprocessing?.attributeDiscretization).toEqual([{ indicator: 'SDGPM25', option: 'automatic', groups: 3 }]);
    // A hand-picked input the panel does not have still stops the job: the model would lack what was asked for.
    expect(() => jobDataToEngineConfig({ ...base(), indicatorsAnalyzingCode: ['SDGPM25'] }, context)).toThrow(JobConfigError);
  });

  it('orders manual classes by class number and uses the percentage split', () => {
    const config = jobDataToEngineConfig(
      { ...base(), groupsCategorization: null, groupsCategorizationManual: { '2': ['high', 70, 90], '1': ['low', 40, 70] }, predictionIndicatorYear: null, fracUsedToTest: 25 },
      context,
    );
    expect(config.targetDiscretization).toEqual({ mode: 'manual', classes: [{ title: 'low', min: 40, max: 70 }, { title: 'high', min: 70, max: 90 }] });
    expect(config.split).toEqual({ mode: 'percent', testPercent: 25 });
  });

  it('maps explicit model parameters, dropping per-parameter auto and keeping candidate lists', () => {
    const config = jobDataToEngineConfig(
      {
        ...base(),
        MLAlgorithms: ['RF', 'SVM'],
        RFConfig: {
          RFnEstimators: [200],
          RFcriterion: ['entropy'],
          RFmaxDepth: [null],
          RFminSamplesSplit: 'auto',
          RFminSamplesLeaf: [1, 5],
          RFminWeightFractionLeaf: [0],
          RFmaxFeatures: ['sqrt'],
          RFmaxLeafNodes: [null],
          RFminImpurityDecrease: [0],
          RFbootstrap: [true],
          RFoobScore: [false],
        },
        SVMConfig: { SVMC: [1], SVMkernel: ['rbf'], SVMdegree: [3], SVMgamma: ['scale'], SVMcoef0: [0], SVMshrinking: [true], SVMprobability: [true] },
      },
      context,
    );
    expect(config.models).toEqual({
      RF: {
        n_estimators: 200,
        criterion: 'entropy',
        max_depth: null,
        min_samples_leaf: [1, 5],
        min_weight_fraction_leaf: 0,
        max_features: 'sqrt',
        max_leaf_nodes: null,
        min_impurity_decrease: 0,
        bootstrap: true,
        oob_score: false,
      },
      SVM: { C: 1, kernel: 'rbf', degree: 3, gamma: 'scale', coef0: 0, shrinking: true, probability: true },
    });
  });

  it('refuses an indicator the data does not have, and a test share that leaves no training or test rows', () => {
    expect(() => jobDataToEngineConfig({ ...base(), indicatorsAnalyzingCode: ['NOPE'] }, context)).toThrow(JobConfigError);
    expect(() => jobDataToEngineConfig({ ...base(), predictionIndicatorYear: null, fracUsedToTest: 0 }, context)).toThrow(/above 0 and below 100/);
    expect(() => jobDataToEngineConfig({ ...base(), predictionIndicatorYear: null, fracUsedToTest: 100 }, context)).toThrow(JobConfigError);
  });
});
