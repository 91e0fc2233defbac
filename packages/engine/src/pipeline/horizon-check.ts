import type { ChoiceReport } from '@indicata/contracts';
import type { FoldData } from '../search/search.ts';
import type { Fold } from '../search/splits.ts';
import { combineProbabilities, ENSEMBLE_TIE_TOLERANCE } from '../search/ensemble.ts';
import { argmaxRows } from '../data/stats.ts';
import { macroF1 } from '../metrics/classification.ts';
import { deriveSeed } from '../data/random.ts';
import { bootstrapStandardError } from '../search/select.ts';
import { fitOnFold, predictGapSeconds, type ChosenConfiguration, type CvGapOptions, type FoldShape } from './cv-gap.ts';
import { rulePredictions, weighRules, type RuleCandidate, type RuleInputs, type RuleVerdict } from './rules.ts';
import { singleChoice, type Choice } from './choose.ts';
import type { Finalist } from '../search/select.ts';
import { ENGINE_WARNINGS } from './warnings.ts';

/**
 * The check a model must pass before it is recommended over a rule: trained on the training years up to `h` years
 * before their end and scored on those last `h` years, where `h` is the number of test years, so the model predicts
 * as far from its training data as it will on the test years. The forward-chaining folds look one year ahead only;
 * on sticky panels the indicators' relation to the class drifts over the test horizon while "same class as last
 * year" does not, and a model one standard error ahead of persistence one year out lost to it by up to 0.15 on five
 * test years (bench/README.md, "Sticky panels"). The check uses training years only: no test row is read.
 */

/** What the horizon check found (the results' `choice.horizon`). */
export type HorizonReport = NonNullable<ChoiceReport['horizon']>;

/**
 * The horizon fold over the training rows: training on every year before the last `h`, validation on the last `h`.
 * Null when it would add nothing to the forward-chaining folds (one test year) or leave fewer than two years to train
 * on; `h` is capped at half the training years.
 * @param trainTimes year of each training row (positions are indices into this array)
 * @param testYears number of distinct test years
 */
export function horizonFold(trainTimes: ArrayLike<number>, testYears: number): Fold | null {
  const years = [...new Set(Array.from(trainTimes))].sort((a, b) => a - b);
  const h = Math.min(testYears, Math.floor(years.length / 2));
  if (h < 2 || years.length - h < 2) return null;
  const cut = years[years.length - h];
  const train: number[] = [];
  const validation: number[] = [];
  for (let i = 0; i < trainTimes.length; i++) (trainTimes[i] < cut ? train : validation).push(i);
  return { train, validation, validationYears: years.slice(years.length - h) };
}

/** The shape of the horizon fold, for the time its fits are predicted to take. */
export function horizonShape(fold: Fold, cols: number, rowCap: number): FoldShape {
  return { train: { rows: Math.min(rowCap, fold.train.length), cols }, validation: { rows: Math.min(rowCap, fold.validation.length) } };
}

/** A configuration the horizon check scores: the one-step choice first, then other finalists that beat the rule. */
export type HorizonContender = ChosenConfiguration;

/**
 * Fits every finalist of the contenders once on the horizon fold and scores each contender (an ensemble combines its
 * members' probabilities) and the rule on the same rows. When the fits of all contenders cannot fit the time left,
 * the first contender alone is checked.
 * @param contenders configurations that beat the rule one year ahead, the one-step choice first
 * @param rule the better rule of that comparison
 * @param foldOf the horizon fold's data per input set (built on demand)
 * @param shapeOf its shape per input set
 * @param ruleInputs what the rule reads (each place's latest earlier class, the projected class)
 * @param years the horizon's validation years
 * @param options runner, budget, cost model ...
 * @returns the report (its model figures are the first contender's), or why the check could not run (then the
 *   one-step comparison stands)
 */
export async function checkHorizon(
  contenders: HorizonContender[],
  rule: RuleCandidate,
  foldOf: (inputs: string) => FoldData,
  shapeOf: (inputs: string) => FoldShape,
  ruleInputs: RuleInputs,
  years: number[],
  options: CvGapOptions,
): Promise<HorizonReport | { skipped: string }> {
  const { budget, costs, runner, nClasses } = options;
  const finalistsOf = (list: HorizonContender[]) => [...new Map(list.flatMap((c) => c.members.map((m) => [m.finalist.family, m.finalist] as const))).values()];
  const seconds = (list: HorizonContender[]) => predictGapSeconds(finalistsOf(list), (inputs) => [shapeOf(inputs)], costs, runner.threads, nClasses);
  const checked = budget.mayStart(seconds(contenders)) ? contenders : contenders.slice(0, 1);
  const predicted = seconds(checked);
  if (!budget.mayStart(predicted)) return { skipped: `not enough time left in the budget (predicted ${predicted.toFixed(1)} s)` };
  const { signal, fitsEnded, release } = budget.fitsSignal(options.signal);
  try {
    const fitted = finalistsOf(checked);
    const results = await Promise.all(
      fitted.map((finalist) => {
        const c = finalist.scored.candidate;
        return fitOnFold(finalist, foldOf(c.inputs ?? 'indicators'), deriveSeed(options.seed, 'horizon', c.family, finalist.scored.index), options, signal);
      }),
    );
    if (results.some((r) => r.skipped)) return { skipped: 'the budget ended before its fits finished' };
    const probabilitiesOf = new Map(fitted.map((f, k) => [f.family, results[k].probabilities[0]]));
    // Every input set's horizon fold holds the same rows in the same order: the labels are shared.
    const fold = foldOf(checked[0].members[0].finalist.scored.candidate.inputs ?? 'indicators');
    const rows = fold.validationRows as number[];
    const majority = fold.majority as number;
    const rulePredicted = rulePredictions(rule.name, ruleInputs, rows, majority);
    const ruleScore = macroF1(fold.yValidation, rulePredicted, nClasses);
    const compared = checked.map((c) => {
      const combined = combineProbabilities(
        c.members.map((m) => probabilitiesOf.get(m.finalist.family) as Float64Array),
        c.members.map((m) => m.weight),
      );
      const predictedRows = argmaxRows(combined, nClasses, ENSEMBLE_TIE_TOLERANCE);
      const score = macroF1(fold.yValidation, predictedRows, nClasses);
      const standardError = bootstrapStandardError(fold.yValidation, predictedRows, rulePredicted, nClasses, deriveSeed(options.seed, 'horizon-or-rule', c.algorithm));
      // A veto, not a second contest: contenders are taken in one-step order, and each needs only to be no worse than
      // the rule here. A loss within the noise still vetoes: it is no evidence that the one-step lead lasts, and the
      // rule cannot be worse than itself (the engine README has the small panel where such a model lost by 0.27).
      return { algorithm: c.algorithm as HorizonReport['compared'][number]['algorithm'], modelMacroF1: score, standardError, passed: score >= ruleScore };
    });
    const first = compared[0];
    return { years, trainedThrough: years[0] - 1, rows: rows.length, modelMacroF1: first.modelMacroF1, ruleMacroF1: ruleScore, standardError: first.standardError, passed: first.passed, compared };
  } catch (error) {
    options.signal?.throwIfAborted();
    if (!fitsEnded()) throw error;
    budget.noteStopped('horizon check: fits stopped at the end of the budget');
    return { skipped: 'its fits were stopped at the end of the budget' };
  } finally {
    release();
  }
}

/** What the horizon check decides: the rule, the one-step choice, or another contender that held up better. */
export interface HorizonOutcome {
  verdict: RuleVerdict;
  /** The contender recommended (null when the rule is). */
  chosen: HorizonContender | null;
  /** The report, its model figures those of the contender recommended (of the one-step choice when the rule is). */
  report: HorizonReport;
  /** Why another contender replaced the one-step choice (null when it did not). */
  switchReason: string | null;
  /** How the tie among families level one year ahead was broken over the horizon (null when it was not). */
  tieBreak: string | null;
}

/**
 * Decides after the horizon check. The check is a veto: a contender scoring below the rule over the horizon is not
 * recommended. Among the contenders that pass, those the one-step validation could not tell apart (`tied`, level
 * within one standard error one year ahead) are ranked by their macro-F1 over the horizon, the score of the same
 * kind of prediction as the test's: the one-step tie-break (the Brier score) reads the same one-year folds that could
 * not separate them. Failing a tied contender that passes, the next contender in one-step order that passes is
 * recommended; when none is left, the rule, with the numbers in the reason.
 * @param verdict the one-step verdict (a model recommended)
 * @param contenders the contenders, in the order checked (the one-step choice, then by pooled validation macro-F1)
 * @param horizon the check's report
 * @param rule the rule they were checked against
 * @param tied the families level with the best one year ahead (the one-step choice's tie; empty for none)
 */
export function decideAfterHorizon(verdict: RuleVerdict, contenders: HorizonContender[], horizon: HorizonReport, rule: RuleCandidate, tied: readonly string[] = []): HorizonOutcome {
  const span = `${horizon.years[0]}-${horizon.years[horizon.years.length - 1]}`;
  const first = horizon.compared[0];
  const trained = `trained on the years up to ${horizon.trainedThrough} and scored on ${span}`;
  const over = `${trained}, as many years ahead as the test years,`;
  const lost = `${trained} (as many years ahead as the test years) it scored ${first.modelMacroF1.toFixed(4)} against the rule's ${horizon.ruleMacroF1.toFixed(4)}, behind it (standard error of the difference ${first.standardError.toFixed(4)})`;
  // The contenders level one year ahead that are not behind the rule here, in the order checked.
  const level = horizon.compared.flatMap((c, k) => (c.passed && tied.includes(c.algorithm) ? [k] : []));
  // Strictly higher: on equal horizon scores the earlier contender (the one-step choice first) keeps its place.
  const bestTied = level.reduce((best, k) => (best < 0 || horizon.compared[k].modelMacroF1 > horizon.compared[best].modelMacroF1 ? k : best), -1);
  const next = bestTied >= 0 ? bestTied : horizon.compared.findIndex((c) => c.passed);
  if (next === 0) return { verdict, chosen: contenders[0], report: horizon, switchReason: null, tieBreak: null };
  if (next < 0) {
    return {
      verdict: {
        ...verdict,
        recommended: rule,
        reason: `the best model (${contenders[0].algorithm}) beats the rule one year ahead, but ${lost}${horizon.compared.length > 1 ? ', and no other model that beats the rule one year ahead held up either' : ''}: its lead does not last over the test horizon`,
      },
      chosen: null,
      report: horizon,
      switchReason: null,
      tieBreak: null,
    };
  }
  const picked = horizon.compared[next];
  const levelNames = level.map((k) => horizon.compared[k].algorithm);
  const report: HorizonReport = { ...horizon, modelMacroF1: picked.modelMacroF1, standardError: picked.standardError, passed: true, ...(next === bestTied ? { level: levelNames } : {}) };
  const tieBreak = next === bestTied ? `macro-F1 over the horizon (trained on the years up to ${horizon.trainedThrough}, scored on ${span}) among ${listed(levelNames)}, level one year ahead` : null;
  const switchReason = first.passed
    ? `${listed(tied)} were level one year ahead (within one standard error of the best), and ${over} ${picked.algorithm} scored highest of those not behind the rule (${picked.modelMacroF1.toFixed(4)} against ${first.algorithm}'s ${first.modelMacroF1.toFixed(4)} and the rule's ${horizon.ruleMacroF1.toFixed(4)})`
    : `${first.algorithm} led one year ahead, but ${lost}; ${picked.algorithm}, ${bestTied >= 0 ? 'level with it one year ahead and the best of those that held up there' : 'the next model that beats the rule one year ahead by more than the noise, held up there'} (${picked.modelMacroF1.toFixed(4)})`;
  return { verdict, chosen: contenders[next], report, switchReason, tieBreak };
}

/**
 * A contender recommended in place of the one-step choice after a check: its own configuration, the reason it stood
 * in, and the one-step choice's ensemble comparison (the ensemble was weighed against that choice, not against it).
 * @param choice the one-step choice
 * @param contender the contender that stands in
 * @param reason why it stood in
 * @param tieBreak how a tie was broken on the way, or null
 */
export function standIn(choice: Choice, contender: Choice, reason: string, tieBreak: string | null = null): Choice {
  return { ...contender, reason, tieBreak, ensembleComparison: choice.ensembleComparison };
}

/** Names as a sentence lists them: "A", "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What the choice is weighed with: the rules, the one the verdict compared with, and the validation folds. */
export interface HorizonWeighing {
  rules: RuleCandidate[];
  rule: RuleCandidate;
  folds: FoldData[];
  nClasses: number;
  seed: number;
}

/**
 * The one-step choice, then every other fitted finalist that beats the rule on the pooled validation rows by more
 * than one standard error, best pooled validation first: the models a check of the choice's lead may fall back on.
 * @param choice the one-step choice
 * @param fitted finalists whose final fits completed
 * @param weighing the rules and folds of the one-step comparison
 */
export function ruleBeatingContenders(choice: Choice, fitted: Finalist[], weighing: HorizonWeighing): Choice[] {
  const single = choice.members.length === 1 ? choice.members[0].finalist : null;
  const others = fitted
    .filter((f) => f !== single)
    .sort((a, b) => b.pooled - a.pooled)
    .map((f) => singleChoice(f, f.family))
    .filter((c) => weighRules(c, weighing.rules, weighing.folds, weighing.nClasses, weighing.seed).recommended === null);
  return [choice, ...others];
}

/**
 * The recommendation after the horizon check: the one-step choice and, as stand-ins, every other fitted finalist
 * that beats the rule one year ahead by more than one standard error (best pooled validation first) are checked;
 * the outcome is decideAfterHorizon's.
 * @param verdict the one-step verdict (a model recommended)
 * @param choice the one-step choice
 * @param fitted finalists whose final fits completed
 * @param weighing the rules and folds of the one-step comparison
 * @param check runs the check on the contenders (checkHorizon with the run's fold and budget)
 * @returns the verdict, the choice (another contender's when it stood in), the report, and when the check could not
 *   run (no time left) the rule recommended, a warning and the reason
 */
export async function recommendAfterHorizon(
  verdict: RuleVerdict,
  choice: Choice,
  fitted: Finalist[],
  weighing: HorizonWeighing,
  check: (contenders: HorizonContender[]) => Promise<HorizonReport | { skipped: string }>,
): Promise<{ verdict: RuleVerdict; choice: Choice; report: HorizonReport | null; warning: string | null; skipped: string | null }> {
  const contenders = ruleBeatingContenders(choice, fitted, weighing);
  const checked = await check(contenders);
  if ('skipped' in checked) {
    // A lead seen one year ahead only is what the check exists to doubt: without it the rule, which cannot be worse
    // than itself, is the safe recommendation.
    const rule = weighing.rule.name.toLowerCase();
    return {
      verdict: {
        ...verdict,
        recommended: weighing.rule,
        reason: `the best model (${choice.algorithm}) beats the rule one year ahead, but there was no time left to check that its lead lasts as far ahead as the test years (${checked.skipped}), so the rule is recommended`,
      },
      choice,
      report: null,
      warning: ENGINE_WARNINGS.horizonUnchecked(rule, checked.skipped),
      skipped: checked.skipped,
    };
  }
  const outcome = decideAfterHorizon(verdict, contenders, checked, weighing.rule, choice.tied);
  const stoodIn = outcome.chosen && outcome.chosen !== choice ? standIn(choice, outcome.chosen as Choice, outcome.switchReason as string, outcome.tieBreak) : choice;
  return { verdict: outcome.verdict, choice: stoodIn, report: outcome.report, warning: null, skipped: null };
}
