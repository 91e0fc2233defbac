import { autoMLResultsSchema, type AutoMLResults, type ModelResult } from '@indicata/contracts';

/**
 * A small, valid AutoMLResults for tests of the report writer (and the end-to-end suite): three classes,
 * RF and KNN, a year split, a correlation matrix, outliers, baselines and a CV gap. Validated by the schema.
 */
function model(algorithm: 'RF' | 'KNN', matrix: number[][], macroF1: number, accuracy: number): ModelResult {
  const labels = ['Low', 'Medium', 'High'];
  const predictions = matrix.flatMap((row, actual) =>
    row.flatMap((count, predicted) =>
      Array.from({ length: count }, (_, k) => ({
        space: `Country ${actual}-${predicted}-${k}`,
        region: 'Americas',
        time: 2015 + (k % 2),
        actual: labels[actual]!,
        predicted: labels[predicted]!,
        actualIndex: actual,
        predictedIndex: predicted,
        correct: actual === predicted,
        actualValue: 50 + actual * 10,
        outlier: false,
        imputed: k === 0,
      })),
    ),
  );
  return {
    algorithm,
    params: algorithm === 'RF' ? { n_estimators: 200, max_depth: 8, criterion: 'gini' } : { n_neighbors: 7, weights: 'distance', scaler: 'standard' },
    paramsSource: 'auto',
    validationMacroF1: macroF1 + 0.02,
    validationMacroF1Std: 0.031,
    test: { TotalIntances: predictions.length, accuracy, macroPrecision: macroF1, macroRecall: macroF1, macroF1, weightedF1: macroF1 + 0.01, MAE: 0.3, MAPE: 0.2, MSE: 0.35, RMSE: 0.5916, KGE: 0.71 },
    predictions,
    confusionMatrix: { labels, matrix },
    hyperparameters: [{ rank_test_score: 1, params: { n_estimators: 200 }, mean_test_score: macroF1 + 0.02, std_test_score: 0.031, fold_scores: [0.7, 0.75, 0.8], scaler: null }],
    impurityImportance: algorithm === 'RF' ? [{ Feature: 'GDP', Importance: 0.4123 }, { Feature: 'Doctors', Importance: 0.2871 }, { Feature: 'Water', Importance: 0.1502 }] : null,
    permutationImportance: null,
    search: { evaluated: 24, planned: 30, budgetBound: true, seconds: 12.5 },
    fitSeconds: 1.2,
  };
}

export function resultsFixture(): AutoMLResults {
  const rf = model('RF', [[20, 3, 0], [4, 15, 2], [0, 1, 5]], 0.7642, 0.8);
  const knn = model('KNN', [[18, 5, 0], [6, 12, 3], [1, 2, 3]], 0.6135, 0.66);
  const row = (Algorithm: string, Category: string, n: number, f1: number) => ({ Algorithm, Category, TotalIntances: n, Accuracy: 0.8, precision: f1, recall: f1, f1, MAE: 0.2, MAPE: 0.1, MSE: 0.3, RMSE: 0.5477, KGE: 0.7 });
  return autoMLResultsSchema.parse({
    format: 'indicata-results',
    version: 1,
    best: 'RF',
    bestReason: 'RF has the highest validation macro-F1 (0.7842).',
    seed: 42,
    elapsedSeconds: 40.2,
    budgetSeconds: 120,
    labels: { space: 'countryName', region: 'regionName', time: 'year', target: 'LIFE' },
    classes: [
      { index: 0, title: 'Low', min: 40, max: 60, trainCount: 310, testCount: 23 },
      { index: 1, title: 'Medium', min: 60, max: 70, trainCount: 180, testCount: 21 },
      { index: 2, title: 'High', min: 70, max: 85, trainCount: 42, testCount: 6 },
    ],
    split: {
      mode: 'year', testYear: 2016, testRegion: null, testPercent: null, actualTestFraction: 0.086,
      trainYears: [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015], testYears: [2016],
      trainRows: 532, testRows: 50,
      folds: [{ validationYears: [2013], trainRows: 400, validationRows: 33 }, { validationYears: [2014], trainRows: 433, validationRows: 33 }, { validationYears: [2015], trainRows: 466, validationRows: 33 }],
      description: 'Trained on 2000-2015 and tested on 2016 (50 rows).',
    },
    preprocessing: {
      missingData: { maxMissingPercent: 50, imputation: 'median', removedColumns: [{ name: 'Rare', missingPercent: 72.5 }], droppedTrainRows: 0, imputedTestRows: 7, rowsWithoutTarget: 12, nonNumericCells: 0 },
      outliers: { quantiles: [0.25, 0.75], k: 1.5, lower: 31.25, upper: 96.75, removedTrainRows: 4, flaggedTestRows: 1 },
      targetDiscretization: { mode: 'automatic', method: 'equal-width', requestedGroups: 3, unassignedRows: 0 },
      attributeSelection: { mode: 'automatic', minInformationGain: 0.05, maxFeatures: 20, pearsonCut: 0.95, igBins: 10 },
      attributeDiscretization: [],
      balancing: { algorithm: 'none', description: 'No balancing.', syntheticRows: 0, removedRows: 0, classCountsBefore: [310, 180, 42], classCountsAfter: [310, 180, 42] },
      scaling: 'standard',
    },
    resultados: [row('RF', 'Low', 23, 0.8511), row('RF', 'Medium', 21, 0.7317), row('RF', 'High', 6, 0.7143), row('RF', 'macro avg', 50, 0.7657), row('KNN', 'Low', 23, 0.7660), row('KNN', 'macro avg', 50, 0.6135)],
    summary: [row('RF', 'macro avg', 50, 0.7657), row('KNN', 'macro avg', 50, 0.6135)],
    models: { RF: rf, KNN: knn },
    baselines: [
      { name: 'majority', description: 'Always the most frequent training class.', test: { ...rf.test, accuracy: 0.46, macroF1: 0.21, weightedF1: 0.29 } },
      { name: 'persistence', description: "The region's class in its latest earlier year.", test: { ...rf.test, accuracy: 0.72, macroF1: 0.6801, weightedF1: 0.7 }, fallbackRows: 2 },
    ],
    cvGap: { algorithm: 'RF', forwardChaining: 0.7842, randomKFold: 0.8633, gap: 0.0791, folds: 5 },
    usedIndicators: [
      { indicatorAnalyzingName: 'GDP', missingDatasPercent: 3.2, ig: 0.4412, pearson: 0.61 },
      { indicatorAnalyzingName: 'Doctors', missingDatasPercent: 12.8, ig: 0.3021, pearson: 0.55 },
      { indicatorAnalyzingName: 'Water', missingDatasPercent: 5, ig: 0.2104, pearson: 0.48 },
    ],
    unusedIndicators: [{ indicatorAnalyzingName: 'Rare', missingDatasPercent: 72.5, ig: null, pearson: null, reason: 'too many missing values' }],
    correlationMatrix: {
      labels: ['GDP', 'Doctors', 'Water', 'LIFE'],
      values: [
        [1, 0.7214, 0.3301, 0.6102],
        [0.7214, 1, 0.2807, 0.5513],
        [0.3301, 0.2807, 1, 0.4799],
        [0.6102, 0.5513, 0.4799, 1],
      ],
    },
    outliers: [
      { space: 'Chad', region: 'Africa', time: 2003, value: 28.4, set: 'train', action: 'removed' },
      { space: 'Japan', region: 'Western Pacific', time: 2016, value: 97.1, set: 'test', action: 'flagged' },
    ],
    warnings: ['The smallest class has only 6 test rows.'],
  });
}
