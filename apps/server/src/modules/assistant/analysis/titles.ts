import { localIndicatorTitle, type ReportLocale } from '@indicata/contracts';
import type { AnalysisDataset } from './dataset.ts';

/**
 * The analyst understands a question against WHO's English titles (its vocabulary rewrites Portuguese words into
 * them), and writes the answer in the reader's language: these copies carry the titles the answer shows. WHO column
 * names are `CODE` or `CODE-DIMENSION`, so the code is what comes before the first dash.
 */

type Titled = { name: string; label: string };

function isTitled(value: object): value is Titled {
  return typeof (value as Titled).name === 'string' && typeof (value as Titled).label === 'string';
}

function retitle<T>(value: T, locale: ReportLocale): T {
  if (Array.isArray(value)) return value.map((item: unknown) => retitle(item, locale)) as T;
  // Plain records only: typed arrays of values and maps are passed on as they are.
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = retitle(item, locale);
  if (isTitled(value)) copy.label = localIndicatorTitle(value.name.split('-')[0]!, value.label, locale);
  return copy as T;
}

/**
 * A computation's outcome and its dataset with every indicator (`{ name, label }`) titled in the reader's language;
 * unchanged for English and for an upload, whose column names are the user's own.
 * @param outcome what the analyst computed
 * @param dataset the data it computed on
 * @param locale the language of the answer
 */
export function titledForReader<T>(outcome: T, dataset: AnalysisDataset, locale: ReportLocale): { outcome: T; dataset: AnalysisDataset } {
  if (locale === 'en' || dataset.kind !== 'who') return { outcome, dataset };
  return { outcome: retitle(outcome, locale), dataset: { ...dataset, columns: retitle(dataset.columns, locale) } };
}
