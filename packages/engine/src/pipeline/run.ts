import { REPLAY_RECORD_VERSION, type AutoMLResults, type ModelFamily, type ReplayRecord, type ResultAlgorithm, type RuleAlgorithm } from '@indicata/contracts';
import { setMaxListeners } from 'node:events';
import type { PanelFrame } from '../data/frame.ts';
import { parseEngineConfig, type EngineConfig, type EngineConfigInput } from './config.ts';
import { buildFoldData, buildTrainingSet, lazyFoldSets, prepareTarget, type PreparedTarget } from './prepare.ts';
import { ColumnStatsMemo, transformFeatures, type FeatureSource } from '../preprocess/features.ts';
import type { SavedPipelineModel } from './saved-model.ts';
import { validationFolds, type Fold } from '../search/splits.ts';
import { candidatesFor, preferredCount, type Candidate, type InputSet } from '../search/spaces.ts';
import { createTaskRunner } from '../search/pool.ts';
import { warmUp } from './warm-up.ts';
import type { FoldData } from '../search/search.ts';
import { CostModel } from '../search/cost-model.ts';
import { halvingSearch, type FamilySearch } from '../search/halving.ts';
import { familyFinalist, selectEnsemble, type Finalist } from '../search/select.ts';
import { chooseConfiguration, chooseWithinTime } from './choose.ts';
import { deriveSeed } from '../data/random.ts';
import { pickInt32 } from '../data/stats.ts';
import { clean } from '../metrics/tables.ts';
import { ASSEMBLE_RESERVE_SECONDS, RunBudget } from './budget.ts';
import { ENGINE_WARNINGS } from './warnings.ts';
import { fitFinals, forcedFinalFamilies, predictFinalSeconds, type FinalData } from './final-fits.ts';
import { randomFoldShapes } from './cv-gap.ts';
import { cvGapStage } from './cv-gap-stage.ts';
import { assembleResults, budgetUse, historyDescription } from './assemble.ts';
import { collectModelResults } from './run-models.ts';
import { samplePositions, searchRowCap, subsetRows } from '../search/row-sample.ts';
import { type TestContext } from './model-results.ts';
import { targetHistoryColumns, withHistory } from './target-history.ts';
import { ruleCandidates, weighRules } from './rules.ts';
import { checkHorizon, horizonFold, recommendAfterHorizon, horizonShape, type HorizonReport } from './horizon-check.ts';
import { attachTrust } from './trust-results.ts';
import { createSearchReserve, MAX_RESERVE_SHARE } from './search-reserve.ts';
import { checkReplayFits, engineVersionOf, frameSha256, recordedConfig, recordableSeconds, REPLAY_BUDGET_SECONDS, replayedOr } from './replay.ts';
import { replaySearch, searchRecordOf } from '../search/replay-search.ts';

/** Progress callback: fraction of the run done (0..1) and what is happening. */
export type ProgressCallback = (fraction: number, message: string) => void;

export interface RunOptions {
  onProgress?: ProgressCallback;
  /** Aborts the whole run (rejects with the signal's reason). */
  signal?: AbortSignal;
  /**
   * URL of the module exporting createModel. Defaults to the engine's models; tests of the plumbing may
   * point it at a small test classifier.
   */
  modelModule?: string;
  /** Epoch ms the budget counts from (default: now); the CLI passes its process start. */
  startedAt?: number;
  /**
   * Replays a recorded run exactly: the same fits, with no clock (see pipeline/replay.ts). The data and the
   * configuration (but for the thread count) must be the recorded run's.
   */
  replay?: ReplayRecord;
}

export type { SavedPipelineModel } from './saved-model.ts';

export interface RunOutput {
  results: AutoMLResults;
  /** Saved models of the families whose final fit completed, and of the rules when they were candidates. */
  models: Partial<Record<ModelFamily | RuleAlgorithm, SavedPipelineModel>>;
}

/**
 * Permutation importance is estimated on at most this many test rows (a seeded sample, the same for every
 * model): it costs features x repeats predictions, which on a large test set would eat the budget.
 */
const PERMUTATION_MAX_ROWS = 200;

/** Smallest budget (seconds) for which every family is warmed up (a tiny fit per thread) before the search. */
const WARM_UP_MIN_BUDGET = 20;

const DEFAULT_MODEL_MODULE = new URL('../models/index.ts', import.meta.url).href;

/** Everything fit on one input set: fold data, final training set, test matrices. */
interface InputData {
  source: FeatureSource;
  folds: FoldData[];
  final: FinalData;
}

function inputSetsOf(mode: EngineConfig['targetHistory']): InputSet[] {
  if (mode === 'off') return ['indicators'];
  if (mode === 'on') return ['indicators+history'];
  return ['indicators', 'indicators+history'];
}

/**
 * Runs the whole AutoML pipeline on a panel within the configured time budget (a ceiling on the whole run).
 * Flow: prepare -> search (pipeline budget) -> choose (validation only) -> final fits -> CV gap -> results;
 * see packages/engine/README.md, "How a run spends its budget".
 * @param frame the panel (rows = space x time)
 * @param configInput engine configuration (validated; defaults filled)
 * @param options progress callback, abort signal, budget start
 * @returns the results JSON and the saved model of each family whose final fit completed
 */
export async function runAutoML(frame: PanelFrame, configInput: EngineConfigInput | EngineConfig, options: RunOptions = {}): Promise<RunOutput> {
  const config = parseEngineConfig(configInput as EngineConfigInput);
  const startedAt = options.startedAt ?? Date.now();
  const { replay } = options;
  if (replay) checkReplayFits(replay, config, frame);
  const budget = new RunBudget(replay ? REPLAY_BUDGET_SECONDS : config.budgetSeconds, () => Date.now(), startedAt);
  const progress = (fraction: number, message: string) => options.onProgress?.(Math.max(0, Math.min(1, fraction)), message);
  const { signal } = options;
  const modelModule = options.modelModule ?? DEFAULT_MODEL_MODULE;
  signal?.throwIfAborted();
  // Every queued fit listens to the run's signal.
  if (signal) setMaxListeners(0, signal);
  budget.enter('prepare', startedAt);
  progress(0, 'Preparing the data');
  // Worker threads load the models (and tfjs, when ANN is searched) while this thread prepares the data, so that
  // neither the load nor a first call's compilation is mistaken for a fit's cost.
  // Below WARM_UP_MIN_BUDGET seconds only the module loading is done ahead (a tiny DT fit per thread): a fit
  // stopped at a deadline must never be a thread still loading its modules.
  const runner = createTaskRunner(config.workers);
  const families = Object.keys(config.models) as ModelFamily[];
  const warmedUp = warmUp(runner, config.budgetSeconds >= WARM_UP_MIN_BUDGET ? families : ['DT'], modelModule, signal);

  const prepared = prepareTarget(frame, config);
  const warnings = [...prepared.warnings];
  const nClasses = prepared.classes.classes.length;
  const titles = prepared.classes.classes.map((c) => c.title);

  // Validation folds over the outer training rows.
  const trainTimes = prepared.trainRows.map((i) => frame.time[i]);
  const trainClasses = prepared.trainRows.map((i) => prepared.classOf[i]);
  const { folds, kind: foldKind } = validationFolds(trainTimes, trainClasses, { folds: config.folds, randomFolds: config.randomFolds, seed: deriveSeed(config.seed, 'fallback-folds') });
  if (foldKind === 'random') warnings.push(ENGINE_WARNINGS.singleTimeValue());

  // One preprocessing per fold and input set, shared by every candidate.
  const inputSets = inputSetsOf(config.targetHistory);
  const history = inputSets.includes('indicators+history') ? targetHistoryColumns(frame, prepared.target, prepared.classes, config.target) : null;
  const permutationPositions = samplePositions(prepared.testRows.length, PERMUTATION_MAX_ROWS, deriveSeed(config.seed, 'permutation-rows'));
  const data = new Map<InputSet, InputData>();
  const statsMemo = new ColumnStatsMemo();
  for (const inputs of inputSets) {
    const source = inputs === 'indicators' ? prepared.source : withHistory(prepared.source, history as FeatureSource);
    const view: PreparedTarget = { ...prepared, source };
    const set = buildTrainingSet(frame, view, prepared.trainRows, config, 'final', statsMemo);
    const test = transformFeatures(source, set.fitted, prepared.testRows).X;
    data.set(inputs, {
      source,
      folds: buildFoldData(frame, view, folds, config, 'fc', statsMemo),
      final: { set, test, permutation: subsetRows(test, permutationPositions) },
    });
  }
  const dataOf = (inputs: string) => data.get(inputs as InputSet) as InputData;
  const primary = dataOf(inputSets[0]);
  warnings.push(...primary.final.set.fitted.warnings);
  const largestSampled = Math.max(0, ...primary.folds.map((fold) => fold.sampledFromTrainRows ?? 0));
  if (largestSampled > 0) {
    warnings.push(ENGINE_WARNINGS.searchSampled(config.budgetSeconds, searchRowCap(config.budgetSeconds), largestSampled, primary.final.set.balanced.y.length));
  }
  // Random folds (the CV gap) and the horizon check's fold (training years only) are built only when used.
  const { randomFoldsOf, horizonFoldOf } = lazyFoldSets(frame, prepared, config, (inputs) => dataOf(inputs).source, statsMemo);
  const horizon = foldKind === 'forward-chaining' ? horizonFold(trainTimes, new Set(prepared.testRows.map((i) => frame.time[i])).size) : null;
  const horizonShapeOf = (inputs: string) => horizonShape(horizon as Fold, dataOf(inputs).final.set.balanced.X.cols, searchRowCap(config.budgetSeconds));
  signal?.throwIfAborted();
  if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`preparation done at ${budget.elapsedSeconds().toFixed(1)} s\n`);

  try {
    await warmedUp;
    if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`warm-up and preparation done at ${budget.elapsedSeconds().toFixed(1)} s\n`);
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
    const searchFolds = Object.fromEntries([...data].map(([k, v]) => [k, v.folds]));
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

    // The choice uses validation predictions only, so it is made before any test row is predicted.
    const choiceStarted = Date.now();
    const finalists: Finalist[] = [];
    for (const family of families) {
      const search = searched.get(family) as FamilySearch;
      if (search.budgetBound) {
        warnings.push(ENGINE_WARNINGS.searchStopped(family, search.scored.length, search.planned, search.complete));
      }
      const finalist = familyFinalist(family, search.scored, primary.folds, nClasses, config.seed);
      if (finalist) finalists.push(finalist);
      else warnings.push(ENGINE_WARNINGS.familyLeftOut(family));
    }
    if (finalists.length === 0) {
      throw new Error(`No model could be fitted within the time budget of ${config.budgetSeconds} s; choose a larger budget or fewer, cheaper models.`);
    }
    // The chosen model must have a final fit: when its members' finals are predicted to overrun the time left, the
    // same rule chooses among the finalists whose final fits do fit (chooseWithinTime).
    const predictedFinal = (f: Finalist) => predictFinalSeconds(f, dataOf(f.scored.candidate.inputs ?? 'indicators').final, true, costs, nClasses, config.permutationRepeats);
    // The time the choice is made with, as a replay reads it back.
    const choiceTime = replay?.choice ?? {
      leftSeconds: budget.remainingMs() / 1000,
      finalSeconds: Object.fromEntries(finalists.map((f) => [f.family, recordableSeconds(predictedFinal(f))])),
    };
    const finalSeconds = (f: Finalist) => choiceTime.finalSeconds[f.family] ?? Number.MAX_SAFE_INTEGER;
    // An ensemble needs two members with final fits; when at most one finalist's final fit can fit the time left (on
    // large data), no ensemble could be chosen, and its selection (1.8 s of main thread on 60,000 pooled rows) is
    // skipped.
    const fitLeft = choiceTime.leftSeconds;
    const selected = config.ensemble && finalists.filter((f) => finalSeconds(f) <= fitLeft).length >= 2 ? selectEnsemble(finalists, primary.folds, nClasses, config.seed) : null;
    const within = chooseWithinTime(finalists, selected, primary.folds, nClasses, config.seed, { finalSeconds, leftSeconds: fitLeft, threads: runner.threads });
    const { chosen, ensemble } = within;
    if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`choice took ${((Date.now() - choiceStarted) / 1000).toFixed(2)} s\n`);
    if (within.warning) warnings.push(within.warning);

    // Final fits of each family's finalist on all training rows; the chosen model's members first.
    budget.enter('final');
    progress(0.75, 'Fitting the chosen models on all training rows');
    const permutationFamilies = new Set<ModelFamily>(chosen.members.map((m) => m.finalist.family));
    let finalsDone = 0;
    let lastResort = replay?.finals.lastResort ?? false;
    const lastResortWarning = ENGINE_WARNINGS.lastResort(ASSEMBLE_RESERVE_SECONDS, config.budgetSeconds);
    if (lastResort) warnings.push(lastResortWarning);
    const finals = await fitFinals(replay ? finalists.filter((f) => replay.finals.fitted.includes(f.family)) : finalists, permutationFamilies, {
      runner,
      budget,
      costs,
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
    // The rules on the same validation folds: scored in every mode (the leaderboard shows them), candidates of the
    // choice when the target's history is offered (with `off` the models are compared like for like with a model of
    // the indicators alone).
    const rules = foldKind === 'forward-chaining' ? ruleCandidates(frame, prepared.classOf, primary.folds, nClasses) : null;
    const rulesCompete = config.targetHistory !== 'off' && history !== null && rules !== null;
    let verdict = weighRules(finalChoice, rulesCompete ? rules : null, primary.folds, nClasses, config.seed);

    budget.enter('gap');
    // A model about to be recommended over a rule must not lose to it as far ahead as the test years reach; the other
    // finalists that beat the rule one year ahead are checked beside it, to stand in when it does.
    let horizonReport: HorizonReport | null = null;
    let horizonSkipped: string | null = null;
    let horizonRecord: ReplayRecord['horizon'] = null;
    const checkedRule = rules?.find((r) => r.name === verdict.report?.best);
    if (horizon && rulesCompete && !verdict.recommended && checkedRule) {
      progress(0.9, 'Checking the models against the rule over the test horizon');
      const options = { runner, budget, costs, nClasses, seed: config.seed, modelModule, signal };
      const outcome = await recommendAfterHorizon(verdict, finalChoice, fitted, { rules, rule: checkedRule, folds: primary.folds, nClasses, seed: config.seed }, (contenders) =>
        replayedOr(replay?.horizon, (checked) =>
          checkHorizon(contenders.slice(0, checked ?? contenders.length), checkedRule, (inputs) => horizonFoldOf(inputs, horizon), horizonShapeOf, frame, prepared.classOf, horizon.validationYears, options),
        ).then((checked) => {
          horizonRecord = 'skipped' in checked ? { skipped: checked.skipped } : { checked: checked.compared.length };
          return checked;
        }),
      );
      ({ verdict, choice: finalChoice, report: horizonReport, skipped: horizonSkipped } = outcome);
      if (outcome.warning) warnings.push(outcome.warning);
    }
    progress(0.9, 'Measuring the gap between forward-chaining and random cross-validation');
    const { cvGap, cvGapSkippedReason, record: cvGapRecord } = await cvGapStage(finalChoice, {
      trainRows: prepared.trainRows.length,
      randomFolds: config.randomFolds,
      recorded: replay?.cvGap,
      foldsOf: randomFoldsOf,
      shapesOf: gapFoldShapes,
      options: { runner, budget, costs, nClasses, seed: config.seed, modelModule, signal },
    });
    if (cvGapSkippedReason) warnings.push(ENGINE_WARNINGS.cvGapSkipped(cvGapSkippedReason));
    if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`final fits and CV gap over at ${budget.elapsedSeconds().toFixed(1)} s\n`);

    // Results.
    budget.enter('assemble');
    progress(0.95, 'Writing the results');
    const actual = pickInt32(prepared.classOf, prepared.testRows);
    const ctx: TestContext = {
      frame,
      prepared,
      config,
      actual,
      incomplete: transformFeatures(primary.source, primary.final.set.fitted, prepared.testRows).incomplete,
      titles,
      nClasses,
    };
    const { models, resultados, summary, savedModels, ruleTests } = collectModelResults({
      frame,
      config,
      prepared,
      ctx,
      permutationPositions,
      finalists,
      fitted,
      finals,
      searched,
      dataOf,
      history,
      ensemble,
      folds: primary.folds,
      rules: rulesCompete ? rules : null,
    });
    const recommended = verdict.recommended;
    // Prediction sets and calibration of every model, from its own validation probabilities.
    const trust = attachTrust(models, recommended ? recommended.name : (finalChoice.algorithm as ResultAlgorithm), {
      finalists,
      finals,
      ensembleWeights: models.Ensemble && ensemble ? ensemble.weights : null,
      rules: ruleTests,
      folds: primary.folds,
      ctx: {
        testActual: actual,
        testYears: prepared.testRows.map((i) => frame.time[i]),
        nClasses,
        titles,
        nominal: config.predictionSetLevel,
      },
    });

    const usesHistory = recommended?.name === 'Persistence' || (!recommended && finalChoice.members.some((m) => m.finalist.scored.candidate.inputs === 'indicators+history'));
    const chosenInputs = dataOf(usesHistory ? 'indicators+history' : inputSets[0]);
    const results = assembleResults({
      frame,
      config,
      prepared: { ...prepared, source: chosenInputs.source },
      // The indicators the chosen model uses (with the history columns when it uses them).
      finalSet: chosenInputs.final.set,
      chosen: recommended
        ? { algorithm: recommended.name, mean: recommended.pooled, std: 0, reason: verdict.reason as string }
        : { algorithm: finalChoice.algorithm as ResultAlgorithm, mean: finalChoice.forwardChaining, std: 0, reason: finalChoice.reason },
      rules,
      choice: {
        model: finalChoice.algorithm as ResultAlgorithm,
        modelValidationMacroF1: finalChoice.forwardChaining,
        tieBreak: finalChoice.tieBreak,
        ensemble: finalChoice.ensembleComparison,
        rules: verdict.report,
        horizon: horizonReport,
        horizonSkipped,
        recommended: recommended ? recommended.name : (finalChoice.algorithm as ResultAlgorithm),
      },
      foldKind,
      folds,
      models,
      resultados,
      summary,
      cvGap,
      warnings,
      actual,
      testIncompleteCount: config.preprocessing.missingData.imputation === 'none' ? ctx.incomplete.reduce((s, v) => s + v, 0) : 0,
      budget,
      cvGapSkippedReason,
      targetHistory: {
        mode: config.targetHistory,
        used: usesHistory,
        description: historyDescription(config.targetHistory, recommended?.name === 'Persistence', usesHistory),
      },
    });
    budget.finish();
    results.budgetUse = budgetUse(budget, config.budgetSeconds, [...searched.values()]);
    if (trust) results.trust = trust;
    results.replay = replay ?? {
      version: REPLAY_RECORD_VERSION,
      engineVersion: engineVersionOf(),
      frameSha256: frameSha256(frame),
      config: recordedConfig(config),
      search: searchRecordOf(searched),
      choice: choiceTime,
      finals: { fitted: finalists.filter((f) => finals.has(f.family)).map((f) => f.family), lastResort },
      horizon: horizonRecord,
      cvGap: cvGapRecord,
    };
    results.elapsedSeconds = clean(budget.elapsedSeconds()) as number;
    progress(1, 'Done');
    return { results, models: savedModels };
  } finally {
    await runner.close();
  }
}
