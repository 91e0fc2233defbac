/**
 * The compare view's tables, as pure functions: which configuration settings differ between jobs, and
 * their scores side by side.
 */
import type { AutoMLResults, IndicatorNames, JobData, JobStatus, ModelFamily, ReportLocale, ResultAlgorithm } from '@indicata/contracts';
import { databaseLabel } from '../results/format.ts';
import { dimensionWords, hyperParameterOfField, indicatorName, MODEL_FAMILIES, parseFeatureDiscretization, whoColumnName } from '@indicata/contracts';

export interface ComparedJob {
  id: string;
  name: string;
  status: JobStatus;
  data: JobData;
  results: AutoMLResults | null;
}

/** A flat view of a configuration: dotted paths to displayable values (lists joined, objects as JSON). */
export function flattenConfig(value: unknown, prefix = ''): Record<string, string> {
  if (value === null || value === undefined) return prefix ? { [prefix]: String(value) } : {};
  if (Array.isArray(value)) return { [prefix]: value.map((v) => (v === null ? 'None' : typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') };
  if (typeof value === 'object') {
    const out: Record<string, string> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) Object.assign(out, flattenConfig(inner, prefix ? `${prefix}.${key}` : key));
    return out;
  }
  return { [prefix]: String(value) };
}

/** Settings that never differ in a way worth showing (constants of the spec). */
const IGNORED = new Set(['typeML', 'groupsCategorizationRange', 'totalIndicatorsUseToPrediction']);

/**
 * The settings whose value differs between at least two jobs, in the configuration's order; a setting one
 * job lacks shows as '—'.
 * @returns rows of [setting path, value per job]
 */
export function configDifferences(jobs: readonly { data: unknown }[], none = '—'): { setting: string; values: string[] }[] {
  const flat = jobs.map((job) => flattenConfig(job.data));
  const keys: string[] = [];
  for (const f of flat) for (const key of Object.keys(f)) if (!keys.includes(key) && !IGNORED.has(key.split('.')[0])) keys.push(key);
  return keys
    .map((setting) => ({ setting, values: flat.map((f) => f[setting] ?? none) }))
    .filter((row) => new Set(row.values).size > 1);
}

/** i18next's `t`, as far as these functions use it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const CONFIG_FAMILY = /^(ANN|KNN|SVM|DT|RF)Config$/;

/**
 * The label of a setting's dotted path (as configDifferences gives it): the field's label, a model parameter as
 * "Decision tree: max_depth", a manual class by its number; the path itself for a field without a label.
 */
export function settingLabel(setting: string, t: Translate): string {
  const dot = setting.indexOf('.');
  const field = dot < 0 ? setting : setting.slice(0, dot);
  const inner = dot < 0 ? undefined : setting.slice(dot + 1);
  const label = t(`settings:fields.${field}`, { defaultValue: '' });
  if (!label) return setting;
  if (inner === undefined) return label;
  const family = CONFIG_FAMILY.exec(field)?.[1] as ModelFamily | undefined;
  if (family) return t('settings:parameter', { family: t(`settings:families.${family}`), parameter: hyperParameterOfField(family, inner)?.sklearn ?? inner });
  if (field === 'groupsCategorizationManual') return t('settings:manualClass', { number: inner });
  return `${label}: ${inner}`;
}

/** Settings whose stored value is a key of a label (`{value}` is replaced by the value). */
const CHOICES: Partial<Record<string, string>> = {
  maxPercentMissingDatasToPrediction: 'wizard:missing.removal{value}',
  outlierQparameter: 'wizard:outliers.{value}',
  dataImputation: 'wizard:missing.{value}',
  groupsCategorizationMethod: 'wizard:target.methods.{value}',
  BalanceAlgorithm: 'wizard:balancing.options.{value}',
  targetHistory: 'jobs:settings.targetHistoryModes.{value}',
  locale: 'results:report.languages.{value}',
};

/**
 * A job's configuration as the compare view shows it: the predicted indicator and the chosen inputs by their names
 * with their codes (lists of names, which hold commas, cut by semicolons), the target's dimensions in words,
 * choices (missing data, outliers, imputation, cut, balancing, history, language, 'auto') by their labels, an unset
 * setting as a dash; every other value as stored.
 * @param data the job's stored configuration
 * @param names code -> WHO name for this job (none for an upload: its columns are names already)
 * @param t the translation function; `locale` the reader's language
 */
export function displayedConfig(data: JobData, names: IndicatorNames, t: Translate, locale: ReportLocale): Record<string, unknown> {
  const indicator = (column: string) => indicatorName(column, names, locale, { withCode: true });
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    const choice = CHOICES[field];
    if (value === 'auto') out[field] = t('settings:auto');
    // A setting left unset (no target region, no Pearson cut ...) reads as a setting one job lacks.
    else if (value === null) out[field] = t('jobs:compare.none');
    else if (choice && typeof value === 'string') out[field] = t(choice.replace('{value}', value), { defaultValue: value });
    else out[field] = value;
  }
  // An upload by its file's name, as the results list shows it, not the name it is stored under.
  if (typeof data.database === 'string') out.database = databaseLabel(data.database);
  const dimensions = Array.isArray(data.predictionIndicatorDimensions) ? data.predictionIndicatorDimensions : [];
  if (typeof data.codePredictionIndicator === 'string') out.codePredictionIndicator = indicator(whoColumnName(data.codePredictionIndicator, dimensions.length === 1 ? dimensions[0] : ''));
  if (dimensions.length > 0) out.predictionIndicatorDimensions = dimensions.map((key) => dimensionWords(key, locale)).join('; ');
  if (Array.isArray(data.indicatorsAnalyzingCode)) out.indicatorsAnalyzingCode = data.indicatorsAnalyzingCode.map(indicator).join('; ');
  // The attribute discretization is stored as JSON text: each indicator by its name, with its groups or classes.
  const discretized = typeof data.groupsCategorizationFeatures === 'string' && data.groupsCategorizationFeatures.startsWith('[') ? parseFeatureDiscretization(data.groupsCategorizationFeatures) : null;
  if (discretized) {
    out.groupsCategorizationFeatures = discretized
      .map((entry) =>
        entry.option === 'automatic'
          ? `${indicator(entry.indicator)}: ${t('wizard:discretization.automatic')} (${entry.groups})`
          : `${indicator(entry.indicator)}: ${t('wizard:discretization.manual')} (${Object.values(entry.classes).map((c) => c.title).join(', ')})`,
      )
      .join('; ');
  }
  return out;
}

export interface ScoreRow {
  key: 'chosenModel' | 'validationF1' | 'testF1' | 'testAccuracy' | 'familyTestF1' | 'baselineTestF1';
  /** For familyTestF1: a family, the ensemble or the trend rule. */
  family?: ResultAlgorithm;
  /** For baselineTestF1. */
  baseline?: 'persistence' | 'majority';
  /** One cell per job: a number (a score), a string (the chosen model) or null (no results). */
  values: (number | string | null)[];
}

/**
 * Scores of each job: its chosen model with validation and test macro-F1 and test accuracy, then the test macro-F1
 * of every family, the ensemble and the trend rule, and of the baselines every run is measured against (rows only
 * for what some job has).
 */
export function scoreRows(jobs: readonly Pick<ComparedJob, 'results'>[]): ScoreRow[] {
  const best = (r: AutoMLResults | null) => (r ? r.models[r.best] : undefined);
  const rows: ScoreRow[] = [
    { key: 'chosenModel', values: jobs.map((j) => j.results?.best ?? null) },
    { key: 'validationF1', values: jobs.map((j) => best(j.results)?.validationMacroF1 ?? null) },
    { key: 'testF1', values: jobs.map((j) => best(j.results)?.test.macroF1 ?? null) },
    { key: 'testAccuracy', values: jobs.map((j) => best(j.results)?.test.accuracy ?? null) },
  ];
  for (const family of [...MODEL_FAMILIES, 'Ensemble', 'Trend'] as const) {
    const values = jobs.map((j) => j.results?.models[family]?.test.macroF1 ?? null);
    if (values.some((v) => v !== null)) rows.push({ key: 'familyTestF1', family, values });
  }
  for (const baseline of ['persistence', 'majority'] as const) {
    const values = jobs.map((j) => (Array.isArray(j.results?.baselines) ? j.results.baselines.find((b) => b.name === baseline)?.test.macroF1 ?? null : null));
    if (values.some((v) => v !== null)) rows.push({ key: 'baselineTestF1', baseline, values });
  }
  return rows;
}

/** The ids in the compare page's address: `?ids=a,b,c` (unique, in order). */
export function parseCompareIds(text: string | null): string[] {
  return [...new Set((text ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/** The compare page's path for some jobs. */
export const comparePath = (ids: readonly string[]) => `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
