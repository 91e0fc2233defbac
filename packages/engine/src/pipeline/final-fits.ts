import type { ModelFamily } from '@indicata/contracts';
import type { Matrix } from '../models/types.ts';
import type { TaskRunner } from '../search/pool.ts';
import type { FitResult } from '../search/fit-task.ts';
import type { CostModel } from '../search/cost-model.ts';
import type { Finalist } from '../search/select.ts';
import type { RunBudget } from './budget.ts';
import type { TrainingSet } from './prepare.ts';
import { deriveSeed } from '../data/random.ts';

/** The final training set and test matrix of one input set. */
export interface FinalData {
  set: TrainingSet;
  test: Matrix;
  /** The permutation-importance sample of the test rows. */
  permutation: Matrix;
}

export interface FinalFitOptions {
  runner: TaskRunner;
  budget: RunBudget;
  costs: CostModel;
  nClasses: number;
  seed: number;
  permutationRepeats: number;
  modelModule: string;
  signal?: AbortSignal;
  /** Final data per input set. */
  data: (inputs: string) => FinalData;
  /**
   * Families whose final fit is started even when predicted to overrun (the chosen model must exist); when no
   * final model has finished at the budget's `fitsEnd`, they run on until the first one does or until its
   * `lastResortEnd`.
   */
  force?: Set<ModelFamily>;
  onFitted?: (family: ModelFamily) => void;
  /** Called once, at the end, when the first final model finished after `fitsEnd` (the forced fits ran on). */
  onLastResort?: () => void;
}

/**
 * Predicted wall seconds of a family's final fit (all training rows; predicts the test rows and, for the
 * chosen model, the permuted copies of the importance sample).
 * @param finalist the family's finalist
 * @param data its input set's final data
 * @param withPermutation whether permutation importance is computed in the same task
 * @param costs the run's cost model
 * @param nClasses number of classes
 * @param repeats permutation repeats
 */
export function predictFinalSeconds(finalist: Pick<Finalist, 'scored'>, data: FinalData, withPermutation: boolean, costs: CostModel, nClasses: number, repeats: number): number {
  const permutationRows = withPermutation ? data.permutation.rows * data.permutation.cols * repeats : 0;
  return costs.predict(finalist.scored.candidate, {
    trainRows: data.set.balanced.X.rows,
    features: data.set.balanced.X.cols,
    predictRows: data.test.rows + data.permutation.rows + permutationRows,
    classes: nClasses,
  });
}

/**
 * The families whose final fits are forced (started even when predicted to overrun, and run on past the time for fits
 * while no final model exists): the chosen model's members, and the finalist with the cheapest predicted final fit as
 * insurance, so that a machine slower than the search measured (a loaded one) still ends with a model, the cheap one,
 * rather than none.
 * @param chosenFamilies the families of the chosen model's members
 * @param finalists the families' finalists
 * @param finalSeconds predicted wall seconds of a finalist's final fit
 */
export function forcedFinalFamilies(chosenFamilies: Iterable<ModelFamily>, finalists: Finalist[], finalSeconds: (finalist: Finalist) => number): Set<ModelFamily> {
  const cheapest = [...finalists].sort((a, b) => finalSeconds(a) - finalSeconds(b))[0];
  return new Set<ModelFamily>([...chosenFamilies, ...(cheapest ? [cheapest.family] : [])]);
}

/**
 * Fits each finalist on all training rows, predicting the test rows (and the permuted importance sample for
 * the families in `permutationFamilies`). Forced families go first, the cheapest first. A fit predicted to
 * end after the budget's end is not started, and a fit still running then is stopped; either way the family is
 * missing from the returned map and the budget notes why.
 * @param finalists the families' finalists
 * @param permutationFamilies families whose final task also computes permutation importance
 * @param options runner, budget, cost model ...
 */
export async function fitFinals(finalists: Finalist[], permutationFamilies: Set<ModelFamily>, options: FinalFitOptions): Promise<Map<ModelFamily, FitResult>> {
  const { budget, costs } = options;
  const predictedSeconds = new Map(
    finalists.map((f) => [f.family, predictFinalSeconds(f, options.data(f.scored.candidate.inputs ?? 'indicators'), permutationFamilies.has(f.family), costs, options.nClasses, options.permutationRepeats)]),
  );
  const isForced = (f: Finalist) => options.force?.has(f.family) ?? false;
  // Forced fits (the chosen model's members and the cheap insurance) first, the cheapest of them first, so a first
  // final model exists as early as it can; then the families with permutation importance; then the rest.
  const rank = (f: Finalist) => (isForced(f) ? 2 : 0) + (permutationFamilies.has(f.family) ? 1 : 0);
  const seconds = (f: Finalist) => predictedSeconds.get(f.family) as number;
  const order = [...finalists].sort((a, b) => (isForced(a) && isForced(b) ? seconds(a) - seconds(b) : rank(b) - rank(a)));
  const finals = new Map<ModelFamily, FitResult>();
  const others = budget.fitsSignal(options.signal);
  const forced = budget.fitsSignal(options.signal, () => finals.size === 0);
  let firstFinishedAt: number | null = null;
  try {
    await Promise.all(
      order.map(async (finalist) => {
        const { family, scored } = finalist;
        const data = options.data(scored.candidate.inputs ?? 'indicators');
        const withPermutation = permutationFamilies.has(family);
        const forcedFit = isForced(finalist);
        const { signal, fitsEnded } = forcedFit ? forced : others;
        const predicted = seconds(finalist);
        if (!budget.mayStart(predicted) && !forcedFit) {
          budget.noteStopped(`${family}: final fit not started (predicted ${predicted.toFixed(1)} s, ${(budget.remainingMs() / 1000).toFixed(1)} s left)`);
          return;
        }
        const started = Date.now();
        try {
          const result = await options.runner.run(
            {
              family,
              params: scored.candidate.params,
              scaler: scored.candidate.scaler,
              seed: deriveSeed(options.seed, 'final', family),
              nClasses: options.nClasses,
              train: data.set.balanced.X,
              y: data.set.balanced.y,
              predict: [data.test, data.permutation],
              deadline: forcedFit ? budget.lastResortEnd : budget.fitsEnd,
              final: true,
              permutation: withPermutation ? { repeats: options.permutationRepeats, seed: deriveSeed(options.seed, 'permutation'), matrix: 1 } : null,
              modelModule: options.modelModule,
            },
            signal,
          );
          if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`final ${family}: predicted ${predicted.toFixed(2)} s, ran ${result.seconds.toFixed(2)} s (fit ${result.fitSeconds.toFixed(2)}) of ${((Date.now() - started) / 1000).toFixed(2)} s with its wait\n`);
          if (result.skipped) budget.noteStopped(`${family}: final fit not started (the budget had ended)`);
          else {
            finals.set(family, result);
            firstFinishedAt ??= Date.now();
            forced.check();
            options.onFitted?.(family);
          }
        } catch (error) {
          options.signal?.throwIfAborted();
          if (!fitsEnded()) throw error;
          budget.noteStopped(`${family}: final fit stopped after ${((Date.now() - started) / 1000).toFixed(1)} s at the end of the budget`);
        }
      }),
    );
  } finally {
    others.release();
    forced.release();
  }
  if (firstFinishedAt !== null && firstFinishedAt > budget.fitsEnd) options.onLastResort?.();
  return finals;
}
