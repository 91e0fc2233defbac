import { AUTO, hyperParameterOfField, parseFeatureDiscretization, type JobData, type ModelFamily } from '@indicata/contracts';
import { DEFAULT_MAX_MISSING_PERCENT, type EngineConfigInput, type PanelFrame } from '@indicata/engine';

const IMPUTATION = { nenhum: 'none', media: 'mean', mediana: 'median' } as const;

/** Per-family prefix of the spec's parameter names (RFnEstimators -> n_estimators). */
const PREFIX: Record<ModelFamily, string> = { ANN: 'ANN', KNN: 'KNN', SVM: 'SVM', DT: 'DT', RF: 'RF' };

/**
 * The engine's (scikit-learn's) name of one of the spec's model parameters: the hyper-parameter table's, else
 * derived from the spelling (a field of a job stored before the table listed it).
 * @param family model family whose prefix is removed
 * @param specName e.g. RFminSamplesSplit, SVMC, ANNdropoutRate
 */
export function engineParamName(family: ModelFamily, specName: string): string {
  const known = hyperParameterOfField(family, specName);
  if (known) return known.sklearn;
  const bare = specName.startsWith(PREFIX[family]) ? specName.slice(PREFIX[family].length) : specName;
  if (bare === 'C') return 'C';
  const lowerFirst = bare.charAt(0).toLowerCase() + bare.slice(1);
  return lowerFirst.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * Explicit model parameters for the engine: a parameter left on 'auto' is omitted (the engine's default);
 * a one-value list becomes that value; a longer list stays a list of candidates to search.
 */
function explicitParams(family: ModelFamily, config: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config)) {
    if (value === AUTO || value === undefined) continue;
    const key = engineParamName(family, name);
    params[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return params;
}

/**
 * The frame columns that stand for an indicator code: the column of that name, or, for WHO indicators
 * with dimensions, every `CODE-<dimension>` column.
 */
export function columnsForIndicator(frame: PanelFrame, code: string): string[] {
  return frame.columns.map((c) => c.name).filter((name) => name === code || name.startsWith(`${code}-`));
}

/** The job cannot run as configured; the message is shown to its owner. */
export class JobConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobConfigError';
  }
}

export interface MappingContext {
  /** The panel the job runs on (names the target and feature columns). */
  frame: PanelFrame;
  /** Name of the target column in the frame. */
  targetColumn: string;
  seed: number;
  budgetSeconds: number;
  /** Fit threads for the engine; null or absent: one per core (the engine's default). */
  workers?: number | null;
}

/**
 * The missing-data threshold a job asks for: its setting, `No` as null (never remove), `auto` as the engine's default.
 * @param data the job's stored request
 */
export function jobMaxMissingPercent(data: JobData): number | null {
  const setting = data.maxPercentMissingDatasToPrediction;
  return setting === AUTO ? DEFAULT_MAX_MISSING_PERCENT : setting === 'No' ? null : setting;
}

/**
 * Maps the spec's job `data` object onto the engine's configuration.
 * 'auto' anywhere leaves the engine's documented default; 'No'/'none'/null turn a step off.
 * @param data the validated job configuration
 * @param context the frame, its target column, the run's seed and time budget
 * @throws JobConfigError when the configuration cannot apply to this data (e.g. an unknown indicator)
 */
export function jobDataToEngineConfig(data: JobData, context: MappingContext): EngineConfigInput {
  const { frame } = context;
  const expand = (codes: string[]): string[] => {
    const columns: string[] = [];
    for (const code of codes) {
      const matched = columnsForIndicator(frame, code);
      if (matched.length === 0) throw new JobConfigError(`The indicator "${code}" is not in the chosen data.`);
      for (const column of matched) if (column !== context.targetColumn && !columns.includes(column)) columns.push(column);
    }
    return columns;
  };

  const preprocessing: NonNullable<EngineConfigInput['preprocessing']> = {};
  const missingData: Record<string, unknown> = {};
  if (data.maxPercentMissingDatasToPrediction !== AUTO) missingData.maxMissingPercent = jobMaxMissingPercent(data);
  if (data.dataImputation !== AUTO) missingData.imputation = IMPUTATION[data.dataImputation];
  if (Object.keys(missingData).length > 0) preprocessing.missingData = missingData as never;

  if (data.outlierQparameter !== AUTO) {
    preprocessing.outliers = { quantiles: data.outlierQparameter === 'none' ? null : [...data.outlierQparameter] as [number, number] };
  }

  const selection: Record<string, unknown> = { maxFeatures: data.totalIndicatorsUseToPrediction };
  if (data.minInformationGain !== AUTO) selection.minInformationGain = data.minInformationGain;
  if (data.pearsonCorrelationCut !== AUTO) selection.pearsonCut = data.pearsonCorrelationCut;
  if (data.indicatorsAnalyzingCode.length > 0) selection.manualFeatures = expand(data.indicatorsAnalyzingCode);
  preprocessing.attributeSelection = selection as never;

  if (data.groupsCategorizationFeatures !== AUTO && data.groupsCategorizationFeatures !== '') {
    const entries = parseFeatureDiscretization(data.groupsCategorizationFeatures) ?? [];
    // The door checked each indicator exists; one the WHO frame then left out for missing data keeps its code, so the
    // engine says its discretization was skipped (the attribute is not used) instead of the job failing.
    const columnsOf = (code: string) => (columnsForIndicator(frame, code).length > 0 ? expand([code]) : [code]);
    preprocessing.attributeDiscretization = entries.flatMap((entry) =>
      columnsOf(entry.indicator).map((column) =>
        entry.option === 'automatic'
          ? { indicator: column, option: 'automatic' as const, groups: entry.groups }
          : { indicator: column, option: 'manual' as const, classes: entry.classes },
      ),
    );
  }
  if (data.BalanceAlgorithm !== AUTO) preprocessing.balancing = data.BalanceAlgorithm;

  const split: EngineConfigInput['split'] =
    data.predictionIndicatorYear !== null
      ? { mode: 'year', testYear: data.predictionIndicatorYear, testRegion: data.predictionIndicatorRegion }
      : { mode: 'percent', testPercent: data.fracUsedToTest ?? 0 };
  if (split.mode === 'percent' && (split.testPercent <= 0 || split.testPercent >= 100)) {
    throw new JobConfigError('The percentage for testing must leave rows for both training and testing: choose a value above 0 and below 100.');
  }

  const targetDiscretization: EngineConfigInput['targetDiscretization'] =
    data.groupsCategorizationManual !== null
      ? {
          mode: 'manual',
          classes: Object.entries(data.groupsCategorizationManual)
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([, [title, min, max]]) => ({ title, min, max })),
        }
      : { mode: 'automatic', groups: data.groupsCategorization ?? 1, method: data.groupsCategorizationMethod };

  const models: EngineConfigInput['models'] = {};
  for (const family of data.MLAlgorithms) {
    const config = data[`${family}Config` as const];
    models[family] = config === AUTO ? 'auto' : explicitParams(family, config as Record<string, unknown>);
  }

  return {
    target: context.targetColumn,
    split,
    targetDiscretization,
    preprocessing,
    models,
    budgetSeconds: context.budgetSeconds,
    seed: context.seed,
    targetHistory: data.targetHistory,
    predictionSetLevel: data.predictionSetLevel,
    ...(context.workers != null ? { workers: context.workers } : {}),
  };
}
