/**
 * Option sets and fixed values from the product specification (sections 3 and 9).
 * Every screen, the server and the engine read them from here.
 */

export const TASK_TYPE = 'Classification' as const;
export const TOTAL_INDICATORS_USED_FOR_PREDICTION = 20;
export const GROUPS_CATEGORIZATION_RANGE = 0;

export const PREPROCESSING_STEPS = ['MissingData', 'Outliers', 'AttributeSelection', 'Discretization', 'Sampling'] as const;
export type PreprocessingStep = (typeof PREPROCESSING_STEPS)[number];

/** Order used by the Home page and the submitted MLAlgorithms list. */
export const MODEL_FAMILIES = ['ANN', 'KNN', 'SVM', 'DT', 'RF'] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

/** "Remove attributes with missing data": No, or more than 95, 90 ... 5 percent. */
export const MISSING_DATA_REMOVAL_OPTIONS: readonly (number | 'No')[] = [
  'No', 95, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5,
];

/** Stored values of the imputation choice (Portuguese in the stored data, as in the first version). */
export const IMPUTATION_OPTIONS = ['nenhum', 'media', 'mediana'] as const;
export type Imputation = (typeof IMPUTATION_OPTIONS)[number];

/** Outlier IQR quantile pairs; null means no outlier removal. */
export const OUTLIER_QUANTILE_PAIRS = [
  [0.1, 0.9],
  [0.2, 0.8],
  [0.25, 0.75],
] as const;
export type OutlierQuantilePair = readonly [number, number];

export const BALANCE_ALGORITHMS = [
  'none',
  'Oversampling',
  'Undersampling',
  'OversamplingTemporal',
  'OversamplingSpatialByRegionAndTemporal',
  'OversamplingSpatialByCountryAndTemporal',
] as const;
export type BalanceAlgorithm = (typeof BALANCE_ALGORITHMS)[number];
/** Balancing options that need the WHO region/country structure (health database only). */
export const WHO_ONLY_BALANCE_ALGORITHMS: readonly BalanceAlgorithm[] = [
  'OversamplingSpatialByRegionAndTemporal',
  'OversamplingSpatialByCountryAndTemporal',
];

/** Automatic target discretization methods (equal-width is the original behaviour). */
export const DISCRETIZATION_METHODS = ['equal-width', 'quantile', 'kmeans'] as const;
export type DiscretizationMethod = (typeof DISCRETIZATION_METHODS)[number];
/**
 * The automatic cut when none is chosen: quantile classes, which every test year can judge. On the 19 bench panels
 * (3 classes, `npx tsx bench/discretization.ts`) equal-width classes of skewed rates left a class with 0-9 test rows
 * on 12 panels (9 class-check warnings) and made a test macro-F1 five times less precise (median bootstrap standard
 * error 0.032 against 0.006); quantile classes gave no warning.
 */
export const DEFAULT_DISCRETIZATION_METHOD: DiscretizationMethod = 'quantile';

export const TREE_CRITERIA = ['gini', 'entropy', 'log_loss'] as const;
export type TreeCriterion = (typeof TREE_CRITERIA)[number];
export const DT_SPLITTERS = ['best', 'random'] as const;
export type DtSplitter = (typeof DT_SPLITTERS)[number];
export const KNN_WEIGHTS = ['uniform', 'distance'] as const;
export type KnnWeights = (typeof KNN_WEIGHTS)[number];
export const KNN_ALGORITHMS = ['ball_tree', 'kd_tree', 'brute', 'auto'] as const;
export type KnnAlgorithm = (typeof KNN_ALGORITHMS)[number];
export const SVM_KERNELS = ['linear', 'poly', 'rbf', 'sigmoid', 'precomputed'] as const;
export type SvmKernel = (typeof SVM_KERNELS)[number];
export const SVM_GAMMA_KEYWORDS = ['scale', 'auto'] as const;
export const ANN_ACTIVATIONS = ['relu', 'tanh', 'elu', 'leaky_relu'] as const;
export type AnnActivation = (typeof ANN_ACTIVATIONS)[number];
export const ANN_OPTIMIZERS = ['adam', 'rmsprop', 'sgd'] as const;
export type AnnOptimizer = (typeof ANN_OPTIMIZERS)[number];
export const MAX_FEATURES_KEYWORDS = ['sqrt', 'log2', 'None'] as const;

/** Prediction modes of Target Selection. */
export const PREDICTION_MODES = ['spatialTemporal', 'percentageTesting'] as const;
export type PredictionMode = (typeof PREDICTION_MODES)[number];
