import type { Candidate } from './spaces.ts';
import type { FitResult, FitTask } from './fit-task.ts';
import type { FoldData, ScoredCandidate } from './search.ts';
import { deriveSeed } from '../data/random.ts';
import { macroF1 } from '../metrics/classification.ts';
import { concatFolds, pooledLabels } from './select.ts';

/*
 * One candidate on one validation fold, as the live search (halving.ts) and its replay (replay-search.ts) both fit and
 * record it: the same task, the same seed, the same scores.
 */

/**
 * Pooled macro-F1 of a candidate's predictions over every fold.
 * @param predictions the candidate's predictions per fold, in fold order
 * @param folds the folds (for their labels)
 * @param nClasses number of classes
 */
export function pooledMacroF1(predictions: Int32Array[], folds: FoldData[], nClasses: number): number {
  return macroF1(pooledLabels(folds), concatFolds(predictions, (n) => new Int32Array(n)), nClasses);
}

/**
 * A candidate before any of its folds is scored.
 * @param index its position in the family's list (part of its seeds)
 * @param candidate the candidate
 * @param preferred whether it is a hand-picked default or the user's explicit configuration
 * @param folds number of validation folds
 */
export function unscoredCandidate(index: number, candidate: Candidate, preferred: boolean, folds: number): ScoredCandidate {
  return {
    index,
    candidate,
    preferred,
    foldPredictions: Array(folds).fill(null),
    foldProbabilities: Array(folds).fill(null),
    foldScores: Array(folds).fill(null),
    pooled: null,
    hasProbabilities: true,
    fitSeconds: 0,
    predictSeconds: 0,
  };
}

/**
 * Stores one fold's fit in a candidate's state (its predictions, probabilities and score).
 * @param state the candidate's state
 * @param fold the fold's position
 * @param result the fit on the fold's training rows, predicting its validation rows
 * @param data the fold
 * @param nClasses number of classes
 */
export function recordFold(state: ScoredCandidate, fold: number, result: FitResult, data: FoldData, nClasses: number): void {
  state.foldPredictions[fold] = result.predictions[0];
  state.foldProbabilities[fold] = result.probabilities[0];
  state.foldScores[fold] = macroF1(data.yValidation, result.predictions[0], nClasses);
  state.hasProbabilities = state.hasProbabilities && result.hasProbabilities;
  state.fitSeconds += result.fitSeconds;
  state.predictSeconds += result.seconds - result.fitSeconds;
}

/**
 * Sets a candidate's pooled score once every fold is scored.
 * @param state the candidate's state
 * @param folds the folds of its input set
 * @param nClasses number of classes
 */
export function poolIfComplete(state: ScoredCandidate, folds: FoldData[], nClasses: number): void {
  if (state.foldPredictions.every((p) => p !== null)) state.pooled = pooledMacroF1(state.foldPredictions as Int32Array[], folds, nClasses);
}

/**
 * The seed of a search fit: the same for a candidate and fold in a live run and in its replay.
 * @param seed the run's seed
 * @param candidate the candidate
 * @param index its position in the family's list
 * @param fold the fold's position
 */
export function searchFitSeed(seed: number, candidate: Candidate, index: number, fold: number): number {
  return deriveSeed(seed, 'search', candidate.family, index, fold);
}

/**
 * The fit task of one candidate on one validation fold, as the live search and its replay both run it.
 * @param candidate the candidate
 * @param index its position in the family's list
 * @param fold the fold's position
 * @param data that fold's rows
 * @param run the run's seed, class count and model module
 * @param deadline when a live search stops the fit (epoch ms); null in a replay, which has no clock
 */
export function searchFitTask(candidate: Candidate, index: number, fold: number, data: FoldData, run: { seed: number; nClasses: number; modelModule: string }, deadline: number | null): FitTask {
  return {
    family: candidate.family,
    params: candidate.params,
    scaler: candidate.scaler,
    seed: searchFitSeed(run.seed, candidate, index, fold),
    nClasses: run.nClasses,
    train: data.train,
    y: data.y,
    predict: [data.validation],
    deadline,
    final: false,
    permutation: null,
    modelModule: run.modelModule,
  };
}
