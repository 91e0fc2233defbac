/**
 * Maps the wizard state onto the job configuration of spec section 3 (contracts job-config.ts).
 * A model or step is sent as 'auto' when its auto flag is on, with explicit parameters otherwise;
 * a step that is not selected is sent with its "off" value. The result is checked by runAutoMLChecks
 * and then by jobDataSchema before it is sent: this function never throws on incomplete input.
 */
import {
  AUTO,
  BALANCE_ALGORITHMS,
  GROUPS_CATEGORIZATION_RANGE,
  IMPUTATION_OPTIONS,
  MODEL_FAMILIES,
  TASK_TYPE,
  TOTAL_INDICATORS_USED_FOR_PREDICTION,
  type BalanceAlgorithm,
  type Imputation,
  type JobData,
  type ModelFamily,
  type PreprocessingStep,
  type ReportLocale,
} from '@indicata/contracts';
import { MODEL_PARAMS, parseParamText } from './params.ts';
import { ALL_REGIONS, type ParamSettings, type WizardState } from './state.ts';

/** Keys of the preprocessing pages' settings (the ParamSettings of each page). */
export const PREPROCESSING_PARAM_KEYS = {
  MissingData: { removal: 'remove_attributes', imputation: 'imputation' },
  Outliers: { iqr: 'iqr' },
  AttributeSelection: { informationGain: 'information_gain', pearson: 'pearson_correlation', manual: 'manual_selection' },
  Sampling: { balance: 'balance' },
} as const;

function isAuto(settings: ParamSettings, key: string): boolean {
  return settings.auto[key] !== false;
}

/** A model's config: 'auto', or every parameter as 'auto' or its list of candidates. */
export function buildModelConfig(state: WizardState, family: ModelFamily): 'auto' | Record<string, unknown> {
  if (state.modelsAuto || state.modelAuto[family]) return AUTO;
  const settings = state.params[family];
  const config: Record<string, unknown> = {};
  for (const def of MODEL_PARAMS[family]) {
    const parsed = isAuto(settings, def.key) ? null : parseParamText(def.kind, settings.values[def.key] ?? '');
    config[def.field] = parsed && parsed.ok && parsed.values.length > 0 ? parsed.values : AUTO;
  }
  return config;
}

function stepState(state: WizardState, step: PreprocessingStep): 'off' | 'auto' | 'explicit' {
  if (state.preprocessingAuto) return 'auto';
  if (!state.preprocessingSteps.includes(step)) return 'off';
  return state.stepAuto[step] ? 'auto' : 'explicit';
}

function numberOrNull(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function missingDataFields(state: WizardState): Pick<JobData, 'maxPercentMissingDatasToPrediction' | 'dataImputation'> {
  const mode = stepState(state, 'MissingData');
  if (mode === 'off') return { maxPercentMissingDatasToPrediction: 'No', dataImputation: 'nenhum' };
  if (mode === 'auto') return { maxPercentMissingDatasToPrediction: AUTO, dataImputation: AUTO };
  const s = state.params.MissingData;
  const keys = PREPROCESSING_PARAM_KEYS.MissingData;
  const removalText = s.values[keys.removal] ?? '';
  const removal = isAuto(s, keys.removal) ? AUTO : removalText === 'No' ? 'No' : (numberOrNull(removalText) ?? AUTO);
  const imputationText = s.values[keys.imputation] ?? '';
  const imputation = isAuto(s, keys.imputation)
    ? AUTO
    : (IMPUTATION_OPTIONS as readonly string[]).includes(imputationText)
      ? (imputationText as Imputation)
      : AUTO;
  return { maxPercentMissingDatasToPrediction: removal, dataImputation: imputation };
}

function outlierField(state: WizardState): JobData['outlierQparameter'] {
  const mode = stepState(state, 'Outliers');
  if (mode === 'off') return 'none';
  if (mode === 'auto') return AUTO;
  const s = state.params.Outliers;
  const key = PREPROCESSING_PARAM_KEYS.Outliers.iqr;
  if (isAuto(s, key)) return AUTO;
  const text = s.values[key] ?? '';
  if (text === 'none') return 'none';
  const [low, high] = text.split('/').map(Number);
  return Number.isFinite(low) && Number.isFinite(high) ? [low, high] : AUTO;
}

function selectionFields(state: WizardState): Pick<JobData, 'minInformationGain' | 'pearsonCorrelationCut'> {
  const mode = stepState(state, 'AttributeSelection');
  if (mode === 'off') return { minInformationGain: null, pearsonCorrelationCut: null };
  if (mode === 'auto') return { minInformationGain: AUTO, pearsonCorrelationCut: AUTO };
  // On Attribute Selection the per-parameter toggle reads "Disable": on means the rule is not applied.
  const s = state.params.AttributeSelection;
  const keys = PREPROCESSING_PARAM_KEYS.AttributeSelection;
  return {
    minInformationGain: isAuto(s, keys.informationGain) ? null : numberOrNull(s.values[keys.informationGain]),
    pearsonCorrelationCut: isAuto(s, keys.pearson) ? null : numberOrNull(s.values[keys.pearson]),
  };
}

function featureDiscretizationField(state: WizardState): string {
  const mode = stepState(state, 'Discretization');
  if (mode === 'off') return '';
  if (mode === 'auto') return AUTO;
  return state.groupsCategorizationFeatures;
}

function balanceField(state: WizardState): JobData['BalanceAlgorithm'] {
  const mode = stepState(state, 'Sampling');
  if (mode === 'off') return 'none';
  if (mode === 'auto') return AUTO;
  const s = state.params.Sampling;
  const key = PREPROCESSING_PARAM_KEYS.Sampling.balance;
  const text = s.values[key] ?? '';
  if (isAuto(s, key) || !(BALANCE_ALGORITHMS as readonly string[]).includes(text)) return AUTO;
  return text as BalanceAlgorithm;
}

function manualClassTable(state: WizardState): JobData['groupsCategorizationManual'] {
  if (state.discretizationMode !== 'manual' || !state.manualClasses || state.manualClasses.length === 0) return null;
  const table: Record<string, [string, number, number]> = {};
  state.manualClasses.forEach((row, index) => {
    table[String(index + 1)] = [row.title.trim(), Number(row.min), Number(row.max)];
  });
  return table;
}

/**
 * The `data` object of a job from the wizard state.
 * @param state the request-in-progress state
 * @param locale the interface language the job is submitted in (its report and e-mail are written in it)
 */
export function buildJobData(state: WizardState, locale: ReportLocale = 'en'): JobData {
  const models = state.modelsAuto ? [...MODEL_FAMILIES] : MODEL_FAMILIES.filter((m) => state.models.includes(m));
  const year = numberOrNull(state.targetYear);
  return {
    locale,
    database: state.database,
    uploadId: state.useWho ? null : state.uploadId,
    codePredictionIndicator: state.targetCode,
    predictionIndicatorDimensions: [...state.targetDimensions],
    predictionIndicatorYear: year,
    predictionIndicatorRegion: state.targetRegion.trim() === '' || state.targetRegion === ALL_REGIONS ? null : state.targetRegion,
    ...missingDataFields(state),
    ...selectionFields(state),
    totalIndicatorsUseToPrediction: TOTAL_INDICATORS_USED_FOR_PREDICTION,
    indicatorsAnalyzingCode: [...state.indicatorsAnalyzingCode],
    groupsCategorization: state.discretizationMode === 'automatic' ? state.groupsCategorization : null,
    groupsCategorizationMethod: state.discretizationMethod,
    groupsCategorizationManual: manualClassTable(state),
    groupsCategorizationFeatures: featureDiscretizationField(state),
    groupsCategorizationRange: GROUPS_CATEGORIZATION_RANGE,
    typeML: TASK_TYPE,
    outlierQparameter: outlierField(state),
    // Kept as typed so a value out of 0..100 reaches the range check instead of vanishing.
    fracUsedToTest: state.testPercent.trim() === '' ? null : Number(state.testPercent),
    BalanceAlgorithm: balanceField(state),
    MLAlgorithms: models,
    timeDimension: state.timeDimension,
    regionDimension: state.regionDimension,
    ANNConfig: buildModelConfig(state, 'ANN') as JobData['ANNConfig'],
    KNNConfig: buildModelConfig(state, 'KNN') as JobData['KNNConfig'],
    SVMConfig: buildModelConfig(state, 'SVM') as JobData['SVMConfig'],
    DTConfig: buildModelConfig(state, 'DT') as JobData['DTConfig'],
    RFConfig: buildModelConfig(state, 'RF') as JobData['RFConfig'],
    targetHistory: state.targetHistory,
    predictionSetLevel: state.predictionSetLevel,
    budgetSeconds: state.budgetSeconds,
    // Kept as typed so a seed that is not a whole number reaches the schema check instead of vanishing.
    ...(state.seed.trim() === '' ? {} : { seed: Number(state.seed) }),
  };
}
