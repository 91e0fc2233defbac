import type { ModelFamily } from '@indicata/contracts';
import { regularCount, type Candidate } from './spaces.ts';
import type { TaskRunner } from './pool.ts';
import type { FitResult } from './fit-task.ts';
import type { FoldData, ScoredCandidate } from './search.ts';
import type { CostModel, FitShape } from './cost-model.ts';
import type { RunBudget } from '../pipeline/budget.ts';
import { poolIfComplete, recordFold, searchFitTask, unscoredCandidate } from './fold-fits.ts';

/**
 * The budgeted search: successive halving over validation folds, families interleaved on the worker threads.
 *
 * - Rung 0 scores every candidate on the most recent validation fold only (its training set is the largest and
 *   its year the closest to the test years). Candidates are taken in batches; when a batch's rung-0 scores are
 *   all in (and every earlier batch's), each candidate whose score is in the top third of the family's rung-0
 *   scores so far is promoted, as are the hand-picked strong defaults and the user's explicit configurations.
 * - Rung 1 scores promoted candidates on the remaining folds; only fully scored candidates are ranked, on
 *   their pooled validation predictions.
 * - Families take turns by worker time used (cheap families run more candidates in the same time); promoted
 *   work goes before new candidates; cheap families start first so a slow one cannot starve the others.
 * - A task starts only when the cost model predicts it ends before the search deadline; a task still running
 *   at the deadline that was set when it started is stopped (its worker thread is terminated).
 * - A family's fallbacks (smaller forests, at the end of its list) are not part of its plan: the largest that fits
 *   stands in for a regular candidate that does not, once per input set, before anything of that input set started.
 *
 * The outcome depends only on which tasks completed, not on their order, so a run the budget does not bind is
 * deterministic given the seed, whatever the number of threads.
 */

export type { ScoredCandidate } from './search.ts';

export interface FamilySearch {
  family: ModelFamily;
  /** Every candidate scored on at least one fold, in list order. */
  scored: ScoredCandidate[];
  planned: number;
  /** Candidates scored on every fold. */
  complete: number;
  budgetBound: boolean;
  /** Worker seconds used by the family. */
  seconds: number;
}

export interface HalvingOptions {
  runner: TaskRunner;
  /** Validation folds per input set, oldest first (the last is rung 0). */
  folds: Record<string, FoldData[]>;
  nClasses: number;
  seed: number;
  budget: RunBudget;
  /** Epoch ms by which the search's fits must end; may move as the reserve for later stages is re-estimated. */
  deadline: () => number;
  /**
   * Until this epoch ms the search may start fits even past `deadline` while no candidate of any family has
   * been scored (a tiny budget, or a slow machine, must still give a model).
   */
  firstFitsUntil?: number;
  costs: CostModel;
  modelModule: string;
  signal?: AbortSignal;
  /** Number of hand-picked candidates at the head of each family's list (preferred on ties). */
  preferredCount: (family: ModelFamily) => number;
  onTask?: (family: ModelFamily, scoredCandidates: number, planned: number) => void;
  /** Called after each scored fold with the family's candidate (lets the caller track the leaders' costs). */
  onScored?: (family: ModelFamily, state: ScoredCandidate) => void;
}

/** Rung-0 batch size: promotion decisions are taken per batch, in batch order. */
const BATCH = 6;
/** Share of rung-0 candidates promoted to the remaining folds. */
const PROMOTE_SHARE = 1 / 3;
/** How far down the list a family looks for a candidate that still fits the time left. */
const LOOKAHEAD = 8;

interface Work {
  family: ModelFamily;
  state: ScoredCandidate;
  fold: number;
  /** A family's first fit, started although predicted to end past the deadline (see `nextWork`). */
  overruns?: boolean;
}

interface FamilyState {
  family: ModelFamily;
  list: Candidate[];
  /** Regular candidates in `list` (the fallbacks follow them). */
  regular: number;
  next: number;
  /** Input sets of which a candidate was started (a fallback stands in only for an input set not yet tried). */
  startedInputs: Set<string>;
  used: number;
  states: ScoredCandidate[];
  /** Promoted work waiting for a thread. */
  promoted: Work[];
  /** Batches of candidate indices whose rung-0 tasks were started, in order; decided ones are removed. */
  batches: { indices: number[]; pending: number }[];
  rung0Scores: number[];
  budgetBound: boolean;
  done: boolean;
  inFlight: number;
}

function shapeOf(fold: FoldData, nClasses: number): FitShape {
  return { trainRows: fold.train.rows, features: fold.train.cols, predictRows: fold.validation.rows, classes: nClasses };
}

function inputsOf(candidate: Candidate): string {
  return candidate.inputs ?? 'indicators';
}

function describe(candidate: Candidate): string {
  const params = Object.entries(candidate.params)
    .map(([k, v]) => `${k}=${v === null ? 'None' : String(v)}`)
    .join(', ');
  return `${candidate.family} (${params}${candidate.scaler !== 'none' ? `, scaler ${candidate.scaler}` : ''})`;
}

/**
 * Runs the search.
 * @param candidates ordered candidates per family (hand-picked defaults first)
 * @param options runner, folds, budget, cost model ...
 * @returns per family, every scored candidate
 */
export async function halvingSearch(candidates: Map<ModelFamily, Candidate[]>, options: HalvingOptions): Promise<Map<ModelFamily, FamilySearch>> {
  const { runner, nClasses, budget, costs } = options;
  const foldsOf = (c: Candidate) => options.folds[c.inputs ?? 'indicators'] as FoldData[];
  const anyFolds = Object.values(options.folds)[0] as FoldData[];
  const K = anyFolds.length;
  const rung0 = K - 1;
  const families: FamilyState[] = [...candidates.entries()].map(([family, list]) => ({
    family,
    list,
    regular: regularCount(list),
    next: 0,
    startedInputs: new Set<string>(),
    used: 0,
    states: [],
    promoted: [],
    batches: [],
    rung0Scores: [],
    budgetBound: false,
    done: regularCount(list) === 0,
    inFlight: 0,
  }));
  // Cheap families first: their first candidates are predicted from the priors.
  families.sort((a, b) => {
    const ca = a.list[0] ? costs.predict(a.list[0], shapeOf(foldsOf(a.list[0])[rung0], nClasses)) : 0;
    const cb = b.list[0] ? costs.predict(b.list[0], shapeOf(foldsOf(b.list[0])[rung0], nClasses)) : 0;
    return ca - cb;
  });

  let anyScored = false;
  // First fits predicted past the deadline that are running: at most one at a time, so that on large data the
  // costly families' first fits (an RF or an SVM predicted at minutes on 40,000 rows) cannot hold every thread
  // until the deadline while cheap families still have candidates to score.
  let overrunsInFlight = 0;
  const currentDeadline = () => (anyScored ? options.deadline() : Math.max(options.deadline(), options.firstFitsUntil ?? 0));
  const predictTask = (w: Work) => costs.predict(w.state.candidate, shapeOf(foldsOf(w.state.candidate)[w.fold], nClasses));

  const promote = (fam: FamilyState, state: ScoredCandidate) => {
    for (let f = 0; f < K; f++) if (f !== rung0) fam.promoted.push({ family: fam.family, state, fold: f });
  };

  // Promotion decisions, batch by batch in order, once a batch's rung-0 tasks are all over.
  const decide = (fam: FamilyState) => {
    while (fam.batches.length > 0 && fam.batches[0].pending === 0) {
      const batch = fam.batches.shift() as { indices: number[] };
      const members = batch.indices.map((i) => fam.states.find((s) => s.index === i)).filter((s): s is ScoredCandidate => !!s);
      for (const s of members) fam.rung0Scores.push(s.foldScores[rung0] as number);
      const sorted = [...fam.rung0Scores].sort((a, b) => b - a);
      const threshold = sorted[Math.max(0, Math.ceil(sorted.length * PROMOTE_SHARE) - 1)];
      for (const s of members) {
        if (K === 1) continue;
        if (s.preferred || (s.foldScores[rung0] as number) >= threshold) promote(fam, s);
      }
    }
  };

  /** Starts a candidate on the most recent fold, in the family's current promotion batch. */
  const startRung0 = (fam: FamilyState, index: number, overruns: boolean): Work => {
    const state = unscoredCandidate(index, fam.list[index], index < options.preferredCount(fam.family), K);
    fam.startedInputs.add(inputsOf(fam.list[index]));
    const last = fam.batches.at(-1);
    if (last && last.indices.length < BATCH) {
      last.indices.push(index);
      last.pending += 1;
    } else fam.batches.push({ indices: [index], pending: 1 });
    return { family: fam.family, state, fold: rung0, overruns };
  };

  /** The largest fallback of a family for an input set not yet tried that fits the time left. */
  const fallbackFor = (fam: FamilyState, inputs: string, deadline: number): number | null => {
    if (fam.startedInputs.has(inputs)) return null;
    for (let index = fam.regular; index < fam.list.length; index++) {
      const candidate = fam.list[index];
      if (inputsOf(candidate) !== inputs) continue;
      if (budget.mayStart(costs.predict(candidate, shapeOf(foldsOf(candidate)[rung0], nClasses)), deadline)) return index;
    }
    return null;
  };

  /**
   * The next piece of work of a family that fits the time left; 'waits' when its first candidate waits until no
   * other family's first fit predicted past the deadline is running; or null (and the family may end).
   */
  const nextWork = (fam: FamilyState): Work | 'waits' | null => {
    const deadline = currentDeadline();
    while (fam.promoted.length > 0) {
      const work = fam.promoted[0];
      if (budget.mayStart(predictTask(work), deadline)) return fam.promoted.shift() as Work;
      // Its remaining folds do not fit: the candidate stays scored on fewer folds.
      fam.budgetBound = true;
      fam.promoted = fam.promoted.filter((w) => w.state !== work.state);
      budget.noteStopped(`${describe(work.state.candidate)}: not scored on every fold (predicted ${predictTask(work).toFixed(1)} s per fold, not enough time left)`);
    }
    for (let look = 0; look < LOOKAHEAD && fam.next < fam.regular; look++) {
      const index = fam.next;
      const candidate = fam.list[index];
      const predicted = costs.predict(candidate, shapeOf(foldsOf(candidate)[rung0], nClasses));
      const fits = budget.mayStart(predicted, deadline);
      // A smaller stand-in that fits comes before waiting for, or overrunning with, a default that does not.
      const fallback = fits ? null : fallbackFor(fam, inputsOf(candidate), deadline);
      if (fallback !== null) {
        budget.noteStopped(`${describe(candidate)}: not started (predicted ${predicted.toFixed(1)} s, not enough time left); ${describe(fam.list[fallback])} tried instead`);
        fam.budgetBound = true;
        fam.next += 1;
        return startRung0(fam, fallback, false);
      }
      // A family's first candidate is always tried when nothing of the family was measured: the priors are
      // rough, and the deadline stops it if it overruns.
      const first = fam.states.length === 0 && fam.inFlight === 0 && !costs.measured(candidate);
      if (first && !fits && overrunsInFlight > 0) return 'waits';
      if (first || fits) {
        fam.next += 1;
        return startRung0(fam, index, !fits);
      }
      // Too slow for the time left: look at the next (cheaper candidates may follow).
      budget.noteStopped(`${describe(candidate)}: not started (predicted ${predicted.toFixed(1)} s, not enough time left)`);
      fam.budgetBound = true;
      fam.next += 1;
    }
    return null;
  };

  const pickFamily = (): { fam: FamilyState; work: Work } | null => {
    const order = families.filter((f) => !f.done).sort((a, b) => a.used - b.used || families.indexOf(a) - families.indexOf(b));
    for (const fam of order) {
      if (Date.now() >= currentDeadline()) return null;
      const work = nextWork(fam);
      if (work === 'waits') continue;
      if (work) return { fam, work };
      // Nothing to start: the family ends unless it waits on its own running tasks (which may promote work).
      if (fam.inFlight === 0 && fam.promoted.length === 0) {
        decide(fam);
        if (fam.promoted.length === 0) fam.done = true;
      }
    }
    return null;
  };

  const runWork = async (fam: FamilyState, work: Work): Promise<void> => {
    const { state, fold } = work;
    const folds = foldsOf(state.candidate);
    const data = folds[fold];
    const stopAt = currentDeadline();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('search deadline')), Math.max(0, stopAt - Date.now()));
    // The run's own signal stops this task too; the listener is removed when the task ends (AbortSignal.any
    // would leave one listener per task on the run's signal until garbage collection).
    const forward = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', forward, { once: true });
    const signal = controller.signal;
    const started = Date.now();
    let result: FitResult | null = null;
    try {
      result = await runner.run(searchFitTask(state.candidate, state.index, fold, data, options, stopAt), signal);
    } catch (error) {
      options.signal?.throwIfAborted();
      if (!controller.signal.aborted) throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forward);
    }
    const seconds = (Date.now() - started) / 1000;
    if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`task ${describe(state.candidate)} fold ${fold}: predicted ${predictTask(work).toFixed(2)} s, took ${seconds.toFixed(2)} s (fit ${result?.fitSeconds.toFixed(2)}), deadline in ${((options.deadline() - Date.now()) / 1000).toFixed(1)} s\n`);
    fam.used += result && !result.skipped ? result.seconds : seconds;
    if (!result || result.skipped) {
      fam.budgetBound = true;
      if (!result) budget.noteStopped(`${describe(state.candidate)}: stopped after ${seconds.toFixed(1)} s at the search deadline`);
      // A candidate missing a fold is dropped from promotion; one missing its rung-0 fold is not scored.
      fam.promoted = fam.promoted.filter((w) => w.state !== state);
      if (fold === rung0) {
        for (const b of fam.batches) {
          if (!b.indices.includes(state.index)) continue;
          b.pending -= 1;
          b.indices = b.indices.filter((i) => i !== state.index);
        }
      }
      return;
    }
    anyScored = true;
    costs.observe(state.candidate, shapeOf(data, nClasses), result.fitSeconds, result.seconds - result.fitSeconds);
    recordFold(state, fold, result, data, nClasses);
    if (fold === rung0) {
      fam.states.push(state);
      for (const b of fam.batches) if (b.indices.includes(state.index)) b.pending -= 1;
      decide(fam);
    }
    poolIfComplete(state, folds, nClasses);
    options.onScored?.(fam.family, state);
    options.onTask?.(fam.family, fam.states.length, fam.regular);
  };

  // Keep every thread busy; when nothing can start, wait for a running task (it may promote work).
  const running = new Set<Promise<void>>();
  for (;;) {
    options.signal?.throwIfAborted();
    while (running.size < runner.threads) {
      const picked = pickFamily();
      if (!picked) break;
      const { fam, work } = picked;
      fam.inFlight += 1;
      if (work.overruns) overrunsInFlight += 1;
      const p: Promise<void> = runWork(fam, work).finally(() => {
        fam.inFlight -= 1;
        if (work.overruns) overrunsInFlight -= 1;
        running.delete(p);
      });
      running.add(p);
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  for (const fam of families) {
    if (fam.next >= fam.regular) continue;
    fam.budgetBound = true;
    budget.noteStopped(`${fam.family}: ${fam.regular - fam.next} candidate(s) not started (the search deadline came first)`);
  }

  const out = new Map<ModelFamily, FamilySearch>();
  for (const [family] of candidates) {
    const fam = families.find((f) => f.family === family) as FamilyState;
    const scored = [...fam.states].sort((a, b) => a.index - b.index);
    out.set(family, {
      family,
      scored,
      planned: fam.regular,
      complete: scored.filter((s) => s.pooled !== null).length,
      budgetBound: fam.budgetBound,
      seconds: fam.used,
    });
  }
  return out;
}
