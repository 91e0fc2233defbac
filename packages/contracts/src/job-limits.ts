/**
 * Size limits of a job configuration, checked on the raw request before the
 * schema, so that a 10 MB name or a list of a million entries is refused at once with a message that says
 * what is too big and by how much, instead of being stored or failing later in the worker.
 */
import { formatMessage } from './messages.ts';
import { MODEL_FAMILIES } from './options.ts';

export const JOB_LIMITS = {
  /** Characters of the job's name. */
  nameMaxChars: 200,
  /** Characters of any other text field (database, target code, dimensions, region ...). */
  textMaxChars: 500,
  /** Indicators chosen by hand (indicatorsAnalyzingCode). */
  indicatorsMax: 1_000,
  /** Target dimensions (predictionIndicatorDimensions). */
  dimensionsMax: 20,
  /** Candidate values of one model parameter. */
  candidatesMax: 20,
  /** Characters of the per-attribute discretization text. */
  featureDiscretizationMaxChars: 200_000,
} as const;

/** Messages of refused configurations ({placeholders} filled by formatMessage). */
export const JOB_LIMIT_MESSAGES = {
  jobNameTooLong: 'The name has {count} characters; at most {max} are allowed.',
  jobTextTooLong: 'The field {field} has {count} characters; at most {max} are allowed.',
  jobListTooLong: 'The configuration lists {count} {what}; at most {max} are allowed.',
  jobDuplicateFamily: 'The model list names {family} more than once; list each model once.',
  jobUnknownIndicators: 'The chosen data has no indicator {codes}. Choose indicators from the chosen data.',
  jobUnknownTarget: 'The chosen data has no indicator {code} to predict. Choose the target again.',
  jobQuotaExceeded: 'You already have {count} jobs waiting or running; at most {max} are allowed at once. Wait for one to finish, then submit again.',
} as const;
/** Messages of the per-user quotas (QUOTA_* settings). */
export const QUOTA_MESSAGES = {
  uploadQuotaExceeded: 'Your uploads would take {total}; at most {max} are allowed per person. Delete uploads you no longer need, then try again.',
  eventStreamsExceeded: 'This session already has {count} live-update connections open; at most {max} are allowed. Close other tabs of Indicata, then reload.',
} as const;

export type JobLimitMessageKey = keyof typeof JOB_LIMIT_MESSAGES;

export interface JobLimitProblem {
  key: JobLimitMessageKey;
  message: string;
  /** The offending field, for the answer's `fields`. */
  field: string;
}

const count = (n: number) => n.toLocaleString('en-US');

function problem(key: JobLimitMessageKey, field: string, values: Record<string, string | number>): JobLimitProblem {
  return { key, field, message: formatMessage(JOB_LIMIT_MESSAGES[key], values) };
}

const TEXT_FIELDS = ['database', 'uploadId', 'codePredictionIndicator', 'predictionIndicatorRegion', 'timeDimension', 'regionDimension'] as const;
const MODEL_CONFIGS = ['ANNConfig', 'KNNConfig', 'SVMConfig', 'DTConfig', 'RFConfig'] as const;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The first size problem of a raw job request (name and `data`), or null. Only sizes and repeated model
 * families are checked here; types and values are the schema's.
 * @param name the request's `name` as received
 * @param data the request's `data` as received
 */
export function jobSizeProblem(name: unknown, data: unknown): JobLimitProblem | null {
  if (typeof name === 'string' && name.trim().length > JOB_LIMITS.nameMaxChars) {
    return problem('jobNameTooLong', 'name', { count: count(name.trim().length), max: count(JOB_LIMITS.nameMaxChars) });
  }
  const d = record(data);
  if (!d) return null;
  for (const field of TEXT_FIELDS) {
    const value = d[field];
    if (typeof value === 'string' && value.length > JOB_LIMITS.textMaxChars) {
      return problem('jobTextTooLong', field, { field, count: count(value.length), max: count(JOB_LIMITS.textMaxChars) });
    }
  }
  const lists: [string, string, number][] = [
    ['indicatorsAnalyzingCode', 'indicators', JOB_LIMITS.indicatorsMax],
    ['predictionIndicatorDimensions', 'target dimensions', JOB_LIMITS.dimensionsMax],
    ['MLAlgorithms', 'models', MODEL_FAMILIES.length],
  ];
  for (const [field, what, max] of lists) {
    const value = d[field];
    if (Array.isArray(value) && value.length > max) return problem('jobListTooLong', field, { count: count(value.length), what, max: count(max) });
  }
  for (const field of ['indicatorsAnalyzingCode', 'predictionIndicatorDimensions'] as const) {
    const value = d[field];
    if (!Array.isArray(value)) continue;
    const long = value.find((v): v is string => typeof v === 'string' && v.length > JOB_LIMITS.textMaxChars);
    if (long !== undefined) return problem('jobTextTooLong', field, { field, count: count(long.length), max: count(JOB_LIMITS.textMaxChars) });
  }
  if (Array.isArray(d.MLAlgorithms)) {
    const seen = new Set<unknown>();
    for (const family of d.MLAlgorithms) {
      if (seen.has(family)) return problem('jobDuplicateFamily', 'MLAlgorithms', { family: String(family).slice(0, 20) });
      seen.add(family);
    }
  }
  const features = d.groupsCategorizationFeatures;
  if (typeof features === 'string' && features.length > JOB_LIMITS.featureDiscretizationMaxChars) {
    return problem('jobTextTooLong', 'groupsCategorizationFeatures', { field: 'groupsCategorizationFeatures', count: count(features.length), max: count(JOB_LIMITS.featureDiscretizationMaxChars) });
  }
  for (const config of MODEL_CONFIGS) {
    const params = record(d[config]);
    if (!params) continue;
    for (const [param, candidates] of Object.entries(params)) {
      if (Array.isArray(candidates) && candidates.length > JOB_LIMITS.candidatesMax) {
        return problem('jobListTooLong', `${config}.${param}`, { count: count(candidates.length), what: `candidate values of ${param.slice(0, 40)}`, max: count(JOB_LIMITS.candidatesMax) });
      }
    }
  }
  const manual = record(d.groupsCategorizationManual);
  if (manual) {
    for (const [key, value] of Object.entries(manual)) {
      const title = Array.isArray(value) ? value[0] : undefined;
      if (typeof title === 'string' && title.length > JOB_LIMITS.textMaxChars) {
        return problem('jobTextTooLong', `groupsCategorizationManual.${key}`, { field: 'class title', count: count(title.length), max: count(JOB_LIMITS.textMaxChars) });
      }
    }
  }
  return null;
}
