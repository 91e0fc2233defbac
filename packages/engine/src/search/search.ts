import type { ModelFamily } from '@indicata/contracts';
import type { Matrix } from '../models/types.ts';
import type { Candidate } from './spaces.ts';
import type { TaskRunner } from './pool.ts';
import { macroF1 } from '../metrics/classification.ts';
import { deriveSeed } from '../data/random.ts';

/** Preprocessed data of one validation fold (features fit on the fold's training rows; balanced). */
export interface FoldData {
  train: Matrix;
  y: Int32Array;
  validation: Matrix;
  yValidation: Int32Array;
}

export interface EvaluatedCandidate {
  index: number;
  candidate: Candidate;
  foldScores: number[];
  mean: number;
  std: number;
  /** Validation probabilities per fold (row-major rows x classes). */
  foldProbabilities: Float64Array[];
  hasProbabilities: boolean;
  /** Worker seconds spent on the candidate's fits and predictions. */
  seconds: number;
  /** Of which fitting. */
  fitSeconds: number;
}

export interface FamilySearchResult {
  family: ModelFamily;
  evaluated: EvaluatedCandidate[];
  planned: number;
  budgetBound: boolean;
  seconds: number;
}

export interface SearchOptions {
  runner: TaskRunner;
  folds: FoldData[];
  nClasses: number;
  seed: number;
  /**
   * Epoch ms after which no new fit starts (the first candidate of each family always runs). A function:
   * the caller may move it as it learns how long the final fits will take.
   */
  deadline: () => number;
  modelModule: string;
  signal?: AbortSignal;
  onCandidate?: (family: ModelFamily, done: number, planned: number, result: EvaluatedCandidate) => void;
}

function meanStd(values: number[]): { mean: number; std: number } {
  const m = values.reduce((s, v) => s + v, 0) / values.length;
  const v = values.reduce((s, x) => s + (x - m) ** 2, 0) / values.length;
  return { mean: m, std: Math.sqrt(v) };
}

/**
 * Evaluates one candidate on every fold (one task per fold, run concurrently).
 * @param candidate family, parameters and scaler
 * @param index the candidate's position in its family's list (part of its seeds)
 * @param options runner, folds, seed, and a fixed deadline (null: never skip)
 * @returns the evaluation, or null when a fold was skipped because the deadline passed
 */
export async function evaluateCandidate(
  candidate: Candidate,
  index: number,
  options: Omit<SearchOptions, 'deadline' | 'onCandidate'> & { deadline: number | null; seedLabel?: string },
): Promise<EvaluatedCandidate | null> {
  const results = await Promise.all(
    options.folds.map((fold, f) =>
      options.runner.run(
        {
          family: candidate.family,
          params: candidate.params,
          scaler: candidate.scaler,
          seed: deriveSeed(options.seed, options.seedLabel ?? 'search', candidate.family, index, f),
          nClasses: options.nClasses,
          train: fold.train,
          y: fold.y,
          predict: [fold.validation],
          deadline: options.deadline,
          final: false,
          permutation: null,
          modelModule: options.modelModule,
        },
        options.signal,
      ),
    ),
  );
  if (results.some((r) => r.skipped)) return null;
  const foldScores = results.map((r, f) => macroF1(options.folds[f].yValidation, r.predictions[0], options.nClasses));
  const { mean, std } = meanStd(foldScores);
  return {
    index,
    candidate,
    foldScores,
    mean,
    std,
    foldProbabilities: results.map((r) => r.probabilities[0]),
    hasProbabilities: results.every((r) => r.hasProbabilities),
    seconds: results.reduce((s, r) => s + r.seconds, 0),
    fitSeconds: results.reduce((s, r) => s + r.fitSeconds, 0),
  };
}

/**
 * Searches every family's candidates under one wall-clock deadline. Families run concurrently, one
 * candidate (all its folds) in flight per family; a family starts a new candidate only while its worker
 * time is under its fair share of the budget (shares of finished families are handed to the others) and
 * the deadline has not passed. Fits queued past the deadline are skipped, so the budget is exceeded by
 * at most the fits already running. The first candidate of every family always runs.
 * @param candidates ordered candidates per family
 * @param options runner, folds, seed, deadline ...
 */
export async function searchFamilies(
  candidates: Map<ModelFamily, Candidate[]>,
  options: SearchOptions,
): Promise<Map<ModelFamily, FamilySearchResult>> {
  const families = [...candidates.keys()];
  const searchStarted = Date.now();
  const used = new Map<ModelFamily, number>(families.map((f) => [f, 0]));
  const finished = new Set<ModelFamily>();
  const share = () => {
    const totalWorkerSeconds = Math.max(0, (options.deadline() - searchStarted) / 1000) * options.runner.threads;
    let finishedUse = 0;
    for (const f of finished) finishedUse += used.get(f) as number;
    const active = families.length - finished.size;
    return active > 0 ? (totalWorkerSeconds - finishedUse) / active : 0;
  };
  const results = new Map<ModelFamily, FamilySearchResult>();
  await Promise.all(
    families.map(async (family) => {
      const list = candidates.get(family) as Candidate[];
      const started = Date.now();
      const evaluated: EvaluatedCandidate[] = [];
      let budgetBound = false;
      for (let index = 0; index < list.length; index++) {
        options.signal?.throwIfAborted();
        if (index > 0 && (Date.now() >= options.deadline() || (used.get(family) as number) >= share())) {
          budgetBound = true;
          break;
        }
        const result = await evaluateCandidate(list[index], index, { ...options, deadline: index === 0 ? null : options.deadline() });
        if (!result) {
          budgetBound = true;
          break;
        }
        used.set(family, (used.get(family) as number) + result.seconds);
        evaluated.push(result);
        options.onCandidate?.(family, evaluated.length, list.length, result);
      }
      finished.add(family);
      results.set(family, { family, evaluated, planned: list.length, budgetBound, seconds: (Date.now() - started) / 1000 });
    }),
  );
  return results;
}

/**
 * The best candidate: highest mean validation macro-F1; ties go to the lower std, then the earlier
 * candidate (simpler, hand-picked ones come first), so the choice is deterministic.
 */
export function bestOf(evaluated: EvaluatedCandidate[]): EvaluatedCandidate {
  return [...evaluated].sort((a, b) => b.mean - a.mean || a.std - b.std || a.index - b.index)[0];
}

/** rank_test_score as scikit-learn computes it ('min' ranking of mean scores, 1 = best). */
export function ranks(evaluated: EvaluatedCandidate[]): number[] {
  return evaluated.map((e) => 1 + evaluated.filter((o) => o.mean > e.mean + 1e-12).length);
}
