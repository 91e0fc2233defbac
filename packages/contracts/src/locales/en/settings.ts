/**
 * A job's settings by their labels, keyed by the job configuration's fields (contracts/src/job-config.ts), for views
 * that list stored settings (the compare view) instead of the field names.
 */
export const settings = {
  fields: {
    database: 'Data source',
    uploadId: 'Uploaded file',
    codePredictionIndicator: 'Predicted indicator',
    predictionIndicatorDimensions: 'Dimension of the predicted indicator',
    predictionIndicatorYear: 'Target year',
    predictionIndicatorRegion: 'Target region',
    maxPercentMissingDatasToPrediction: 'Remove indicators missing more than (%)',
    dataImputation: 'Data imputation',
    minInformationGain: 'Minimum information gain',
    totalIndicatorsUseToPrediction: 'Most indicators used',
    indicatorsAnalyzingCode: 'Indicators chosen as input',
    groupsCategorization: 'Number of target groups',
    groupsCategorizationMethod: 'How the target groups are cut',
    groupsCategorizationManual: 'Manual target classes',
    groupsCategorizationFeatures: 'Attribute discretization',
    groupsCategorizationRange: 'Group range',
    typeML: 'Task',
    outlierQparameter: 'Outlier quantiles',
    fracUsedToTest: 'Percentage for testing (%)',
    pearsonCorrelationCut: 'Pearson correlation cut',
    BalanceAlgorithm: 'Balancing algorithm',
    MLAlgorithms: 'Models',
    timeDimension: 'Time column',
    regionDimension: 'Region column',
    ANNConfig: 'ANN settings',
    KNNConfig: 'KNN settings',
    SVMConfig: 'SVM settings',
    DTConfig: 'Decision tree settings',
    RFConfig: 'Random forest settings',
    seed: 'Seed',
    budgetSeconds: 'Time budget (seconds)',
    targetHistory: "Target's own history as input",
    predictionSetLevel: 'Prediction sets: how often they hold the true class',
    locale: 'Language of the report and e-mail',
  },
  /** A model parameter: "Decision tree: max_depth". */
  parameter: '{family}: {parameter}',
  /** One class of manual target classes: "Manual target class 1". */
  manualClass: 'Manual target class {number}',
  families: { ANN: 'ANN', KNN: 'KNN', SVM: 'SVM', DT: 'Decision tree', RF: 'Random forest' },
  auto: 'automatic',
} as const;
