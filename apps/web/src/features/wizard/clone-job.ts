/**
 * The inverse of buildJobData: a stored job's configuration back into the wizard, so a job can be cloned,
 * changed and run again. buildJobData(wizardStateFromJob(data)) gives `data` back (tested), apart from
 * values the wizard cannot express (they come back as the wizard's nearest choice).
 */
import {
  AUTO,
  MODEL_FAMILIES,
  PREPROCESSING_STEPS,
  WHO_DATABASE,
  type JobData,
  type ModelFamily,
  type PreprocessingStep,
} from '@indicata/contracts';
import { PREPROCESSING_PARAM_KEYS } from './build-job-data.ts';
import { MODEL_PARAMS } from './params.ts';
import { ALL_REGIONS, initialWizardState, type ParamSettings, type WizardState } from './state.ts';

type StepMode = 'off' | 'auto' | 'explicit';

/** A candidate list as the Customize input shows it: "None" for null, "True"/"False", comma separated. */
export function paramText(values: readonly unknown[]): string {
  return values.map((v) => (v === null ? 'None' : v === true ? 'True' : v === false ? 'False' : String(v))).join(', ');
}

function modelSettings(family: ModelFamily, config: unknown): ParamSettings {
  const settings: ParamSettings = { values: {}, auto: {} };
  if (config === AUTO || typeof config !== 'object' || config === null) return settings;
  for (const def of MODEL_PARAMS[family]) {
    const value = (config as Record<string, unknown>)[def.field];
    if (Array.isArray(value)) {
      settings.values[def.key] = paramText(value);
      settings.auto[def.key] = false;
    } else {
      settings.auto[def.key] = true;
    }
  }
  return settings;
}

function missingData(data: JobData): [StepMode, ParamSettings] {
  const keys = PREPROCESSING_PARAM_KEYS.MissingData;
  const removal = data.maxPercentMissingDatasToPrediction;
  const imputation = data.dataImputation;
  if (removal === 'No' && imputation === 'nenhum') return ['off', { values: {}, auto: {} }];
  if (removal === AUTO && imputation === AUTO) return ['auto', { values: {}, auto: {} }];
  return [
    'explicit',
    {
      values: { [keys.removal]: removal === AUTO ? '' : String(removal), [keys.imputation]: imputation === AUTO ? '' : imputation },
      auto: { [keys.removal]: removal === AUTO, [keys.imputation]: imputation === AUTO },
    },
  ];
}

function outliers(data: JobData): [StepMode, ParamSettings] {
  const key = PREPROCESSING_PARAM_KEYS.Outliers.iqr;
  const q = data.outlierQparameter;
  if (q === 'none') return ['off', { values: {}, auto: {} }];
  if (q === AUTO) return ['auto', { values: {}, auto: {} }];
  return ['explicit', { values: { [key]: `${q[0]}/${q[1]}` }, auto: { [key]: false } }];
}

function selection(data: JobData): [StepMode, ParamSettings] {
  const keys = PREPROCESSING_PARAM_KEYS.AttributeSelection;
  const gain = data.minInformationGain;
  const pearson = data.pearsonCorrelationCut;
  if (gain === null && pearson === null) return ['off', { values: {}, auto: {} }];
  if (gain === AUTO && pearson === AUTO) return ['auto', { values: {}, auto: {} }];
  // On this page the per-rule toggle means "Disable": a rule without a number is disabled.
  const number = (v: unknown) => (typeof v === 'number' ? String(v) : '');
  return [
    'explicit',
    {
      values: { [keys.informationGain]: number(gain), [keys.pearson]: number(pearson) },
      auto: { [keys.informationGain]: typeof gain !== 'number', [keys.pearson]: typeof pearson !== 'number' },
    },
  ];
}

function discretization(data: JobData): StepMode {
  if (data.groupsCategorizationFeatures === '') return 'off';
  if (data.groupsCategorizationFeatures === AUTO) return 'auto';
  return 'explicit';
}

function sampling(data: JobData): [StepMode, ParamSettings] {
  const key = PREPROCESSING_PARAM_KEYS.Sampling.balance;
  if (data.BalanceAlgorithm === 'none') return ['off', { values: {}, auto: {} }];
  if (data.BalanceAlgorithm === AUTO) return ['auto', { values: {}, auto: {} }];
  return ['explicit', { values: { [key]: data.BalanceAlgorithm }, auto: { [key]: false } }];
}

/**
 * The wizard state that rebuilds a job's configuration.
 * @param data the job's stored configuration
 * @param name the name for the new request (e.g. "<name> (copy)")
 * @param fileName how an upload is shown (its readable name); WHO needs none
 */
export function wizardStateFromJob(data: JobData, name: string, fileName: string | null = null): WizardState {
  const base = initialWizardState();
  const useWho = data.database === WHO_DATABASE;
  const [missingMode, missingSettings] = missingData(data);
  const [outlierMode, outlierSettings] = outliers(data);
  const [selectionMode, selectionSettings] = selection(data);
  const [samplingMode, samplingSettings] = sampling(data);
  const modes: Record<PreprocessingStep, StepMode> = {
    MissingData: missingMode,
    Outliers: outlierMode,
    AttributeSelection: selectionMode,
    Discretization: discretization(data),
    Sampling: samplingMode,
  };
  const preprocessingAuto = PREPROCESSING_STEPS.every((step) => modes[step] === 'auto');
  const modelsAuto = MODEL_FAMILIES.every((family) => data.MLAlgorithms.includes(family) && data[`${family}Config`] === AUTO);
  const params = { ...base.params, MissingData: missingSettings, Outliers: outlierSettings, AttributeSelection: selectionSettings, Sampling: samplingSettings };
  for (const family of MODEL_FAMILIES) params[family] = modelSettings(family, data[`${family}Config`]);
  const byYear = data.predictionIndicatorYear !== null;
  return {
    ...base,
    name,
    useWho,
    database: data.database,
    uploadId: useWho ? null : data.uploadId,
    fileName: useWho ? null : (fileName ?? data.database),
    regionDimension: data.regionDimension,
    timeDimension: data.timeDimension,
    targetCode: data.codePredictionIndicator,
    targetLabel: data.codePredictionIndicator,
    targetDimensions: [...data.predictionIndicatorDimensions],
    predictionMode: byYear ? 'spatialTemporal' : 'percentageTesting',
    targetYear: byYear ? String(data.predictionIndicatorYear) : '',
    targetRegion: byYear ? (data.predictionIndicatorRegion ?? ALL_REGIONS) : '',
    testPercent: data.fracUsedToTest === null ? '' : String(data.fracUsedToTest),
    discretizationMode: data.groupsCategorizationManual ? 'manual' : 'automatic',
    groupsCategorization: data.groupsCategorizationManual ? null : data.groupsCategorization,
    discretizationMethod: data.groupsCategorizationMethod,
    manualClasses: data.groupsCategorizationManual
      ? Object.entries(data.groupsCategorizationManual)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, [title, min, max]]) => ({ title, min: String(min), max: String(max) }))
      : null,
    groupsCategorizationFeatures: modes.Discretization === 'explicit' ? data.groupsCategorizationFeatures : '',
    indicatorsAnalyzingCode: [...data.indicatorsAnalyzingCode],
    preprocessingAuto,
    preprocessingSteps: preprocessingAuto ? [...PREPROCESSING_STEPS] : PREPROCESSING_STEPS.filter((step) => modes[step] !== 'off'),
    stepAuto: Object.fromEntries(PREPROCESSING_STEPS.map((step) => [step, modes[step] !== 'explicit'])) as Record<PreprocessingStep, boolean>,
    modelsAuto,
    models: modelsAuto ? [...MODEL_FAMILIES] : MODEL_FAMILIES.filter((f) => data.MLAlgorithms.includes(f)),
    modelAuto: Object.fromEntries(MODEL_FAMILIES.map((f) => [f, data[`${f}Config`] === AUTO])) as Record<ModelFamily, boolean>,
    params,
    budgetSeconds: data.budgetSeconds ?? base.budgetSeconds,
    seed: data.seed === undefined ? '' : String(data.seed),
    targetHistory: data.targetHistory,
    predictionSetLevel: data.predictionSetLevel,
    lastJobId: null,
  };
}
