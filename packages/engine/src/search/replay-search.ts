import type { ModelFamily, ReplayRecord } from '@indicata/contracts';
import { regularCount, type Candidate } from './spaces.ts';
import type { TaskRunner } from './pool.ts';
import type { FoldData, ScoredCandidate } from './search.ts';
import type { FamilySearch } from './halving.ts';
import { poolIfComplete, recordFold, searchFitTask, unscoredCandidate } from './fold-fits.ts';

/** A replay record that does not fit the run it is replayed on (another configuration, engine or data). */
export class ReplayMismatchError extends Error {}

export interface ReplaySearchOptions {
  runner: TaskRunner;
  /** Validation folds per input set, oldest first. */
  folds: Record<string, FoldData[]>;
  nClasses: number;
  seed: number;
  modelModule: string;
  signal?: AbortSignal;
  /** Number of hand-picked candidates at the head of each family's list. */
  preferredCount: (family: ModelFamily) => number;
}

/**
 * What a search completed, in the replay record's words: per family, each scored candidate and its folds.
 * @param searched the search's outcome per family
 */
export function searchRecordOf(searched: Map<ModelFamily, FamilySearch>): ReplayRecord['search'] {
  return [...searched.values()].map((s) => ({
    family: s.family,
    budgetBound: s.budgetBound,
    scored: s.scored.map((c) => ({ index: c.index, folds: c.foldPredictions.flatMap((p, f) => (p === null ? [] : [f])) })),
  }));
}

/**
 * Runs exactly the fits a recorded search completed, with no clock: each candidate on the folds it was scored on,
 * with the same seeds, so the scores, predictions and probabilities are those of the original run.
 * @param candidates ordered candidates per family (the same lists the original search had)
 * @param record the original search's record
 * @param options runner, folds ...
 * @returns per family, every scored candidate (as halvingSearch returns it)
 */
export async function replaySearch(candidates: Map<ModelFamily, Candidate[]>, record: ReplayRecord['search'], options: ReplaySearchOptions): Promise<Map<ModelFamily, FamilySearch>> {
  const foldsOf = (c: Candidate) => options.folds[c.inputs ?? 'indicators'] as FoldData[];
  const K = (Object.values(options.folds)[0] as FoldData[]).length;
  const out = new Map<ModelFamily, FamilySearch>();
  const fits: Promise<void>[] = [];
  for (const [family, list] of candidates) {
    const entry = record.find((r) => r.family === family);
    const scored: ScoredCandidate[] = [];
    for (const { index, folds } of entry?.scored ?? []) {
      const candidate = list[index];
      if (!candidate || folds.some((f) => f >= K) || !folds.includes(K - 1)) {
        throw new ReplayMismatchError(`the record's ${family} candidate ${index} is not in this run's search (another configuration or engine version)`);
      }
      const state = unscoredCandidate(index, candidate, index < options.preferredCount(family), K);
      scored.push(state);
      for (const fold of folds) {
        const data = foldsOf(candidate)[fold];
        fits.push(
          options.runner
            .run(searchFitTask(candidate, index, fold, data, options, null), options.signal)
            .then((result) => recordFold(state, fold, result, data, options.nClasses)),
        );
      }
    }
    out.set(family, { family, scored, planned: regularCount(list), complete: 0, budgetBound: entry?.budgetBound ?? false, seconds: 0 });
  }
  await Promise.all(fits);
  for (const search of out.values()) {
    for (const state of search.scored) poolIfComplete(state, foldsOf(state.candidate), options.nClasses);
    search.complete = search.scored.filter((s) => s.pooled !== null).length;
    search.seconds = search.scored.reduce((sum, s) => sum + s.fitSeconds + s.predictSeconds, 0);
  }
  return out;
}
