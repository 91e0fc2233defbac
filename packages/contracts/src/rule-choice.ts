import { enLocale, ptBRLocale } from './locales/index.ts';
import { formatMessage } from './messages.ts';
import { compareWithBaselines, leadInsideInterval, type BootstrapScores } from './result-verdict.ts';
import { RULE_ALGORITHMS, type RuleAlgorithm } from './result-algorithms.ts';
import type { AutoMLResults } from './results.ts';
import type { ReportLocale } from './report.ts';

/**
 * What the run recommends, in words, the same for the result page's verdict, the built-in report and the e-mail:
 * a model or a rule (persistence, majority, trend), how it fares against each baseline on validation and on test, and,
 * when a rule is recommended, that no model improved on it. The sentences live in the locales (results.verdict);
 * these functions pick the sentence and its figures, so the web fills them with i18next and the server with
 * formatMessage.
 */

/** The verdict's sentences (keys of results.verdict). */
type VerdictTexts = typeof enLocale.results.verdict;
type SentenceKey = { [K in keyof VerdictTexts]: VerdictTexts[K] extends string ? K : never }[keyof VerdictTexts];

/** A sentence to fill: its key under results.verdict and its values. */
export interface VerdictSentence<K extends SentenceKey = SentenceKey> {
  key: K;
  values: Record<string, string | number>;
}

/** How a sentence writes a score (two decimals on the page; the report writes three, with a decimal comma in pt-BR). */
export type ScoreFormat = (value: number | null | undefined, digits?: number) => string;

export function isRuleAlgorithm(algorithm: string): algorithm is RuleAlgorithm {
  return (RULE_ALGORITHMS as readonly string[]).includes(algorithm);
}

/** The place a run's rows are about, as a noun for "each {place}" (countryName -> country; a CSV's column -> place). */
export function placeNoun(spaceColumn: string | undefined, locale: ReportLocale): string {
  const nouns = (locale === 'pt-BR' ? ptBRLocale : enLocale).results.verdict.placeNouns;
  return spaceColumn === 'countryName' || spaceColumn === 'regionName' ? nouns[spaceColumn] : nouns.other;
}

/** The recommendation against one baseline: validation (when the results hold the baseline's) and test macro-F1. */
export interface HeadlineComparison {
  name: 'majority' | 'persistence';
  validation: { chosen: number; baseline: number; beaten: boolean } | null;
  test: { chosen: number | null; baseline: number | null; beaten: boolean };
}

/**
 * The recommended algorithm's validation macro-F1 on the footing of the baselines' (pooled over the forward-chaining
 * folds): the choice report's figure for the model it chose, else the model's own.
 */
function chosenValidation(results: AutoMLResults): number | null {
  if (results.choice && results.choice.model === results.best) return results.choice.modelValidationMacroF1;
  const value = results.models?.[results.best]?.validationMacroF1;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The recommendation against each baseline (a recommended rule is not compared with its own baseline): beaten on
 * validation when its pooled validation macro-F1 is strictly higher, on test as compareWithBaselines says.
 */
export function headlineComparisons(results: AutoMLResults): HeadlineComparison[] {
  const validation = chosenValidation(results);
  const chosenTest = results.models?.[results.best]?.test?.macroF1 ?? null;
  const baselines = Array.isArray(results.baselines) ? results.baselines : [];
  return compareWithBaselines(results).map((comparison) => {
    const baseline = baselines.find((b) => b.name === comparison.name)?.validation;
    return {
      name: comparison.name,
      validation: baseline && validation !== null ? { chosen: validation, baseline: baseline.macroF1, beaten: validation > baseline.macroF1 } : null,
      test: { chosen: chosenTest, baseline: comparison.test?.macroF1 ?? null, beaten: comparison.beaten },
    };
  });
}

/**
 * The headline's first words: what is recommended.
 * @param modelName the model as the page names it (an ensemble with its members)
 */
export function recommendedSentence(results: AutoMLResults, modelName: string, locale: ReportLocale): VerdictSentence {
  if (results.best === 'Persistence') return { key: 'recommendedPersistence', values: { place: placeNoun(results.labels?.space, locale) } };
  if (results.best === 'Majority') {
    const predicted = results.models?.Majority?.predictions?.[0]?.predicted ?? '—';
    return { key: 'recommendedMajority', values: { class: predicted } };
  }
  if (results.best === 'Trend') return { key: 'recommendedTrend', values: { place: placeNoun(results.labels?.space, locale) } };
  return { key: 'recommendedModel', values: { model: modelName } };
}

/**
 * The sentence comparing the recommendation with one baseline, with the interval of its test macro-F1.
 * @param name the baseline's name as the sentence shows it
 */
export function comparisonSentence(comparison: HeadlineComparison, name: string, intervals: BootstrapScores | null, format: ScoreFormat): VerdictSentence {
  const { validation, test } = comparison;
  // Two decimals, or as many more (up to four) as two different scores need to read differently: "beats ... 0.982
  // against 0.982" would say one thing and show another.
  const digits = (a: number | null | undefined, b: number | null | undefined) => {
    if (typeof a !== 'number' || typeof b !== 'number' || a === b) return 2;
    for (const d of [2, 3]) if (format(a, d) !== format(b, d)) return d;
    return 4;
  };
  const testDigits = digits(test.chosen, test.baseline);
  const values: Record<string, string | number> = {
    name,
    test: format(test.chosen, testDigits),
    baselineTest: format(test.baseline, testDigits),
    low: format(intervals?.macroF1.low),
    high: format(intervals?.macroF1.high),
    level: Math.round((intervals?.level ?? 0.95) * 100),
  };
  if (!validation) return { key: test.beaten ? 'againstTestBeats' : 'againstTestNot', values };
  const validationDigits = digits(validation.chosen, validation.baseline);
  values.validation = format(validation.chosen, validationDigits);
  values.baselineValidation = format(validation.baseline, validationDigits);
  const key = validation.beaten ? (test.beaten ? 'againstBoth' : 'againstValidationOnly') : test.beaten ? 'againstTestOnly' : 'againstNeither';
  return { key, values };
}

/**
 * When the recommendation beats a baseline on test only by less than its own interval's reach, the caveat that the
 * lead may be chance (the result page's baseline list says it beside the baseline; the report and the e-mail say it
 * with this sentence). Null when the lead is clear, or there is none.
 * @param name the baseline's name as the sentence shows it
 */
export function testLeadCaveat(comparison: HeadlineComparison, name: string, intervals: BootstrapScores | null, format: ScoreFormat): VerdictSentence | null {
  const { test } = comparison;
  if (!test.beaten || !intervals || !leadInsideInterval(test.baseline, intervals)) return null;
  return {
    key: 'testLeadMayBeChance',
    values: { name, test: format(test.chosen, 3), baselineTest: format(test.baseline, 3), level: Math.round(intervals.level * 100), low: format(intervals.macroF1.low, 3) },
  };
}

/**
 * The first line's sentences about one baseline: how the recommendation fares against it, and the caveat when its
 * test lead lies inside the interval. The result page and the report say both; the e-mail the caveat alone.
 * @param name the baseline's name as the sentences show it
 */
export function comparisonSentences(comparison: HeadlineComparison, name: string, intervals: BootstrapScores | null, format: ScoreFormat): VerdictSentence[] {
  const caveat = testLeadCaveat(comparison, name, intervals, format);
  return [comparisonSentence(comparison, name, intervals, format), ...(caveat ? [caveat] : [])];
}

/**
 * When a rule is recommended: the plain sentence ("The best rule here is to keep each country's class of its
 * latest year; no model improved on it.") and, when the results carry the choice, the figures behind it.
 * Empty when a model is recommended.
 */
export function ruleSentences(results: AutoMLResults, locale: ReportLocale, format: ScoreFormat): VerdictSentence[] {
  if (!isRuleAlgorithm(results.best)) return [];
  const out: VerdictSentence[] = [
    results.best === 'Majority' ? { key: 'ruleMajority', values: {} } : { key: results.best === 'Trend' ? 'ruleTrend' : 'rulePersistence', values: { place: placeNoun(results.labels?.space, locale) } },
  ];
  const rules = results.choice?.rules;
  const horizon = results.choice?.horizon;
  const yearly = results.choice?.yearly;
  if (results.choice && horizon && !horizon.passed) {
    out.push({
      key: 'ruleHorizonEvidence',
      values: {
        model: results.choice.model,
        through: horizon.trainedThrough,
        first: horizon.years[0],
        last: horizon.years[horizon.years.length - 1],
        modelScore: format(horizon.modelMacroF1, 3),
        ruleScore: format(horizon.ruleMacroF1, 3),
        standardError: format(horizon.standardError, 3),
      },
    });
  } else if (results.choice && yearly && !yearly.passed) {
    out.push({
      key: 'ruleYearlyEvidence',
      values: {
        model: results.choice.model,
        first: yearly.years[0],
        last: yearly.years[yearly.years.length - 1],
        modelScore: format(yearly.modelMacroF1, 3),
        ruleScore: format(yearly.ruleMacroF1, 3),
        standardError: format(yearly.standardError, 3),
      },
    });
  } else if (results.choice?.horizonSkipped && rules) {
    out.push({
      key: 'ruleHorizonUnchecked',
      values: {
        model: results.choice.model,
        modelScore: format(results.choice.modelValidationMacroF1, 3),
        ruleScore: format(rules.validationMacroF1, 3),
      },
    });
  } else if (results.choice && rules?.samePredictions) {
    // "A difference of 0.000, within one standard error (0.000)" would hide that the model is the rule itself.
    out.push({ key: 'ruleEvidenceSame', values: { model: results.choice.model, ruleScore: format(rules.validationMacroF1, 3) } });
  } else if (results.choice && rules?.supportedClasses) {
    // The choice read the lead on the classes with enough validation rows: say so, with that lead and its noise.
    const supported = rules.supportedClasses;
    const scores = { model: results.choice.model, modelScore: format(results.choice.modelValidationMacroF1, 3), ruleScore: format(rules.validationMacroF1, 3) };
    if (rules.margin <= 0) out.push({ key: 'ruleEvidenceNotAhead', values: scores });
    else {
      out.push({
        key: supported.margin >= 0 ? 'ruleEvidenceSupported' : 'ruleEvidenceSupportedBehind',
        values: {
          ...scores,
          margin: format(rules.margin, 3),
          minRows: supported.minRows,
          supportedMargin: format(Math.abs(supported.margin), 3),
          standardError: format(rules.standardError, 3),
        },
      });
    }
  } else if (results.choice && rules) {
    // Behind the rule by more than the noise is not "within one standard error": say which it is.
    const behind = rules.margin < 0 && -rules.margin > rules.standardError;
    out.push({
      key: behind ? 'ruleEvidenceBehind' : 'ruleEvidence',
      values: {
        model: results.choice.model,
        modelScore: format(results.choice.modelValidationMacroF1, 3),
        ruleScore: format(rules.validationMacroF1, 3),
        ...(behind ? { gap: format(-rules.margin, 3) } : { margin: format(rules.margin, 3) }),
        standardError: format(rules.standardError, 3),
      },
    });
  }
  return out;
}

/**
 * When the horizon check broke a tie among models level on validation: which were level and why the recommended one
 * was preferred (it scored highest of them as far ahead as the test years). Null otherwise.
 */
export function horizonTieSentence(results: AutoMLResults, format: ScoreFormat): VerdictSentence | null {
  const horizon = results.choice?.horizon;
  if (!horizon?.level || horizon.level.length < 2 || !horizon.level.includes(results.best)) return null;
  const scoreOf = (name: string) => horizon.compared.find((c) => c.algorithm === name)?.modelMacroF1;
  return {
    key: 'horizonTieBreak',
    values: {
      model: results.best,
      others: horizon.level.filter((name) => name !== results.best).join(', '),
      through: horizon.trainedThrough,
      first: horizon.years[0],
      last: horizon.years[horizon.years.length - 1],
      scores: horizon.level.map((name) => `${name} ${format(scoreOf(name), 3)}`).join(', '),
    },
  };
}

/**
 * The ensemble decision of the run ("the ensemble was (not) chosen: ..."), or null when no ensemble was weighed. An
 * ensemble that won among the models while a rule is recommended was the best model, not the one chosen.
 */
export function ensembleSentence(results: AutoMLResults, format: ScoreFormat): VerdictSentence | null {
  const ensemble = results.choice?.ensemble;
  if (!ensemble?.considered || ensemble.bestMember === null || ensemble.margin === null || ensemble.standardError === null) return null;
  return {
    // Behind its best member is not "within the noise": said as what it is.
    key: !ensemble.chosen ? (ensemble.margin < 0 ? 'ensembleBehind' : 'ensembleNotChosen') : isRuleAlgorithm(results.best) ? 'ensembleBestModel' : 'ensembleChosen',
    values: { member: ensemble.bestMember, margin: format(ensemble.margin, 3), standardError: format(ensemble.standardError, 3) },
  };
}

/** A verdict sentence in words, for the server (the web fills the same keys with i18next). */
export function verdictText(sentence: VerdictSentence, locale: ReportLocale): string {
  const template = (locale === 'pt-BR' ? ptBRLocale : enLocale).results.verdict[sentence.key];
  return formatMessage(template, sentence.values);
}

/** The baseline's name in the verdict's sentences (results.tables.baselineNames). */
export function baselineLabel(name: 'majority' | 'persistence', locale: ReportLocale): string {
  return (locale === 'pt-BR' ? ptBRLocale : enLocale).results.tables.baselineNames[name];
}
