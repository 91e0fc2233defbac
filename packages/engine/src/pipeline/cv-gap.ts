import type { AutoMLResults, ModelFamily } from '@indicata/contracts';
import type { TaskRunner } from '../search/pool.ts';
import type { FitResult } from '../search/fit-task.ts';
import type { CostModel } from '../search/cost-model.ts';
import type { FoldData } from '../search/search.ts';
import type { Finalist } from '../search/select.ts';
import type { RunBudget } from './budget.ts';
import { combineProbabilities, ENSEMBLE_TIE_TOLERANCE } from '../search/ensemble.ts';
import { argmaxRows } from '../data/stats.ts';
import { macroF1 } from '../metrics/classification.ts';
import { clean } from '../metrics/tables.ts';
import { deriveSeed } from '../data/random.ts';

export interface CvGapOptions {
  runner: TaskRunner;
  budget: RunBudget;
  costs: CostModel;
  nClasses: number;
  seed: number;
  modelModule: string;
  signal?: AbortSignal;
}

/** The chosen configuration: its members (one for a single model) and their weights. */
export interface ChosenConfiguration {
  algorithm: string;
  members: { finalist: Finalist; weight: number }[];
  /** Its forward-chaining validation score (pooled). */
  forwardChaining: number;
}

/** What predicting a fold's cost needs: its training rows and features, and its validation rows. */
export interface FoldShape {
  train: { rows: number; cols: number };
  validation: { rows: number };
}

/**
 * The shapes of k random folds, to predict their cost before they are built.
 * @param rows training rows split into folds
 * @param fitRows rows the final model is fit on (more than `rows` after oversampling, fewer after undersampling)
 * @param cols features
 * @param k number of folds
 * @param rowCap most rows a fold's fits use (its sample on large data: searchRowCap), or Infinity
 */
export function randomFoldShapes(rows: number, fitRows: number, cols: number, k: number, rowCap = Infinity): FoldShape[] {
  return Array.from({ length: k }, () => ({
    train: { rows: Math.min(rowCap, Math.round((fitRows * (k - 1)) / k)), cols },
    validation: { rows: Math.min(rowCap, Math.round(rows / k)) },
  }));
}

/**
 * How many random folds the CV gap uses: the most, from `wanted` down to `fewest`, predicted to fit the time left.
 * More folds give a steadier estimate, so 4 are better than falling straight back to 3.
 * @param wanted the configured number of folds
 * @param fewest the fewest folds worth running
 * @param fits whether k folds are predicted to fit
 * @returns that number, or `fewest` when none fits (the gap stage then says why it was not computed)
 */
export function gapFoldCount(wanted: number, fewest: number, fits: (k: number) => boolean): number {
  for (let k = wanted; k > fewest; k--) if (fits(k)) return k;
  return fewest;
}

/**
 * Predicted wall seconds of the CV-gap run: every member refit on every random fold, spread over the threads.
 * @param members the chosen configuration's members
 * @param folds random folds (or their shapes) per input set
 * @param costs the run's cost model
 * @param threads worker threads
 * @param nClasses number of classes
 */
export function predictGapSeconds(members: Pick<Finalist, 'scored'>[], folds: (inputs: string) => FoldShape[], costs: CostModel, threads: number, nClasses: number): number {
  let total = 0;
  let longest = 0;
  for (const m of members) {
    for (const fold of folds(m.scored.candidate.inputs ?? 'indicators')) {
      const s = costs.predict(m.scored.candidate, { trainRows: fold.train.rows, features: fold.train.cols, predictRows: fold.validation.rows, classes: nClasses });
      total += s;
      longest = Math.max(longest, s);
    }
  }
  return Math.max(longest, total / Math.max(1, threads));
}

/**
 * The CV gap: the chosen configuration's macro-F1 on seeded stratified random k-fold against its
 * forward-chaining score (how much a random split would flatter it). Runs only when its predicted time fits the
 * budget; fits still running at the budget's end are stopped.
 * @param chosen the chosen configuration
 * @param folds random folds per input set, built only once the gap is predicted to fit (building them on large
 *   data takes seconds)
 * @param shapes the shapes of those folds, for the prediction
 * @param options runner, budget, cost model ...
 * @returns the gap, or the reason it was not computed
 */
export async function measureCvGap(
  chosen: ChosenConfiguration,
  folds: (inputs: string) => FoldData[],
  shapes: (inputs: string) => FoldShape[],
  options: CvGapOptions,
): Promise<{ cvGap: NonNullable<AutoMLResults['cvGap']> } | { reason: string }> {
  const { budget, costs, runner, nClasses } = options;
  const predicted = predictGapSeconds(
    chosen.members.map((m) => m.finalist),
    shapes,
    costs,
    runner.threads,
    nClasses,
  );
  if (!budget.mayStart(predicted)) {
    return { reason: `not enough time left in the budget (predicted ${predicted.toFixed(1)} s, ${(budget.remainingMs() / 1000).toFixed(1)} s left)` };
  }
  const { signal, fitsEnded, release } = budget.fitsSignal(options.signal);
  const started = Date.now();
  try {
    const perMember = await Promise.all(
      chosen.members.map(({ finalist }) => {
        const c = finalist.scored.candidate;
        return Promise.all(
          folds(c.inputs ?? 'indicators').map((fold, f) => fitOnFold(finalist, fold, deriveSeed(options.seed, 'random-kfold', c.family, finalist.scored.index, f), options, signal)),
        );
      }),
    );
    if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`CV gap: predicted ${predicted.toFixed(2)} s, took ${((Date.now() - started) / 1000).toFixed(2)} s\n`);
    if (perMember.some((results) => results.some((r) => r.skipped))) return { reason: 'the budget ended before every random fold was fit' };
    const anyFolds = folds(chosen.members[0].finalist.scored.candidate.inputs ?? 'indicators');
    const scores = anyFolds.map((fold, f) => {
      const combined = combineProbabilities(
        perMember.map((results) => results[f].probabilities[0]),
        chosen.members.map((m) => m.weight),
      );
      return macroF1(fold.yValidation, argmaxRows(combined, nClasses, ENSEMBLE_TIE_TOLERANCE), nClasses);
    });
    const randomMean = scores.reduce((s, v) => s + v, 0) / scores.length;
    return {
      cvGap: {
        algorithm: chosen.algorithm,
        forwardChaining: clean(chosen.forwardChaining) as number,
        randomKFold: clean(randomMean) as number,
        gap: clean(randomMean - chosen.forwardChaining) as number,
        folds: anyFolds.length,
      },
    };
  } catch (error) {
    options.signal?.throwIfAborted();
    if (!fitsEnded()) throw error;
    budget.noteStopped(`CV gap: random k-fold fits stopped at the end of the budget`);
    return { reason: 'its fits were stopped at the end of the budget' };
  } finally {
    release();
  }
}

/**
 * A finalist's candidate fit on a fold's training rows, predicting its validation rows, stopped at the end of the
 * time for fits (the CV gap's and the horizon check's fits).
 * @param finalist the finalist
 * @param fold the fold
 * @param seed the fit's seed
 * @param options runner, budget ...
 * @param signal the stage's signal
 */
export function fitOnFold(finalist: Pick<Finalist, 'scored'>, fold: FoldData, seed: number, options: CvGapOptions, signal: AbortSignal): Promise<FitResult> {
  const c = finalist.scored.candidate;
  return options.runner.run(
    {
      family: c.family,
      params: c.params,
      scaler: c.scaler,
      seed,
      nClasses: options.nClasses,
      train: fold.train,
      y: fold.y,
      predict: [fold.validation],
      deadline: options.budget.fitsEnd,
      final: false,
      permutation: null,
      modelModule: options.modelModule,
    },
    signal,
  );
}

/** Families of a chosen configuration. */
export function familiesOf(chosen: ChosenConfiguration): ModelFamily[] {
  return chosen.members.map((m) => m.finalist.family);
}
