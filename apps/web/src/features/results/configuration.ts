import { hyperParameterOfField, MODEL_FAMILIES, whoColumnName, type ModelFamily } from '@indicata/contracts';
import { formatCell } from './format.ts';

/**
 * The stored configuration as the detail view shows it (spec section 3, "Configuration as displayed
 * in the detail view"): one labelled line per field, then one block per model whose parameters
 * appear without their family prefix (RFnEstimators -> nEstimators).
 */

/** Stored field -> i18n key under results:config.labels, in display order. */
export const CONFIGURATION_FIELDS = [
  ['codePredictionIndicator', 'predictedIndicator'],
  ['predictionIndicatorRegion', 'predictedRegion'],
  ['predictionIndicatorYear', 'predictedYear'],
  ['fracUsedToTest', 'fractionForTesting'],
  ['groupsCategorization', 'groupsForCategorization'],
  ['indicatorsAnalyzingName', 'indicatorsAsInput'],
  ['maxPercentMissingDatasToPrediction', 'minPercentMissingData'],
  ['minInformationGain', 'informationGain'],
  ['outlierQparameter', 'outlierParameter'],
  ['pearsonCorrelationCut', 'pearsonThreshold'],
  ['BalanceAlgorithm', 'balancingAlgorithms'],
  ['MLAlgorithms', 'mlAlgorithms'],
] as const;

export type ConfigurationLabelKey = (typeof CONFIGURATION_FIELDS)[number][1];

/** Model config fields, in the order of the spec's list; the label key is the family. */
export const MODEL_CONFIG_FIELDS = [
  ['DTConfig', 'DT'],
  ['KNNConfig', 'KNN'],
  ['RFConfig', 'RF'],
  ['SVMConfig', 'SVM'],
  ['ANNConfig', 'ANN'],
] as const;
export type ConfigFamily = (typeof MODEL_CONFIG_FIELDS)[number][1];

/** Older or alternative names of a stored field, tried when the main one is absent. */
const FIELD_FALLBACKS: Partial<Record<string, string[]>> = {
  indicatorsAnalyzingName: ['indicatorsAnalyzingCode'],
};

export interface ConfigurationLine {
  field: string;
  labelKey: ConfigurationLabelKey;
  value: string;
}

export interface ModelConfigurationBlock {
  field: string;
  family: ConfigFamily;
  /** 'auto' when the model's parameters were chosen by the search. */
  auto: boolean;
  params: { name: string; value: string }[];
}

export interface ConfigurationView {
  lines: ConfigurationLine[];
  models: ModelConfigurationBlock[];
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0)
  );
}

/**
 * The detail view's name of a stored parameter (SVMC -> C, KNNnNeighbors -> nNeighbors): the hyper-parameter
 * table's, else the name without its family prefix (a field of an older job the table no longer lists).
 */
export function unprefixedParameter(family: string, name: string): string {
  const known = (MODEL_FAMILIES as readonly string[]).includes(family) ? hyperParameterOfField(family as ModelFamily, name) : undefined;
  if (known) return known.detail;
  return name.startsWith(family) && name.length > family.length ? name.slice(family.length) : name;
}

/** Lists comma separated, scikit-learn's None for null, manual classes as "title [min, max]". */
function displayValue(value: unknown): string {
  if (value === null) return 'None';
  if (Array.isArray(value)) return value.map((item) => displayValue(item)).join(', ');
  return formatCell(value);
}

function manualClassesText(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => Array.isArray(item));
  if (entries.length === 0) return undefined;
  return entries
    .map(([, item]) => {
      const [title, min, max] = item as [unknown, unknown, unknown];
      return `${String(title)} [${formatCell(min)}, ${formatCell(max)}]`;
    })
    .join('; ');
}

/**
 * Builds the configuration view from a job's stored data; fields that are absent or empty are left out.
 * @param data the submitted configuration (`data` of GET /api/jobs/:id)
 * @param usedIndicators the names of the indicators the run used as input (its results' `usedIndicators`), shown as
 *   "Indicators Used as Input" in place of the submitted list: with automatic attribute selection that list is empty,
 *   and a manual one may lose indicators to missing data; only the run knows which it kept
 * @param nameOf an indicator column in words (a WHO code by its name, see useIndicatorNames); the column by default
 * @returns null when nothing displayable is stored ("No configuration found.")
 */
export function buildConfigurationView(data: unknown, usedIndicators: readonly string[] = [], nameOf: (column: string) => string = (column) => column): ConfigurationView | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const pick = (field: string): unknown => {
    if (field === 'codePredictionIndicator' && typeof record[field] === 'string' && record[field] !== '') {
      // The target's column: its code with the one dimension chosen, as the run named it.
      const dimensions = Array.isArray(record.predictionIndicatorDimensions) ? record.predictionIndicatorDimensions : [];
      return nameOf(whoColumnName(record[field], dimensions.length === 1 && typeof dimensions[0] === 'string' ? dimensions[0] : ''));
    }
    if (!isEmpty(record[field])) return record[field];
    if (field === 'indicatorsAnalyzingName' && usedIndicators.length > 0) return [...usedIndicators];
    for (const alternative of FIELD_FALLBACKS[field] ?? []) if (!isEmpty(record[alternative])) return record[alternative];
    if (field === 'groupsCategorization') return manualClassesText(record.groupsCategorizationManual);
    return undefined;
  };

  const lines: ConfigurationLine[] = [];
  for (const [field, labelKey] of CONFIGURATION_FIELDS) {
    const value = pick(field);
    if (isEmpty(value)) continue;
    // Indicator names hold commas ("Life expectancy at birth (years), female"), so a list of them is cut by semicolons.
    const text = field === 'indicatorsAnalyzingName' && Array.isArray(value) ? value.map((column) => nameOf(String(column))).join('; ') : displayValue(value);
    lines.push({ field, labelKey, value: text });
  }

  const models: ModelConfigurationBlock[] = [];
  // The stored request keeps a config (often 'auto') for every family; only the families it ran are shown.
  const ran = Array.isArray(record.MLAlgorithms) && record.MLAlgorithms.length > 0 ? (record.MLAlgorithms as unknown[]) : null;
  for (const [field, family] of MODEL_CONFIG_FIELDS) {
    if (ran && !ran.includes(family)) continue;
    const value = record[field];
    if (value === 'auto') {
      models.push({ field, family, auto: true, params: [] });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const params = Object.entries(value as Record<string, unknown>).map(([name, inner]) => ({
        name: unprefixedParameter(family, name),
        value: inner === 'auto' || inner === undefined ? 'auto' : displayValue(inner),
      }));
      models.push({ field, family, auto: params.length === 0, params });
    }
  }

  return lines.length === 0 && models.length === 0 ? null : { lines, models };
}
