import { autoJobSettings, DEFAULT_PREDICTION_SET_LEVEL, type JobData } from './job-config.ts';
import { defaultDimension, WHO_DATABASE, WHO_REGION_DIMENSION, WHO_TIME_DIMENSION, type WhoIndicator } from './who.ts';

/** What a job built in code (the demo's example, benchmarks) chooses beyond the automatic settings. */
export interface WhoJobChoices {
  families: JobData['MLAlgorithms'];
  seed: number;
  /** The test year; the indicator's latest year when absent, so training uses every earlier year. */
  testYear?: number;
  budgetSeconds?: number;
  locale?: JobData['locale'];
}

/**
 * A WHO job on one target indicator with every preprocessing step and family setting on auto: the target's default
 * dimension, history of the target on auto, the default prediction-set level.
 * @param target the target indicator, as the catalog lists it
 * @param choices the families, seed and optional test year, budget and locale
 */
export function whoAutoJobData(target: WhoIndicator, choices: WhoJobChoices): JobData {
  return {
    ...autoJobSettings(),
    locale: choices.locale ?? 'en',
    database: WHO_DATABASE,
    uploadId: null,
    codePredictionIndicator: target.code,
    predictionIndicatorDimensions: target.dimensions.length > 0 ? [defaultDimension(target.dimensions)] : [],
    predictionIndicatorYear: choices.testYear ?? Math.max(...target.years),
    MLAlgorithms: choices.families,
    timeDimension: WHO_TIME_DIMENSION,
    regionDimension: WHO_REGION_DIMENSION,
    seed: choices.seed,
    targetHistory: 'auto',
    predictionSetLevel: DEFAULT_PREDICTION_SET_LEVEL,
    ...(choices.budgetSeconds === undefined ? {} : { budgetSeconds: choices.budgetSeconds }),
  };
}
