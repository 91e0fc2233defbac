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
 * Fits each finalist on all training rows, predicting the test rows (and the permuted importance sample for
 * the families in `permutationFamilies`). The families needed by the chosen model go first. A fit predicted to
 * end after the budget's end is not started, and a fit still running then is stopped; either way the family is
 * missing from the returned map and the budget notes why.
 * @param finalists the families' finalists
 * @param permutationFamilies families whose final task also computes permutation importance
 * @param options runner, budget, cost model ...
 */
export async function fitFinals(finalists: Finalist[], permutationFamilies: Set<ModelFamily>, options: FinalFitOptions): Promise<Map<ModelFamily, FitResult>> {
  const { budget, costs } = options;
  const order = [...finalists].sort((a, b) => Number(permutationFamilies.has(b.family)) - Number(permutationFamilies.has(a.family)));
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
        const isForced = options.force?.has(family) ?? false;
        const { signal, fitsEnded } = isForced ? forced : others;
        const predicted = predictFinalSeconds(finalist, data, withPermutation, costs, options.nClasses, options.permutationRepeats);
        if (!budget.mayStart(predicted) && !isForced) {
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
              deadline: isForced ? budget.lastResortEnd : budget.fitsEnd,
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
