import type { FoldData } from '../search/search.ts';
import { bootstrapStandardError, pooledLabels, selectEnsemble, type Finalist, type SelectedEnsemble } from '../search/select.ts';
import { deriveSeed } from '../data/random.ts';
import { macroF1Over } from '../metrics/classification.ts';
import type { ChosenConfiguration } from './cv-gap.ts';
import { ENGINE_WARNINGS } from './warnings.ts';

/** Sorts finalists from the highest pooled validation macro-F1 down. */
const byPooledScore = (a: Finalist, b: Finalist) => b.pooled - a.pooled;

/** The ensemble against the best single finalist, as the results report it. */
export interface EnsembleComparison {
  considered: boolean;
  chosen: boolean;
  bestMember: string | null;
  margin: number | null;
  standardError: number | null;
}

/** A chosen configuration and why it was chosen (validation data only). */
export type Choice = ChosenConfiguration & {
  reason: string;
  /** Pooled validation predictions of the configuration (the rules are weighed against them). */
  predictions: Int32Array;
  /** What broke a tie within noise, or null. */
  tieBreak: string | null;
  /**
   * The families level on the pooled validation rows (within one standard error of the best), the chosen one among
   * them: the horizon check may break their tie again on the years as far ahead as the test years. One family when
   * there was no tie; empty when the ensemble was chosen.
   */
  tied: string[];
  ensembleComparison: EnsembleComparison;
};

/**
 * Brier score of pooled validation probabilities (mean over rows of the squared distance to the one-hot label):
 * the tie-break among finalists whose macro-F1 differences are noise. A model that votes one-hot (an SVM without
 * probabilities) is scored on its votes.
 * @param probabilities row-major pooled probabilities
 * @param actual pooled labels
 * @param nClasses number of classes
 */
export function brierScore(probabilities: Float64Array, actual: Int32Array, nClasses: number): number {
  let sum = 0;
  for (let i = 0; i < actual.length; i++) {
    for (let c = 0; c < nClasses; c++) {
      const d = probabilities[i * nClasses + c] - (actual[i] === c ? 1 : 0);
      sum += d * d;
    }
  }
  return actual.length > 0 ? sum / actual.length : 0;
}

/**
 * Pooled validation rows a class needs before a lead on it counts as evidence. Macro-F1 weighs every class alike, so
 * on a panel whose validation years hold a single row of a class, getting that row right is worth 1/K of the score:
 * bench panel 1 (life expectancy, classes of 1 / 61 / 146 / 285 / 239 validation rows) chose a linear SVM that led on
 * validation by 0.19 for that one row, and it fell 0.2 below the other families on the test years.
 */
export const MIN_ROWS_FOR_A_LEAD = 5;

/**
 * The classes with at least MIN_ROWS_FOR_A_LEAD pooled rows, when some others have rows but fewer and at least two
 * classes have that many; else null.
 * @param actual the pooled validation labels
 * @param nClasses number of classes
 */
export function wellSupportedClasses(actual: Int32Array, nClasses: number): number[] | null {
  const counts = new Array<number>(nClasses).fill(0);
  for (const c of actual) counts[c] += 1;
  const supported = counts.flatMap((n, c) => (n >= MIN_ROWS_FOR_A_LEAD ? [c] : []));
  const rare = counts.some((n) => n > 0 && n < MIN_ROWS_FOR_A_LEAD);
  return rare && supported.length >= 2 ? supported : null;
}

/**
 * The best single finalist, where "best" survives noise: among the finalists within one standard error of the
 * highest pooled macro-F1 (the paired bootstrap difference), the one with the lowest Brier score of its pooled
 * validation probabilities. One-year folds make macro-F1 differences of 0.005 common noise; on the sticky bench panels
 * four families scored within 0.006 of each other on validation and 0.2 apart on the test years, and the arg-max of
 * macro-F1 alone was a coin toss among them. The Brier score reads every probability, not just the arg-max of a few
 * rare-class rows, and penalises confident mistakes. A finalist level with the leader on the classes with at least
 * MIN_ROWS_FOR_A_LEAD rows joins the tie too.
 */
function bestSingle(finalists: Finalist[], actual: Int32Array, nClasses: number, seed: number): { finalist: Finalist; tieBreak: string | null; tied: string[]; reason: string } {
  const ranked = [...finalists].sort(byPooledScore);
  const top = ranked[0];
  // A finalist the budget stopped before every fold was scored on the most recent fold only: its score is not
  // comparable with pooled ones, so it never joins a tie.
  const comparable = (f: Finalist) => f.predictions.length === top.predictions.length && top.predictions.length === actual.length;
  // A lead that is within noise once the classes of a handful of rows are left out rests on those few rows.
  const supported = wellSupportedClasses(actual, nClasses);
  const onSupported = supported ? macroF1Over(supported) : null;
  const topOnSupported = onSupported ? onSupported(actual, top.predictions, nClasses) : 0;
  const joining = ranked
    .slice(1)
    .filter(comparable)
    .map((f) => {
      const withinNoise = top.pooled - f.pooled <= bootstrapStandardError(actual, top.predictions, f.predictions, nClasses, deriveSeed(seed, 'tie', f.family));
      const levelWhereSupported =
        !withinNoise &&
        onSupported !== null &&
        topOnSupported - onSupported(actual, f.predictions, nClasses) <=
          bootstrapStandardError(actual, top.predictions, f.predictions, nClasses, deriveSeed(seed, 'tie-supported', f.family), onSupported);
      return { f, withinNoise, levelWhereSupported };
    })
    .filter((j) => j.withinNoise || j.levelWhereSupported);
  const tied = [top, ...joining.map((j) => j.f)];
  const byRareRows = joining.filter((j) => j.levelWhereSupported).map((j) => j.f.family);
  if (tied.length < 2) return { finalist: top, tieBreak: null, tied: [top.family], reason: `its finalist (${top.reason}) has the highest pooled validation macro-F1` };
  const briers = tied.map((f) => ({ f, brier: brierScore(f.probabilities, actual, nClasses) }));
  briers.sort((a, b) => a.brier - b.brier || b.f.pooled - a.f.pooled);
  const pick = briers[0];
  const names = tied.map((f) => f.family).join(', ');
  const rareNote = byRareRows.length
    ? `; ${byRareRows.join(', ')} within it on the classes with at least ${MIN_ROWS_FOR_A_LEAD} validation rows, ${top.family}'s lead resting on classes of fewer rows`
    : '';
  const tieBreak = `Brier score of the pooled validation probabilities among ${names} (macro-F1 within one standard error of ${top.family}'s ${top.pooled.toFixed(4)}${rareNote})`;
  return {
    finalist: pick.f,
    tieBreak,
    tied: tied.map((f) => f.family),
    reason: `its finalist (${pick.f.reason}) has the lowest Brier score (${pick.brier.toFixed(4)}) of the pooled validation probabilities among the finalists whose macro-F1 is within one standard error of the best (${names})${rareNote}`,
  };
}

/**
 * The chosen configuration among the families' finalists and the ensemble: the ensemble only when its pooled
 * validation macro-F1 beats the best single finalist's by more than one standard error of their paired difference
 * (an ensemble that only ties its best member adds nothing but cost and opacity); otherwise the best single
 * finalist (bestSingle).
 * @param finalists the families' finalists
 * @param ensemble the selected ensemble of these finalists, or null
 * @param folds the validation folds (for the labels)
 * @param nClasses number of classes
 * @param seed seed of the bootstrap
 */
export function chooseConfiguration(finalists: Finalist[], ensemble: SelectedEnsemble | null, folds: FoldData[], nClasses: number, seed: number): Choice {
  const actual = pooledLabels(folds);
  const single = bestSingle(finalists, actual, nClasses, seed);
  const top = [...finalists].sort(byPooledScore)[0];
  if (ensemble && top.predictions.length === ensemble.predictions.length) {
    const se = bootstrapStandardError(actual, ensemble.predictions, top.predictions, nClasses, deriveSeed(seed, 'ensemble-or-single'));
    const margin = ensemble.pooled - top.pooled;
    const comparison: EnsembleComparison = { considered: true, chosen: margin > se, bestMember: top.family, margin, standardError: se };
    if (comparison.chosen) {
      const members = ensemble.weights.map((w) => w.algorithm).join(', ');
      return {
        algorithm: 'Ensemble',
        members: ensemble.weights.map((w) => ({ finalist: finalists.find((f) => f.family === w.algorithm) as Finalist, weight: w.weight })),
        forwardChaining: ensemble.pooled,
        predictions: ensemble.predictions,
        tieBreak: null,
        tied: [],
        ensembleComparison: comparison,
        reason: `the bagged greedy ensemble of ${members} beats the best single finalist's pooled validation macro-F1 (${top.family}, ${top.pooled.toFixed(4)}) by ${margin.toFixed(4)}, more than one standard error (${se.toFixed(4)})`,
      };
    }
    return {
      ...singleChoice(single.finalist, `${single.reason}; the ensemble (${ensemble.pooled.toFixed(4)}) does not beat ${top.family} by more than one standard error (${se.toFixed(4)})`),
      tieBreak: single.tieBreak,
      tied: single.tied,
      ensembleComparison: comparison,
    };
  }
  return { ...singleChoice(single.finalist, single.reason), tieBreak: single.tieBreak, tied: single.tied };
}

/** A single family's finalist as the chosen configuration, with why it was chosen. */
export function singleChoice(finalist: Finalist, reason: string): Choice {
  return {
    algorithm: finalist.family,
    members: [{ finalist, weight: 1 }],
    forwardChaining: finalist.pooled,
    predictions: finalist.predictions,
    tieBreak: null,
    tied: [finalist.family],
    ensembleComparison: { considered: false, chosen: false, bestMember: null, margin: null, standardError: null },
    reason,
  };
}

/** What the final fits can afford: the seconds left and how many fits run at once. */
export interface FinalFitTime {
  /** Predicted wall seconds of a finalist's final fit. */
  finalSeconds: (finalist: Finalist) => number;
  /** Seconds left in the budget. */
  leftSeconds: number;
  /** Final fits that run side by side. */
  threads: number;
}

/** Whether every member's final fit is predicted to end within the time left, the members running side by side. */
function affordable(choice: ChosenConfiguration, time: FinalFitTime): boolean {
  const each = choice.members.map((m) => time.finalSeconds(m.finalist));
  return Math.max(...each) <= time.leftSeconds && each.reduce((a, b) => a + b, 0) / time.threads <= time.leftSeconds;
}

/**
 * The validation choice when its final fits fit the time left; otherwise the same rule applied to the finalists whose
 * final fits do fit (their own ensemble included), so a slow member costs the ensemble that member and not the
 * ensemble itself; failing that, the best finalist that fits, or the cheapest one.
 * @param finalists the families' finalists
 * @param ensemble the ensemble selected from all of them, or null
 * @param folds the validation folds
 * @param nClasses number of classes
 * @param seed seed of the bootstraps
 * @param time predicted final-fit seconds, seconds left and threads
 * @returns the choice, the ensemble to report (the one the choice was made with), and a warning when the validation
 *   choice had to give way
 */
export function chooseWithinTime(
  finalists: Finalist[],
  ensemble: SelectedEnsemble | null,
  folds: FoldData[],
  nClasses: number,
  seed: number,
  time: FinalFitTime,
): { chosen: Choice; ensemble: SelectedEnsemble | null; warning: string | null } {
  const chosen = chooseConfiguration(finalists, ensemble, folds, nClasses, seed);
  if (affordable(chosen, time)) return { chosen, ensemble, warning: null };
  const gaveWay = (instead: Choice) => ENGINE_WARNINGS.choiceGaveWay(chosen.algorithm, time.leftSeconds, describe(instead));
  const fitting = finalists.filter((f) => time.finalSeconds(f) <= time.leftSeconds);
  if (fitting.length > 0 && fitting.length < finalists.length) {
    const fittingEnsemble = ensemble && fitting.length > 1 ? selectEnsemble(fitting, folds, nClasses, seed) : null;
    const amongFitting = chooseConfiguration(fitting, fittingEnsemble, folds, nClasses, seed);
    if (affordable(amongFitting, time)) {
      const tooSlow = finalists.filter((f) => !fitting.includes(f)).map((f) => f.family).join(', ');
      const instead = { ...amongFitting, reason: `among the finalists whose final fit fits the time left (all but ${tooSlow}), ${amongFitting.reason}` };
      return { chosen: instead, ensemble: fittingEnsemble, warning: gaveWay(instead) };
    }
  }
  const fallback = [...fitting].sort(byPooledScore)[0] ?? [...finalists].sort((a, b) => time.finalSeconds(a) - time.finalSeconds(b))[0];
  const instead = singleChoice(fallback, `its finalist (${fallback.reason}) is the best whose final fit fits the time left`);
  return { chosen: instead, ensemble, warning: gaveWay(instead) };
}

/** How a warning names a choice: the family, or the ensemble with its members. */
function describe(choice: Choice): string {
  return choice.algorithm === 'Ensemble' ? `the ensemble of ${choice.members.map((m) => m.finalist.family).join(', ')}` : choice.algorithm;
}
