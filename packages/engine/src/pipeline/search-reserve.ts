import type { ModelFamily } from '@indicata/contracts';
import type { Candidate } from '../search/spaces.ts';
import type { CostModel } from '../search/cost-model.ts';
import type { ScoredCandidate } from '../search/halving.ts';
import type { Finalist } from '../search/select.ts';
import { predictFinalSeconds, type FinalData } from './final-fits.ts';
import { predictGapSeconds, type FoldShape } from './cv-gap.ts';

/** Largest share of the budget held back from the search for the final fits and the CV gap. */
export const MAX_RESERVE_SHARE = 0.4;
/**
 * Seconds held back for the choice (the finalists' and the ensemble's standard errors and the ensemble selection, on
 * the main thread) when families whose final fits cannot fit are left out of the reserve: it took 1.2 s on a WHO
 * panel, and 2.5-4 s on 60,000 pooled validation rows before their bootstraps were capped (0.1-0.2 s since).
 */
const CHOICE_RESERVE_SECONDS = 3;

export interface SearchReserveInput {
  families: ModelFamily[];
  candidates: Map<ModelFamily, Candidate[]>;
  /** The final training set and test rows of an input set. */
  finalOf: (inputs: string) => FinalData;
  costs: CostModel;
  nClasses: number;
  budgetSeconds: number;
  permutationRepeats: number;
  threads: number;
  /** Shapes of the CV gap's random folds of an input set. */
  gapShapes: (inputs: string) => FoldShape[];
  /** Shape of the horizon check's fold of an input set, when the check may run. */
  horizonShape: ((inputs: string) => FoldShape) | null;
}

export interface SearchReserve {
  /** Follows each scored fold (the search's onScored), to track each family's leader. */
  onScored: (family: ModelFamily, state: ScoredCandidate) => void;
  /** Predicted seconds of what must follow the search: the final fits, and the CV gap with the horizon check. */
  parts: () => { finals: number; gap: number };
}

/**
 * The time the search leaves for what follows it: the final fits (in parallel) and the CV gap (and horizon check) of
 * the most expensive plausible choice, each family's first (default) candidate and its leader so far standing in
 * for its finalist. The prediction sharpens as fits are measured.
 * @param input the run's families, candidates, data shapes and cost model
 */
export function createSearchReserve(input: SearchReserveInput): SearchReserve {
  const { families, candidates, costs, nClasses, threads } = input;
  // Each family's leader so far (best pooled, else best on the most recent fold).
  const leaders = new Map<ModelFamily, { candidate: Candidate; score: number; complete: boolean }>();
  const onScored = (family: ModelFamily, state: ScoredCandidate) => {
    const complete = state.pooled !== null;
    const score = state.pooled ?? (state.foldScores.at(-1) as number | null);
    if (score === null) return;
    const current = leaders.get(family);
    if (!current || (complete && !current.complete) || (complete === current.complete && score > current.score)) {
      leaders.set(family, { candidate: state.candidate, score, complete });
    }
  };
  const parts = () => {
    const perFamily: { s: number; c: Candidate }[] = [];
    for (const family of families) {
      const options = [(candidates.get(family) as Candidate[])[0], leaders.get(family)?.candidate].filter((c): c is Candidate => !!c);
      let costliest: { s: number; c: Candidate } | null = null;
      for (const c of options) {
        const s = predictFinalSeconds({ scored: { candidate: c } } as unknown as Finalist, input.finalOf(c.inputs ?? 'indicators'), true, costs, nClasses, input.permutationRepeats);
        if (!costliest || s > costliest.s) costliest = { s, c };
      }
      if (costliest) perFamily.push(costliest);
    }
    // A family whose final fit alone is predicted to outlast the largest reserve cannot be chosen (chooseWithinTime
    // leaves it out), so holding time back for it would only shorten the search: on 300,720 rows, KNN's and SVM's
    // finals (predicted 800 s) kept the search to 60 % of the budget and the run ended 20 s early.
    // Those families' predicted finals also covered the choice (ensemble selection on the main thread, 2.1 s on
    // 60,000 pooled validation rows), so without them an allowance for it is held back instead.
    const feasible = perFamily.filter((p) => p.s <= MAX_RESERVE_SHARE * input.budgetSeconds);
    const stand = feasible.length > 0 ? feasible : perFamily;
    const choiceAllowance = stand.length < perFamily.length ? CHOICE_RESERVE_SECONDS : 0;
    const finals = choiceAllowance + Math.max(0, ...stand.map((p) => p.s), stand.reduce((sum, p) => sum + p.s, 0) / threads);
    const standIns = stand.map((p) => ({ scored: { candidate: p.c } })) as unknown as Finalist[];
    const gap = predictGapSeconds(standIns, input.gapShapes, costs, threads, nClasses);
    const horizonSeconds = input.horizonShape ? predictGapSeconds(standIns, (inputs) => [(input.horizonShape as (i: string) => FoldShape)(inputs)], costs, threads, nClasses) : 0;
    return { finals, gap: gap + horizonSeconds };
  };
  return { onScored, parts };
}
