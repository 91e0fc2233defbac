import type { ChoiceReport } from '@indicata/contracts';
import type { FoldData } from '../search/search.ts';
import { macroF1 } from '../metrics/classification.ts';
import type { Finalist } from '../search/select.ts';
import type { RuleCandidate, RuleVerdict } from './rules.ts';
import type { Choice } from './choose.ts';
import { ruleBeatingContenders, standIn, type HorizonContender, type HorizonWeighing } from './horizon-check.ts';

/**
 * The check a model must pass before it is recommended over a rule when the test is a single year: the model and
 * the rule scored on each validation year on its own, as the test year will be, and averaged over the years; the model
 * must lead by more than the year-to-year noise of that mean. The
 * one-step comparison pools every validation year's rows into one macro-F1, which a model can win on a few
 * rare-class rows spread over the years while losing most years: a single year's macro-F1 also scores a class a
 * model predicts but the year lacks, at zero. Over several test years the horizon check asks the same question; it
 * needs no fits here, since the validation predictions are already per year. Training years only: no test row is read.
 */

/** What the yearly check found (the results' `choice.yearly`). */
export type YearlyReport = NonNullable<ChoiceReport['yearly']>;

/** A contender's pooled validation predictions, as the one-step comparison used them. */
export type YearlyContender = HorizonContender & { predictions: Int32Array };

/**
 * Each validation fold's macro-F1 of pooled predictions (fold order). Predictions shorter than the pooled rows (a
 * model the budget stopped before every fold) cover the most recent folds only, and only those are scored.
 * @param predictions pooled validation predictions, in fold order
 * @param folds the forward-chaining folds
 * @param nClasses number of classes
 */
export function yearlyScores(predictions: Int32Array, folds: FoldData[], nClasses: number): number[] {
  const total = folds.reduce((s, f) => s + f.yValidation.length, 0);
  let skip = total - predictions.length;
  let offset = 0;
  const scores: number[] = [];
  for (const fold of folds) {
    const n = fold.yValidation.length;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    scores.push(macroF1(fold.yValidation, predictions.subarray(offset, offset + n), nClasses));
    offset += n;
  }
  return scores;
}

/** Rounding room: a lead of one year in four equals its standard error, and must read as equal however it rounds. */
const LEAD_TOLERANCE = 1e-12;

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * Scores every contender and the rule year by year on the validation folds. A contender passes when its mean yearly
 * macro-F1 beats the rule's over the same years by more than the standard error of that mean: the noise of the
 * validation folds, which the one-step comparison asks a pooled lead to clear too. Here it is the test's own measure
 * (one year's macro-F1), so a tie goes to the rule, as there. A lead resting on one year of four is exactly one
 * standard error, and does not pass. With one scored year (a model the budget stopped) there is no spread, and any
 * lead passes.
 * @param contenders configurations that beat the rule on the pooled rows, the one-step choice first
 * @param rule the rule they beat
 * @param folds the forward-chaining folds
 * @param years the validation year of each fold (its first, when a fold spans several)
 * @param nClasses number of classes
 */
export function checkYearly(contenders: YearlyContender[], rule: RuleCandidate, folds: FoldData[], years: number[], nClasses: number): YearlyReport {
  const ruleYearly = yearlyScores(rule.predictions, folds, nClasses);
  const compared = contenders.map((c) => {
    const model = yearlyScores(c.predictions, folds, nClasses);
    const ruleSame = ruleYearly.slice(ruleYearly.length - model.length);
    const differences = model.map((m, k) => m - ruleSame[k]);
    const spread = differences.length > 1 ? Math.sqrt(differences.reduce((s, d) => s + (d - mean(differences)) ** 2, 0) / (differences.length - 1)) : 0;
    const entry: Compared = {
      algorithm: c.algorithm as Compared['algorithm'],
      modelMacroF1: mean(model),
      ruleMacroF1: mean(ruleSame),
      years: model.length,
      standardError: spread / Math.sqrt(differences.length),
      passed: mean(model) - mean(ruleSame) > spread / Math.sqrt(differences.length) + LEAD_TOLERANCE,
    };
    return entry;
  });
  return reportOf(compared[0], compared, years);
}

type Compared = YearlyReport['compared'][number] & { years: number };

/** The report with one contender's figures at its top (the one recommended, else the one-step choice). */
function reportOf(shown: Compared, compared: Compared[], years: number[]): YearlyReport {
  return {
    years: years.slice(years.length - shown.years),
    modelMacroF1: shown.modelMacroF1,
    ruleMacroF1: shown.ruleMacroF1,
    standardError: shown.standardError,
    passed: shown.passed,
    compared: compared.map(({ algorithm, modelMacroF1, ruleMacroF1, standardError, passed }) => ({ algorithm, modelMacroF1, ruleMacroF1, standardError, passed })),
  };
}

/** What the yearly check decides: the rule, the one-step choice, or another contender that held up year by year. */
export interface YearlyOutcome {
  verdict: RuleVerdict;
  /** Position of the contender recommended (null when the rule is). */
  chosen: number | null;
  /** The report, its model figures those of the contender recommended (of the one-step choice when the rule is). */
  report: YearlyReport;
  /** Why another contender replaced the one-step choice (null when it did not). */
  switchReason: string | null;
}

/**
 * Decides after the yearly check: the one-step choice stands when it passed; otherwise the next contender that did,
 * and when none is left, the rule, with the numbers in the reason.
 * @param verdict the one-step verdict (a model recommended)
 * @param contenders the contenders, in the order checked
 * @param yearly the check's report
 * @param rule the rule they were checked against
 */
export function decideAfterYearly(verdict: RuleVerdict, contenders: HorizonContender[], yearly: YearlyReport, rule: RuleCandidate): YearlyOutcome {
  const first = yearly.compared[0];
  const span = `${yearly.years[0]}-${yearly.years[yearly.years.length - 1]}`;
  const lost = `scored year by year on ${span}, as the single test year will be, its mean macro-F1 was ${first.modelMacroF1.toFixed(4)} against the rule's ${yearly.ruleMacroF1.toFixed(4)}, not ahead by more than the noise of the years (standard error of the mean yearly difference ${first.standardError.toFixed(4)})`;
  if (first.passed) return { verdict, chosen: 0, report: yearly, switchReason: null };
  const next = yearly.compared.findIndex((c) => c.passed);
  if (next < 0) {
    return {
      verdict: {
        ...verdict,
        recommended: rule,
        reason: `the best model (${contenders[0].algorithm}) beats the rule on the pooled validation rows, but ${lost}${yearly.compared.length > 1 ? ', and no other model that beats the rule on the pooled rows held up either' : ''}: its lead did not hold year by year`,
      },
      chosen: null,
      report: yearly,
      switchReason: null,
    };
  }
  const picked = yearly.compared[next];
  return {
    verdict,
    chosen: next,
    report: { ...yearly, modelMacroF1: picked.modelMacroF1, ruleMacroF1: picked.ruleMacroF1, standardError: picked.standardError, passed: true },
    switchReason: `${contenders[0].algorithm} led on the pooled validation rows, but ${lost}; ${picked.algorithm}, the next model that beats the rule on the pooled rows by more than the noise, beat it year by year too (${picked.modelMacroF1.toFixed(4)})`,
  };
}

/**
 * The recommendation when the test is a single year: the one-step choice and its stand-ins (ruleBeatingContenders)
 * checked year by year; the outcome is decideAfterYearly's.
 * @param verdict the one-step verdict (a model recommended)
 * @param choice the one-step choice
 * @param fitted finalists whose final fits completed
 * @param weighing the rules and folds of the one-step comparison
 * @param years the validation year of each fold
 * @returns the verdict, the choice (another contender's when it stood in) and the report
 */
export function recommendAfterYearly(verdict: RuleVerdict, choice: Choice, fitted: Finalist[], weighing: HorizonWeighing, years: number[]): { verdict: RuleVerdict; choice: Choice; report: YearlyReport } {
  const contenders = ruleBeatingContenders(choice, fitted, weighing);
  const report = checkYearly(contenders, weighing.rule, weighing.folds, years, weighing.nClasses);
  const outcome = decideAfterYearly(verdict, contenders, report, weighing.rule);
  const stoodIn = outcome.chosen !== null && outcome.chosen > 0 ? standIn(choice, contenders[outcome.chosen], outcome.switchReason as string) : choice;
  return { verdict: outcome.verdict, choice: stoodIn, report: outcome.report };
}
