import type { ModelFamily, PreprocessingStep } from '@indicata/contracts';

/** The configuration page of each preprocessing step (spec section 2 route table). */
export const STEP_ROUTES: Record<PreprocessingStep, string> = {
  MissingData: '/dadosausentes',
  Outliers: '/outliers',
  AttributeSelection: '/selecao',
  Discretization: '/discretizacao',
  Sampling: '/balanceamento',
};

/** The configuration page of each model. */
export const MODEL_ROUTES: Record<ModelFamily, string> = {
  ANN: '/ann',
  KNN: '/knn',
  SVM: '/svm',
  DT: '/decisiontree',
  RF: '/randomforest',
};
