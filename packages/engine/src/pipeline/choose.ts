import type { FoldData } from '../search/search.ts';
import { ensembleKept, selectEnsemble, type Finalist, type SelectedEnsemble } from '../search/select.ts';
import type { ChosenConfiguration } from './cv-gap.ts';

/** Sorts finalists from the highest pooled validation macro-F1 down. */
const byPooledScore = (a: Finalist, b: Finalist) => b.pooled - a.pooled;

/** A chosen configuration and why it was chosen (validation data only). */
export type Choice = ChosenConfiguration & { reason: string };

/**
 * The chosen configuration among the families' finalists and the ensemble: the ensemble unless the best finalist
 * beats it by more than one standard error (`ensembleKept`); without an ensemble, the best finalist.
 * @param finalists the families' finalists
 * @param ensemble the selected ensemble of these finalists, or null
 * @param folds the validation folds (for the labels)
 * @param nClasses number of classes
 * @param seed seed of the bootstrap
 */
export function chooseConfiguration(finalists: Finalist[], ensemble: SelectedEnsemble | null, folds: FoldData[], nClasses: number, seed: number): Choice {
  const best = [...finalists].sort(byPooledScore)[0];
  if (ensemble) {
    const { kept, se } = ensembleKept(best, ensemble, folds, nClasses, seed);
    if (kept) {
      const members = ensemble.weights.map((w) => w.algorithm).join(', ');
      return {
        algorithm: 'Ensemble',
        members: ensemble.weights.map((w) => ({ finalist: finalists.find((f) => f.family === w.algorithm) as Finalist, weight: w.weight })),
        forwardChaining: ensemble.pooled,
        reason:
          best.pooled > ensemble.pooled
            ? `the bagged greedy ensemble of ${members} is within one standard error (${se.toFixed(4)}) of the best finalist's pooled validation macro-F1 (${best.family}, ${best.pooled.toFixed(4)}), and an ensemble is less tuned to the validation folds than the best of many candidates`
            : `the bagged greedy ensemble of ${members} has the highest pooled validation macro-F1`,
      };
    }
    return singleChoice(best, `its finalist (${best.reason}) beats the ensemble's pooled validation macro-F1 by more than one standard error (${se.toFixed(4)})`);
  }
  return singleChoice(best, `its finalist (${best.reason}) has the highest pooled validation macro-F1`);
}

/** A single family's finalist as the chosen configuration, with why it was chosen. */
export function singleChoice(finalist: Finalist, reason: string): Choice {
  return { algorithm: finalist.family, members: [{ finalist, weight: 1 }], forwardChaining: finalist.pooled, reason };
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
  const gaveWay = (instead: Choice) =>
    `${chosen.algorithm} was the validation choice, but its final fit was predicted to take longer than the ${time.leftSeconds.toFixed(1)} s left in the budget; ${describe(instead)} is chosen instead.`;
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
