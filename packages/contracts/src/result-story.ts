import { enLocale, ptBRLocale } from './locales/index.ts';
import { formatMessage } from './messages.ts';
import { formatFixed } from './number-format.ts';
import type { AutoMLResults } from './results.ts';
import type { ReportLocale } from './report.ts';

/**
 * How a run was split, validated and chosen, in words picked from the results' structured fields only (split,
 * split.folds, targetHistory, cvGap), never from the engine's English prose: the verdict, the tables and the built-in
 * report then tell one story, in the reader's language. The sentences live in the locales (results.story); these
 * functions pick the sentence and its values, so the web fills them with i18next and the server with formatMessage.
 */

type StoryTexts = typeof enLocale.results.story;
type StoryKey = { [K in keyof StoryTexts]: StoryTexts[K] extends string ? K : never }[keyof StoryTexts];

/** A sentence to fill: its key under results.story and its values. */
export interface StorySentence {
  key: StoryKey;
  values: Record<string, string | number>;
}

/**
 * How the models were validated: folds of later years ('forward-chaining'), or, when the training rows cover a single
 * time value, seeded stratified random folds ('random').
 */
export type ValidationMethod = 'forward-chaining' | 'random';

/**
 * The validation method of a run, read from its folds: a forward-chaining fold is scored on a later year, a random
 * fold on no year of its own (the engine records no validation years for it). Without folds, a single training year
 * can only have been validated at random.
 */
export function validationMethod(results: Pick<AutoMLResults, 'split'>): ValidationMethod {
  const folds = Array.isArray(results.split?.folds) ? results.split.folds : [];
  if (folds.length > 0) return folds.every((fold) => fold.validationYears.length === 0) ? 'random' : 'forward-chaining';
  return (results.split?.trainYears?.length ?? 0) <= 1 ? 'random' : 'forward-chaining';
}

/** Years as a short list: up to three named, more as a range ("2000–2015"). */
export function yearSpan(years: readonly number[]): string {
  if (years.length === 0) return '—';
  return years.length > 3 ? `${years[0]}–${years[years.length - 1]}` : years.join(', ');
}

/** How the rows were split into training and test rows, from split's fields (never its English description). */
export function splitSentence(results: Pick<AutoMLResults, 'split'>, locale: ReportLocale): StorySentence {
  const split = results.split;
  const common = { trainYears: yearSpan(split.trainYears), trainRows: split.trainRows, testRows: split.testRows };
  if (split.mode === 'year' && split.testYear !== null) {
    const testYear = split.testYear;
    return split.testRegion
      ? { key: 'splitYearRegion', values: { ...common, testYear, region: split.testRegion } }
      : { key: 'splitYear', values: { ...common, testYear } };
  }
  const share = formatFixed(split.actualTestFraction * 100, 1, locale);
  return { key: 'splitPercent', values: { ...common, testYears: yearSpan(split.testYears), share, requested: split.testPercent ?? '—' } };
}

/** How the models were validated: folds of later years, or random folds of the single training year. */
export function validationSentence(results: Pick<AutoMLResults, 'split'>): StorySentence {
  const folds = Array.isArray(results.split.folds) ? results.split.folds : [];
  if (validationMethod(results) === 'random') return { key: 'validationRandom', values: { year: yearSpan(results.split.trainYears), folds: folds.length } };
  return { key: 'validationForward', values: { folds: folds.length, years: yearSpan(folds.flatMap((fold) => fold.validationYears)) } };
}

/**
 * What the choice rested on: the validation score, on the folds the run actually used.
 * @param score the chosen model's validation macro-F1, already written as the page or report writes it
 */
export function chosenSentence(results: Pick<AutoMLResults, 'split'>, score: string): StorySentence {
  return { key: validationMethod(results) === 'random' ? 'chosenRandom' : 'chosenForward', values: { score } };
}

/** Whether the target's own history was an input, from targetHistory's fields (null in results without them). */
export function targetHistorySentence(results: Pick<AutoMLResults, 'targetHistory' | 'best'>): StorySentence | null {
  const history = results.targetHistory;
  if (!history) return null;
  if (history.mode === 'off') return { key: 'historyOff', values: {} };
  if (results.best === 'Persistence') return { key: 'historyRule', values: {} };
  if (results.best === 'Trend') return { key: 'historyTrendRule', values: {} };
  if (history.used) return { key: 'historyUsed', values: {} };
  return { key: history.mode === 'on' ? 'historyOfferedOn' : 'historyOfferedAuto', values: {} };
}

/**
 * Whether the page and the report may compare time-respecting validation with a random split (the CV gap): only when
 * the validation did respect time; with random folds both figures would be random.
 */
export function showsCvGap(results: Pick<AutoMLResults, 'split' | 'cvGap'>): boolean {
  return results.cvGap !== null && results.cvGap !== undefined && validationMethod(results) === 'forward-chaining';
}

/** A CV gap (random minus time-respecting macro-F1) above this says a random split would have flattered the model. */
export const CV_GAP_FLATTERS = 0.05;

/** How the page and the report read a CV gap: flattering (above CV_GAP_FLATTERS), small (above 0) or none. */
export function cvGapReading(gap: number): 'flatters' | 'small' | 'none' {
  return gap > CV_GAP_FLATTERS ? 'flatters' : gap > 0 ? 'small' : 'none';
}

/** The engine's reason for skipping the CV gap, as a sentence fragment in the reader's language (null: not one we know). */
function gapReasonKey(reason: string): StoryKey | null {
  if (reason.startsWith('too few training rows')) return 'gapTooFewRows';
  if (reason.startsWith('not enough time left')) return 'gapNoTime';
  if (reason.startsWith('the budget ended') || reason.startsWith('its fits were stopped')) return 'gapBudgetEnded';
  return null;
}

/**
 * Why the CV gap is missing, in the reader's language; the engine's words when the reason is not one it is known to
 * give.
 */
export function cvGapSkippedText(reason: string, locale: ReportLocale): string {
  const key = gapReasonKey(reason);
  return key ? storyText({ key, values: {} }, locale) : reason;
}

/** The engine's warnings it is known to write, each with the sentence that says it in either language. */
const WARNINGS: { pattern: RegExp; sentence: (match: RegExpMatchArray, locale: ReportLocale) => StorySentence }[] = [
  { pattern: /^The training rows cover a single time value, so validation used seeded stratified random folds/, sentence: () => ({ key: 'warningRandomFolds', values: {} }) },
  { pattern: /^The random k-fold comparison \(CV gap\) was not computed: (.+)\.$/, sentence: (m, locale) => ({ key: 'warningGapSkipped', values: { reason: cvGapSkippedText(m[1] ?? '', locale) } }) },
  {
    pattern: /^(\w+): the time budget stopped the search after (\d+) of (\d+) candidates \((\d+) scored on every fold\)/,
    sentence: (m) => ({ key: 'warningSearchStopped', values: { family: m[1] ?? '', evaluated: Number(m[2]), planned: Number(m[3]), complete: Number(m[4]) } }),
  },
  {
    pattern: /^(\w+): the default forest of (\d+) trees was predicted not to fit the time left, so the search tried smaller forests instead \(([\d, ]+) trees\)/,
    sentence: (m) => ({ key: 'warningSmallerForest', values: { family: m[1] ?? '', defaultTrees: Number(m[2]), trees: m[3] ?? '' } }),
  },
  { pattern: /^(\w+): no candidate finished within the budget/, sentence: (m) => ({ key: 'warningFamilyLeftOut', values: { family: m[1] ?? '' } }) },
  { pattern: /^(\w+): its final fit did not finish within the budget/, sentence: (m) => ({ key: 'warningNoFinalFit', values: { family: m[1] ?? '' } }) },
  { pattern: /^(\w+) was the validation choice, but its final fit did not finish within the budget; (\w+) is reported/, sentence: (m) => ({ key: 'warningChoiceReplaced', values: { chosen: m[1] ?? '', instead: m[2] ?? '' } }) },
  { pattern: /^(\d+) row\(s\) have a target value outside every manual class/, sentence: (m) => ({ key: 'warningUnassigned', values: { rows: Number(m[1]) } }) },
  {
    pattern: /^The data is large for a (\d+) s budget, so the search fit each candidate on a seeded sample of at most ([\d,]+) of a fold's training rows \(up to ([\d,]+)\).* fit on all ([\d,]+) training rows/,
    sentence: (m) => ({ key: 'warningSearchSampled', values: { budget: m[1] ?? '', cap: plainInteger(m[2]), largest: plainInteger(m[3]), rows: plainInteger(m[4]) } }),
  },
  {
    pattern: /^(\w+) was the validation choice, but its final fit was predicted to take longer than the ([\d.]+) s left in the budget; (.+) is chosen instead\.$/,
    sentence: (m, locale) => {
      const members = /^the ensemble of (.+)$/.exec(m[3] ?? '')?.[1];
      const instead = members ? storyText({ key: 'warningEnsembleOf', values: { members } }, locale) : (m[3] ?? '');
      return { key: 'warningChoiceGaveWay', values: { chosen: m[1] ?? '', left: decimalText(m[2], locale), instead } };
    },
  },
  { pattern: /^No final model had finished (\d+) s before the end of the (\d+) s budget/, sentence: (m) => ({ key: 'warningLastResort', values: { reserve: m[1] ?? '', budget: m[2] ?? '' } }) },
  {
    pattern: /^The model was not checked against the (persistence|majority|trend) rule over the test horizon \((.+?)\), so the /,
    sentence: (m, locale) => ({
      key: m[1] === 'majority' ? 'warningHorizonUncheckedMajority' : m[1] === 'trend' ? 'warningHorizonUncheckedTrend' : 'warningHorizonUncheckedPersistence',
      values: { reason: cvGapSkippedText(m[2] ?? '', locale) },
    }),
  },
  { pattern: /^Manual attribute "(.*)" is not a numeric column of the data; ignored\.$/, sentence: (m) => ({ key: 'warningManualNotNumeric', values: { name: m[1] ?? '' } }) },
  { pattern: /^Manual attribute "(.*)" was removed by the missing-data step\.$/, sentence: (m) => ({ key: 'warningManualRemoved', values: { name: m[1] ?? '' } }) },
  { pattern: /^Attribute discretization of "(.*)" skipped: the attribute is not used\.$/, sentence: (m) => ({ key: 'warningDiscretizationSkipped', values: { name: m[1] ?? '' } }) },
  {
    pattern: /^On the test rows ((?:the (?:persistence|majority) baseline scores [\d.]+(?: and )?)+), at least as well as the chosen (\w+) \(([\d.]+) test macro-F1\): the (model adds nothing|recommended rule does no better)/,
    sentence: (m, locale) => {
      const baselines = [...(m[1] ?? '').matchAll(/the (persistence|majority) baseline scores ([\d.]+)/g)].map((b) =>
        storyText({ key: b[1] === 'majority' ? 'warningBaselineMajority' : 'warningBaselinePersistence', values: { score: decimalText(b[2], locale) } }, locale),
      );
      const key = m[4] === 'model adds nothing' ? 'warningBaselinesAsGood' : 'warningBaselinesAsGoodRule';
      return { key, values: { baselines: baselines.join(storyText({ key: 'warningListAnd', values: {} }, locale)), chosen: m[2] ?? '', score: decimalText(m[3], locale) } };
    },
  },
  {
    pattern: /^Few test rows in class\(es\) (.+): macro-F1 weighs each class alike, so they count as much as the ([\d,]+) test rows of class "(.*)", and a few rows decide/,
    sentence: (m) => ({ key: 'warningFewTestRows', values: { classes: m[1] ?? '', largestRows: plainInteger(m[2]), largest: `"${m[3] ?? ''}"` } }),
  },
  {
    pattern: /^Balancing found no neighbour or adjacent-year pair for class\(es\) (.+); their rows were duplicated at random instead\.$/,
    sentence: (m) => ({ key: 'warningBalancingFallback', values: { classes: m[1] ?? '' } }),
  },
];

/** An integer the engine wrote with thousands commas ("4,000"), as the app writes integers (no separators). */
function plainInteger(text: string | undefined): string {
  return (text ?? '').replace(/,/g, '');
}

/** A decimal the engine wrote with a point ("0.871"), with the reader's decimal mark and the same digits. */
function decimalText(text: string | undefined, locale: ReportLocale): string {
  return locale === 'pt-BR' ? (text ?? '').replace('.', ',') : (text ?? '');
}

/**
 * The run's warnings in the reader's language: those the engine is known to write are said again from their figures;
 * the others keep the engine's English words and are returned apart, so a page or report can say they are English.
 */
export function warningTexts(warnings: readonly string[] | undefined, locale: ReportLocale): { translated: string[]; english: string[] } {
  const translated: string[] = [];
  const english: string[] = [];
  for (const warning of Array.isArray(warnings) ? warnings : []) {
    const known = WARNINGS.map((entry) => ({ entry, match: warning.match(entry.pattern) })).find((hit) => hit.match !== null);
    if (known?.match) translated.push(storyText(known.entry.sentence(known.match, locale), locale));
    else if (locale === 'en') translated.push(warning);
    else english.push(warning);
  }
  return { translated, english };
}

/** Why the engine left an indicator out, for the reasons it is known to give, each with its sentence. */
const INDICATOR_REASONS: { pattern: RegExp; sentence: (match: RegExpMatchArray) => StorySentence }[] = [
  { pattern: /^more than ([\d.]+)% missing on training rows$/, sentence: (m) => ({ key: 'reasonMissing', values: { max: m[1] ?? '' } }) },
  {
    pattern: /^more than ([\d.]+)% missing on the training rows of the latest (?:year (\d+)|(\d+) years \((\d+)-(\d+)\)) \((\d+)% missing there\)$/,
    sentence: (m) => ({ key: 'reasonMissingRecent', values: { max: m[1] ?? '', years: m[2] ?? `${m[4]}–${m[5]}`, missing: m[6] ?? '' } }),
  },
  { pattern: /^not in the manual list$/, sentence: () => ({ key: 'reasonNotManual', values: {} }) },
  { pattern: /^\|Pearson r\| with the target above ([\d.]+)/, sentence: (m) => ({ key: 'reasonNearCopy', values: { cut: m[1] ?? '' } }) },
  { pattern: /^information gain below ([\d.]+)$/, sentence: (m) => ({ key: 'reasonLowGain', values: { min: m[1] ?? '' } }) },
  { pattern: /^not among the top (\d+) by information gain$/, sentence: (m) => ({ key: 'reasonNotTop', values: { count: m[1] ?? '' } }) },
];

/** Why an indicator was left out, in the reader's language; the engine's words when the reason is not one it is known to give. */
export function indicatorReasonText(reason: string, locale: ReportLocale): string {
  for (const entry of INDICATOR_REASONS) {
    const match = reason.match(entry.pattern);
    if (!match) continue;
    const sentence = entry.sentence(match);
    // The engine writes its thresholds with a decimal point; Portuguese reads a decimal comma.
    const values = Object.fromEntries(Object.entries(sentence.values).map(([name, value]) => [name, locale === 'pt-BR' && typeof value === 'string' && /^\d+\.\d+$/.test(value) ? value.replace('.', ',') : value]));
    return storyText({ ...sentence, values }, locale);
  }
  return reason;
}

/** A story sentence in words, for the server (the web fills the same keys with i18next). */
export function storyText(sentence: StorySentence, locale: ReportLocale): string {
  const template = (locale === 'pt-BR' ? ptBRLocale : enLocale).results.story[sentence.key];
  return formatMessage(template, sentence.values);
}
