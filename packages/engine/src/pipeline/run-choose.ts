import type { ModelFamily, ReplayRecord } from '@indicata/contracts';
import type { FitResult } from '../search/fit-task.ts';
import type { FamilySearch } from '../search/halving.ts';
import { FIRST } from '../search/spaces.ts';
import { familyFinalist, selectEnsemble, type Finalist, type SelectedEnsemble } from '../search/select.ts';
import { chooseConfiguration, chooseWithinTime, type Choice } from './choose.ts';
import { ENGINE_WARNINGS } from './warnings.ts';
import { fitFinals, forcedFinalFamilies, predictFinalSeconds } from './final-fits.ts';
import { recordableSeconds } from './replay.ts';
import type { PreparedRun, RunSetup } from './run-prepare.ts';
import type { SearchOutcome } from './run-search.ts';

/** The choice among the finalists, made on validation data only. */
export interface ChoiceOutcome {
  finalists: Finalist[];
  chosen: Choice;
  ensemble: SelectedEnsemble | null;
  /** The time the choice was made with, as a replay reads it back. */
  choiceTime: ReplayRecord['choice'];
  finalSeconds: (finalist: Finalist) => number;
}

/**
 * The choose phase: each family's finalist, the ensemble of them, and the configuration chosen among those whose
 * final fits fit the time left. It reads validation predictions only, so it runs before any test row is predicted.
 * @param setup the run's configuration, clock and warnings (the search's and the choice's warnings are appended)
 * @param prep the prepared folds
 * @param search the scored candidates and the fit costs
 */
export function choosePhase(setup: RunSetup, prep: PreparedRun, search: SearchOutcome): ChoiceOutcome {
  const { config, budget, families, warnings, replay, runner } = setup;
  const { primary, nClasses, dataOf } = prep;
  const choiceStarted = Date.now();
  const finalists: Finalist[] = [];
  for (const family of families) {
    const searched = search.searched.get(family) as FamilySearch;
    if (searched.budgetBound) {
      warnings.push(ENGINE_WARNINGS.searchStopped(family, searched.scored.length, searched.planned, searched.complete));
    }
    const fallbackTrees = [...new Set(searched.scored.filter((s) => s.candidate.fallback).map((s) => Number(s.candidate.params.n_estimators)))];
    if (fallbackTrees.length > 0) warnings.push(ENGINE_WARNINGS.smallerForest(family, Number(FIRST[family][0]?.n_estimators), fallbackTrees.sort((a, b) => b - a)));
    const finalist = familyFinalist(family, searched.scored, primary.folds, nClasses, config.seed);
    if (finalist) finalists.push(finalist);
    else warnings.push(ENGINE_WARNINGS.familyLeftOut(family));
  }
  if (finalists.length === 0) {
    throw new Error(`No model could be fitted within the time budget of ${config.budgetSeconds} s; choose a larger budget or fewer, cheaper models.`);
  }
  // The chosen model must have a final fit: when its members' finals are predicted to overrun the time left, the
  // same rule chooses among the finalists whose final fits do fit (chooseWithinTime).
  const predictedFinal = (f: Finalist) => predictFinalSeconds(f, dataOf(f.scored.candidate.inputs ?? 'indicators').final, true, search.costs, nClasses, config.permutationRepeats);
  const choiceTime = replay?.choice ?? {
    leftSeconds: budget.remainingMs() / 1000,
    finalSeconds: Object.fromEntries(finalists.map((f) => [f.family, recordableSeconds(predictedFinal(f))])),
    threads: runner.threads,
  };
  const finalSeconds = (f: Finalist) => choiceTime.finalSeconds[f.family] ?? Number.MAX_SAFE_INTEGER;
  // An ensemble needs two members with final fits; when at most one finalist's final fit can fit the time left (on
  // large data), no ensemble could be chosen, and its selection (1.8 s of main thread on 60,000 pooled rows) is
  // skipped.
  const fitLeft = choiceTime.leftSeconds;
  const selected = config.ensemble && finalists.filter((f) => finalSeconds(f) <= fitLeft).length >= 2 ? selectEnsemble(finalists, primary.folds, nClasses, config.seed) : null;
  const within = chooseWithinTime(finalists, selected, primary.folds, nClasses, config.seed, { finalSeconds, leftSeconds: fitLeft, threads: choiceTime.threads ?? runner.threads });
  if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`choice took ${((Date.now() - choiceStarted) / 1000).toFixed(2)} s\n`);
  if (within.warning) warnings.push(within.warning);
  return { finalists, chosen: within.chosen, ensemble: within.ensemble, choiceTime, finalSeconds };
}

/** The final fits, and the choice as they left it. */
export interface FinalsOutcome {
  finals: Map<ModelFamily, FitResult>;
  /** Finalists whose final fit completed. */
  fitted: Finalist[];
  /** The chosen configuration, or the best one whose final fits all completed. */
  finalChoice: Choice;
  lastResort: boolean;
}

/**
 * The final-fit phase: each family's finalist fitted on all training rows, the chosen model's members first; when a
 * member's fit was stopped, the best configuration whose fits all completed replaces the choice.
 * @param setup the run's configuration, clock, fit threads and warnings
 * @param prep the prepared data
 * @param search the fit costs
 * @param choice the finalists and the choice
 */
export async function finalFitsPhase(setup: RunSetup, prep: PreparedRun, search: SearchOutcome, choice: ChoiceOutcome): Promise<FinalsOutcome> {
  const { config, budget, progress, warnings, replay, runner, signal, modelModule } = setup;
  const { finalists, chosen, ensemble, finalSeconds } = choice;
  const { nClasses, primary, dataOf } = prep;
  budget.enter('final');
  progress(0.75, 'Fitting the chosen models on all training rows');
  const permutationFamilies = new Set<ModelFamily>(chosen.members.map((m) => m.finalist.family));
  let finalsDone = 0;
  let lastResort = replay?.finals.lastResort ?? false;
  const lastResortWarning = ENGINE_WARNINGS.lastResort(Math.ceil(budget.assemblySeconds), config.budgetSeconds);
  if (lastResort) warnings.push(lastResortWarning);
  const finals = await fitFinals(replay ? finalists.filter((f) => replay.finals.fitted.includes(f.family)) : finalists, permutationFamilies, {
    runner,
    budget,
    costs: search.costs,
    nClasses,
    seed: config.seed,
    permutationRepeats: config.permutationRepeats,
    modelModule,
    signal,
    data: (inputs) => dataOf(inputs).final,
    force: forcedFinalFamilies(permutationFamilies, finalists, finalSeconds),
    onLastResort: () => {
      lastResort = true;
      warnings.push(lastResortWarning);
    },
    onFitted: (family) => {
      finalsDone += 1;
      progress(0.75 + (0.15 * finalsDone) / finalists.length, `${family}: final model fitted`);
    },
  });
  const fitted = finalists.filter((f) => finals.has(f.family));
  if (fitted.length === 0) throw new Error(`No final model could be fitted within the time budget of ${config.budgetSeconds} s; choose a larger budget.`);
  let finalChoice = chosen;
  if (!chosen.members.every((m) => finals.has(m.finalist.family))) {
    // A member's final fit was stopped: the best configuration whose finals all completed is chosen instead.
    finalChoice = chooseConfiguration(fitted, ensemble && ensemble.weights.every((w) => finals.has(w.algorithm)) ? ensemble : null, primary.folds, nClasses, config.seed);
    warnings.push(ENGINE_WARNINGS.choiceReplaced(chosen.algorithm, finalChoice.algorithm));
  }
  for (const f of finalists) if (!finals.has(f.family)) warnings.push(ENGINE_WARNINGS.noFinalFit(f.family));
  return { finals, fitted, finalChoice, lastResort };
}
