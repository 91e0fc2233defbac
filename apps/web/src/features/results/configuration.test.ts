import { buildConfigurationView, unprefixedParameter } from './configuration.ts';
import { enLocale, indicatorName } from '@indicata/contracts';

const stored = {
  database: 'WHO',
  codePredictionIndicator: 'WHOSIS_000001',
  predictionIndicatorRegion: 'Americas',
  predictionIndicatorYear: 2015,
  fracUsedToTest: null,
  groupsCategorization: 3,
  indicatorsAnalyzingCode: ['MDG_0000000001', 'WHS4_100'],
  maxPercentMissingDatasToPrediction: 30,
  minInformationGain: 0.01,
  outlierQparameter: [0.25, 0.75],
  pearsonCorrelationCut: 0.9,
  BalanceAlgorithm: 'Oversampling',
  MLAlgorithms: ['DT', 'RF', 'SVM'],
  // Stored for a family the run did not include: not shown.
  KNNConfig: 'auto',
  DTConfig: { DTcriterion: ['gini'], DTmaxDepth: [4, null], DTsplitter: 'auto' },
  RFConfig: 'auto',
  SVMConfig: { SVMC: [1, 10], SVMkernel: ['rbf'] },
};

describe('configuration as displayed in the detail view', () => {
  it('labels each stored field with the spec label, in order, skipping empty ones', () => {
    const view = buildConfigurationView(stored);
    expect(view).not.toBeNull();
    const labels = view!.lines.map((line) => enLocale.results.config.labels[line.labelKey]);
    expect(labels).toEqual([
      'Predicted Indicator',
      'Predicted Region',
      'Predicted Year',
      'Groups Used for Categorization',
      'Indicators Used as Input',
      'Minimum Percentage for Removing Missing Data',
      'Information Gain',
      'Outlier Parameter',
      'Pearson Correlation Threshold',
      'Balancing Algorithms',
      'ML Algorithms Used',
    ]);
    const value = (field: string) => view!.lines.find((line) => line.field === field)?.value;
    expect(value('indicatorsAnalyzingName')).toBe('MDG_0000000001; WHS4_100');
    expect(value('outlierQparameter')).toBe('0.2500, 0.7500');
    expect(value('MLAlgorithms')).toBe('DT, RF, SVM');
  });

  it('shows the indicators the run used as input when the selection was automatic (nothing stored)', () => {
    const automatic = { ...stored, indicatorsAnalyzingCode: [] };
    const value = (view: ReturnType<typeof buildConfigurationView>) => view!.lines.find((line) => line.field === 'indicatorsAnalyzingName')?.value;
    expect(value(buildConfigurationView(automatic))).toBeUndefined();
    expect(value(buildConfigurationView(automatic, ['GDP', 'WHS4_100']))).toBe('GDP; WHS4_100');
    // What the run kept wins over what was asked for (a manual choice may lose indicators to missing data).
    expect(value(buildConfigurationView(stored, ['WHS4_100']))).toBe('WHS4_100');
  });

  it('has every label of the spec, including the testing fraction when it is set', () => {
    const view = buildConfigurationView({ ...stored, fracUsedToTest: 20, predictionIndicatorYear: null });
    expect(view!.lines.map((l) => enLocale.results.config.labels[l.labelKey])).toContain('Fraction Used for Testing');
    expect(Object.values(enLocale.results.config.labels)).toHaveLength(12);
  });

  it('shows one block per model with unprefixed parameter names', () => {
    const view = buildConfigurationView(stored)!;
    expect(view.models.map((m) => m.family)).toEqual(['DT', 'RF', 'SVM']);
    expect(view.models[0].params).toEqual([
      { name: 'criterion', value: 'gini' },
      { name: 'maxDepth', value: '4, None' },
      { name: 'splitter', value: 'auto' },
    ]);
    expect(view.models[1]).toMatchObject({ family: 'RF', auto: true });
    expect(view.models[2].params.map((p) => p.name)).toEqual(['C', 'kernel']);
    expect(enLocale.results.config.models.DT).toBe('Decision Tree Configuration');
  });

  it("shows only the configurations of the families the job ran, every one when it names none", () => {
    expect(buildConfigurationView({ ...stored, MLAlgorithms: ['RF'] })!.models.map((m) => m.family)).toEqual(['RF']);
    expect(buildConfigurationView({ ...stored, MLAlgorithms: undefined })!.models.map((m) => m.family)).toEqual(['DT', 'KNN', 'RF', 'SVM']);
  });

  it('strips only the family prefix', () => {
    expect(unprefixedParameter('RF', 'RFnEstimators')).toBe('nEstimators');
    expect(unprefixedParameter('KNN', 'KNNp')).toBe('p');
    expect(unprefixedParameter('SVM', 'SVMC')).toBe('C');
    expect(unprefixedParameter('ANN', 'ANNdropoutRate')).toBe('dropoutRate');
    expect(unprefixedParameter('DT', 'criterion')).toBe('criterion');
  });

  it('finds nothing to show in an empty or missing configuration', () => {
    expect(buildConfigurationView(null)).toBeNull();
    expect(buildConfigurationView({})).toBeNull();
    expect(buildConfigurationView('text')).toBeNull();
  });

  it('shows manual target classes when there is no automatic group count', () => {
    const view = buildConfigurationView({ groupsCategorization: null, groupsCategorizationManual: { '1': ['Low', 0, 50], '2': ['High', 50, 100] } })!;
    expect(view.lines).toEqual([{ field: 'groupsCategorization', labelKey: 'groupsForCategorization', value: 'Low [0, 50]; High [50, 100]' }]);
  });

  it('names a WHO target with its dimension and the inputs by their names, with their codes', () => {
    const names = { WHOSIS_000001: 'Life expectancy at birth (years)', MDG_0000000001: 'Infant mortality rate (per 1000 live births)' };
    const nameOf = (column: string) => indicatorName(column, names, 'en', { withCode: true });
    const view = buildConfigurationView({ ...stored, predictionIndicatorDimensions: ['SEX_FMLE'] }, [], nameOf);
    const value = (field: string) => view!.lines.find((line) => line.field === field)?.value;
    expect(value('codePredictionIndicator')).toBe('Life expectancy at birth (years), female (WHOSIS_000001-SEX_FMLE)');
    // A code the catalog does not know stays as it is.
    expect(value('indicatorsAnalyzingName')).toBe('Infant mortality rate (per 1000 live births) (MDG_0000000001); WHS4_100');
  });
});
