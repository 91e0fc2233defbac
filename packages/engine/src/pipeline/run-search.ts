import type { ModelFamily } from '@indicata/contracts';
import { candidatesFor, preferredCount, type Candidate } from '../search/spaces.ts';
import { CostModel } from '../search/cost-model.ts';
import { halvingSearch, type FamilySearch } from '../search/halving.ts';
import { replaySearch } from '../search/replay-search.ts';
import { deriveSeed } from '../data/random.ts';
import { randomFoldShapes } from './cv-gap.ts';
import { searchRowCap } from '../search/row-sample.ts';
import { createSearchReserve, MAX_RESERVE_SHARE } from './search-reserve.ts';
import type { PreparedRun, RunSetup } from './run-prepare.ts';

/** What the search leaves to the later phases. */
export interface SearchOutcome {
  searched: Map<ModelFamily, FamilySearch>;
  /** Fit costs measured so far, which predict the later fits' costs. */
  costs: CostModel;
  /** Shapes of the random folds of the CV gap, for an input set and a fold count. */
  gapFoldShapes: (inputs: string, k: number) => ReturnType<typeof randomFoldShapes>;
}

/**
 * The search phase: every family's candidates scored on the validation folds by successive halving, within what the
 * budget leaves after the predicted cost of the phases that must follow (or, on a replay, the recorded fits).
 * @param setup the run's configuration, clock and fit threads
 * @param prep the prepared folds and input sets
 */
export async function searchPhase(setup: RunSetup, prep: PreparedRun): Promise<SearchOutcome> {
  const { config, budget, progress, families, runner, replay, signal, modelModule } = setup;
  const { dataOf, nClasses, prepared, horizon, horizonShapeOf, inputSets } = prep;
  const candidates = new Map<ModelFamily, Candidate[]>();
  for (const family of families) {
    const choice = config.models[family] as 'auto' | Record<string, unknown>;
    candidates.set(family, candidatesFor(family, choice, deriveSeed(config.seed, 'space', family), config.maxCandidatesPerFamily, inputSets));
  }
  const preferred = (family: ModelFamily) =>
    preferredCount(family, config.models[family] as 'auto' | Record<string, unknown>, inputSets, (candidates.get(family) as Candidate[]).length);
  const costs = new CostModel();

  // The search stops starting fits when what is left equals the predicted cost of what must follow it: the
  // final fits (in parallel) and the CV gap of the most expensive plausible choice, each family's first
  // (default) candidate standing in for its finalist. The prediction sharpens as fits are measured.
  const gapRows = prepared.trainRows.length;
  const gapFoldShapes = (inputs: string, k: number) => {
    const { X } = dataOf(inputs).final.set.balanced;
    return randomFoldShapes(gapRows, X.rows, X.cols, k, searchRowCap(config.budgetSeconds));
  };
  const reserve = createSearchReserve({
    families,
    candidates,
    finalOf: (inputs) => dataOf(inputs).final,
    costs,
    nClasses,
    budgetSeconds: config.budgetSeconds,
    permutationRepeats: config.permutationRepeats,
    threads: runner.threads,
    gapShapes: (inputs) => gapFoldShapes(inputs, config.randomFolds),
    horizonShape: horizon && config.targetHistory !== 'off' ? horizonShapeOf : null,
  });
  // The reserve never takes more than this share of the budget: beyond it the later stages fall back (a
  // cheaper final model, no CV gap) rather than leave the search no time at all.
  const searchDeadline = () => {
    const { finals, gap } = reserve.parts();
    return budget.fitsEnd - Math.min(finals + gap, MAX_RESERVE_SHARE * config.budgetSeconds) * 1000;
  };

  budget.enter('search');
  const searchStarted = Date.now();
  let tasksDone = 0;
  const searchFraction = () => 0.05 + 0.7 * Math.min(1, (Date.now() - searchStarted) / Math.max(1, searchDeadline() - searchStarted));
  progress(0.05, 'Searching models');
  const ticker = setInterval(() => progress(searchFraction(), `Searching models (${tasksDone} fits done)`), 2000);
  ticker.unref();
  const searchFolds = Object.fromEntries(inputSets.map((inputs) => [inputs, dataOf(inputs).folds]));
  const replayOptions = { runner, folds: searchFolds, nClasses, seed: config.seed, modelModule, signal, preferredCount: preferred };
  const searched = await (replay ? replaySearch(candidates, replay.search, replayOptions) : halvingSearch(candidates, {
    runner,
    folds: searchFolds,
    nClasses,
    seed: config.seed,
    budget,
    deadline: searchDeadline,
    firstFitsUntil: budget.firstFitsUntil(searchStarted),
    costs,
    modelModule,
    signal,
    preferredCount: preferred,
    onScored: reserve.onScored,
    onTask: (family, scoredCandidates, planned) => {
      tasksDone += 1;
      progress(searchFraction(), `${family}: ${scoredCandidates} of ${planned} candidates scored`);
    },
  })).finally(() => clearInterval(ticker));
  if (process.env.INDICATA_DEBUG_SEARCH) {
    const { finals, gap } = reserve.parts();
    process.stderr.write(`search over at ${budget.elapsedSeconds().toFixed(1)} s; reserve predicted ${finals.toFixed(1)} s for the final fits + ${gap.toFixed(1)} s for the CV gap, ${(budget.remainingMs() / 1000).toFixed(1)} s left\n`);
  }
  return { searched, costs, gapFoldShapes };
}
