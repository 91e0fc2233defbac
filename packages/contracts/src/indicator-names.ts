import { z } from 'zod';
import type { AutoMLResults, FeatureImportanceRow, IndicatorRow } from './results.ts';
import type { ReportLocale } from './report.ts';
import { who as whoEn } from './locales/en/who.ts';
import { who as whoPt } from './locales/pt-BR/who.ts';
import { WHO_INDICATOR_TITLES_PT_BR } from './locales/pt-BR/who-indicator-titles.ts';

/**
 * Indicators by their names. A WHO job's results name their columns by code (`WHOSIS_000004-SEX_FMLE`, and the
 * target's history `MDG_0000000007 (previous known value)`); a person reads "Adult mortality rate (...), female". The
 * names are the catalog's labels of the codes the job used, stored with its results (`indicatorNames`) so the page, the
 * report, the e-mail and the download name indicators alike and a later catalog change does not rename a finished
 * job; dimension words and history suffixes come from the locales. An upload's columns are names already and stay.
 */

/** Catalog code -> its WHO label, for the codes a job's results use. */
export const indicatorNamesSchema = z.record(z.string(), z.string());
export type IndicatorNames = z.infer<typeof indicatorNamesSchema>;

/** The results with the names the server stores beside them (absent for uploads and for jobs run before the names). */
export type ResultsWithNames = AutoMLResults & { indicatorNames?: IndicatorNames };

/** The names stored with a job's results; empty when there are none. */
export function resultIndicatorNames(results: AutoMLResults | null | undefined): IndicatorNames {
  const names = (results as ResultsWithNames | null | undefined)?.indicatorNames;
  return names && typeof names === 'object' ? names : {};
}

/**
 * A WHO indicator's title in the reader's language: the translation when the locale has one for the code, else the
 * catalog's own (English) title.
 * @param code the catalog code (`WHOSIS_000001`)
 * @param title the catalog's title of the code
 * @param locale the reader's language
 */
export function localIndicatorTitle(code: string, title: string, locale: ReportLocale = 'en'): string {
  return locale === 'pt-BR' && Object.hasOwn(WHO_INDICATOR_TITLES_PT_BR, code) ? WHO_INDICATOR_TITLES_PT_BR[code]! : title;
}

/** The target-history columns' suffixes (the engine's `historyColumnNames`), in each language. */
const HISTORY_SUFFIXES: Record<ReportLocale, Record<string, string>> = {
  en: {
    'previous known value': 'previous known value',
    'previous known class': 'previous known class',
    'years since previous value': 'years since previous value',
    'change per year': 'change per year',
    'projected value': 'projected value',
    'projected class': 'projected class',
  },
  'pt-BR': {
    'previous known value': 'valor conhecido anterior',
    'previous known class': 'classe conhecida anterior',
    'years since previous value': 'anos desde o valor anterior',
    'change per year': 'variação por ano',
    'projected value': 'valor projetado',
    'projected class': 'classe projetada',
  },
};

const HISTORY_PATTERN = new RegExp(`^(.+) \\((${Object.keys(HISTORY_SUFFIXES.en).join('|')})\\)$`);

/**
 * Whether a results column is one of the target's own history columns (previous value and class, years since, the
 * trend), as the engine names it or as `indicatorName` writes it in the locale: they are inputs, not indicators.
 * @param column a column as results carry it, raw or named
 * @param locale the language the column was named in
 */
export function isTargetHistoryColumn(column: string, locale: ReportLocale = 'en'): boolean {
  return HISTORY_PATTERN.test(column) || Object.values(HISTORY_SUFFIXES[locale]).some((suffix) => column.endsWith(` (${suffix})`));
}

const DIMENSION_LABELS: Record<ReportLocale, Record<string, string>> = { en: whoEn.dimensionLabels, 'pt-BR': whoPt.dimensionLabels };
const YEARS_WORD: Record<ReportLocale, string> = { en: 'years', 'pt-BR': 'anos' };

/**
 * A WHO dimension key in words, as it reads after the indicator's name: "SEX_FMLE" -> "female",
 * "AGEGROUP_YEARS15-49" -> "15-49 years"; two keys joined by "+" are both said; an unknown key stays as it is.
 */
export function dimensionWords(key: string, locale: ReportLocale = 'en'): string {
  return key
    .split('+')
    .map((part) => {
      const known = (DIMENSION_LABELS[locale] as Record<string, string>)[part];
      if (known) return known.charAt(0).toLocaleLowerCase(locale) + known.slice(1);
      const age = /^AGEGROUP_YEARS(\d+)(?:-(\d+|PLUS))?$/.exec(part);
      if (age) return `${age[1]}${age[2] === 'PLUS' ? '+' : age[2] ? `-${age[2]}` : ''} ${YEARS_WORD[locale]}`;
      return part;
    })
    .join(', ');
}

/** The catalog code and dimension key of a frame column (`CODE` or `CODE-SEX_FMLE`), when `names` knows the code. */
export function splitWhoColumn(column: string, names: IndicatorNames): { code: string; dimension: string } | null {
  if (Object.hasOwn(names, column)) return { code: column, dimension: '' };
  const dash = column.indexOf('-');
  if (dash <= 0) return null;
  const code = column.slice(0, dash);
  return Object.hasOwn(names, code) ? { code, dimension: column.slice(dash + 1) } : null;
}

export interface IndicatorNameOptions {
  /** Adds the column's code in parentheses ("Life expectancy at birth (years), female (WHOSIS_000001-SEX_FMLE)"). */
  withCode?: boolean;
  /**
   * Leaves out the label's parenthesised units and definitions ("Under-five mortality rate, female (previous known
   * value)"), for a chart's axis: a long label cut there would hide the dimension and the history suffix that tell
   * its columns apart.
   */
  short?: boolean;
}

/** A label without its parenthesised parts; the label as it is when nothing else would be left. */
function shortLabel(label: string): string {
  const short = label.replace(/\s*\([^()]*\)/g, '').replace(/\s+/g, ' ').trim();
  return short === '' ? label : short;
}

/**
 * A results column in words: a WHO code by its name and dimension ("Life expectancy at birth (years), female"), a
 * target-history column by its indicator's name and the suffix in the reader's language; a column `names` does not know
 * (an upload's, which is a name already) stays as it is, its history suffix translated.
 * @param column the column as the results name it
 * @param names code -> label (`resultIndicatorNames`)
 * @param locale the reader's language
 */
export function indicatorName(column: string, names: IndicatorNames, locale: ReportLocale = 'en', options: IndicatorNameOptions = {}): string {
  const history = HISTORY_PATTERN.exec(column);
  if (history) return `${indicatorName(history[1]!, names, locale, options)} (${HISTORY_SUFFIXES[locale][history[2]!]})`;
  const who = splitWhoColumn(column, names);
  if (!who) return column;
  const title = localIndicatorTitle(who.code, names[who.code]!, locale);
  const label = options.short ? shortLabel(title) : title;
  const name = who.dimension === '' ? label : `${label}, ${dimensionWords(who.dimension, locale)}`;
  // A label that is only its code (some catalog entries have no label) is not repeated.
  return options.withCode && names[who.code] !== who.code ? `${name} (${column})` : name;
}

/**
 * The codes of the catalog that results columns use (`CODE` of `CODE`, `CODE-SEX_FMLE`, `CODE (previous known value)`),
 * judged against the catalog's labels.
 * @param columns results columns
 * @param labels every code -> label of the catalog
 */
export function namesOfColumns(columns: Iterable<string>, labels: IndicatorNames): IndicatorNames {
  const out: IndicatorNames = {};
  for (const column of columns) {
    const base = HISTORY_PATTERN.exec(column)?.[1] ?? column;
    const who = splitWhoColumn(base, labels);
    if (who) out[who.code] = labels[who.code]!;
  }
  return out;
}

/** Every column the results name an indicator by: target, inputs used or not, correlations, importances, removals. */
export function resultColumns(results: AutoMLResults): string[] {
  const columns = new Set<string>(results.labels?.target ? [results.labels.target] : []);
  for (const row of [...(results.usedIndicators ?? []), ...(results.unusedIndicators ?? [])]) columns.add(row.indicatorAnalyzingName);
  for (const label of results.correlationMatrix?.labels ?? []) columns.add(label);
  for (const model of Object.values(results.models ?? {})) {
    for (const row of [...(model?.impurityImportance ?? []), ...(model?.permutationImportance ?? [])]) columns.add(row.Feature);
  }
  for (const removed of results.preprocessing?.missingData?.removedColumns ?? []) columns.add(removed.name);
  for (const entry of results.preprocessing?.attributeDiscretization ?? []) columns.add(entry.indicator);
  return [...columns];
}

/**
 * A copy of the results whose indicator columns read as names (target, used and unused indicators, correlation labels,
 * importances, removed columns, discretized attributes, and quoted columns in the warnings), for what people read: the
 * report's facts and prose, the page's tables and charts. The stored results keep their codes, which models and
 * predictions need.
 * @param results the job's results
 * @param locale the reader's language
 * @param names code -> label; by default those stored with the results
 */
export function withIndicatorNames(results: AutoMLResults, locale: ReportLocale = 'en', names: IndicatorNames = resultIndicatorNames(results), options: IndicatorNameOptions = {}): AutoMLResults {
  const name = (column: string) => (typeof column === 'string' ? indicatorName(column, names, locale, options) : column);
  // Results come from storage and older versions: a part that is missing or malformed is passed on as it is.
  const list = <T>(value: T[] | null | undefined, rename: (item: T) => T): T[] | null | undefined => (Array.isArray(value) ? value.map(rename) : value);
  const importance = (rows: FeatureImportanceRow[] | null) => list(rows, (row) => ({ ...row, Feature: name(row.Feature) })) as FeatureImportanceRow[] | null;
  const indicators = (rows: IndicatorRow[]) => list(rows, (row) => ({ ...row, indicatorAnalyzingName: name(row.indicatorAnalyzingName) })) as IndicatorRow[];
  const models = Object.fromEntries(
    Object.entries(results.models ?? {}).map(([key, model]) => [key, model ? { ...model, impurityImportance: importance(model.impurityImportance), permutationImportance: importance(model.permutationImportance) } : model]),
  ) as AutoMLResults['models'];
  const { missingData, attributeDiscretization } = results.preprocessing ?? {};
  const preprocessing = results.preprocessing && {
    ...results.preprocessing,
    missingData: missingData && { ...missingData, removedColumns: list(missingData.removedColumns, (column) => ({ ...column, name: name(column.name) }))! },
    attributeDiscretization: list(attributeDiscretization, (entry) => ({ ...entry, indicator: name(entry.indicator) }))!,
  };
  const matrix = results.correlationMatrix;
  return {
    ...results,
    labels: results.labels && { ...results.labels, target: name(results.labels.target) },
    usedIndicators: indicators(results.usedIndicators),
    unusedIndicators: indicators(results.unusedIndicators),
    correlationMatrix: matrix && { ...matrix, labels: list(matrix.labels, name)! },
    models,
    preprocessing,
    // The engine quotes a column it names in a warning ('Manual attribute "WHS9_86" was removed ...').
    warnings: list(results.warnings, (warning) => (typeof warning === 'string' ? warning.replace(/"([^"]+)"/g, (_, column: string) => `"${name(column)}"`) : warning))!,
  };
}
