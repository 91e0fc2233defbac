import type { ModelFamily, ReplayRecord, AutoMLResults, RuleAlgorithm } from '@indicata/contracts';
import { setMaxListeners } from 'node:events';
import type { PanelFrame } from '../data/frame.ts';
import { parseEngineConfig, type EngineConfig, type EngineConfigInput } from './config.ts';
import type { SavedPipelineModel } from './saved-model.ts';
import { createTaskRunner } from '../search/pool.ts';
import { warmUp } from './warm-up.ts';
import { RunBudget } from './budget.ts';
import { checkReplayFits, REPLAY_BUDGET_SECONDS } from './replay.ts';
import { prepareRun, type RunSetup } from './run-prepare.ts';
import { searchPhase } from './run-search.ts';
import { choosePhase, finalFitsPhase } from './run-choose.ts';
import { checksPhase } from './run-checks.ts';
import { assemblePhase } from './run-assemble.ts';

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

/** Smallest budget (seconds) for which every family is warmed up (a tiny fit per thread) before the search. */
const WARM_UP_MIN_BUDGET = 20;

const DEFAULT_MODEL_MODULE = new URL('../models/index.ts', import.meta.url).href;

/**
 * Runs the whole AutoML pipeline on a panel within the configured time budget (a ceiling on the whole run).
 * Phases: prepare (run-prepare.ts) -> search (run-search.ts) -> choose (validation only) and final fits
 * (run-choose.ts) -> rules, horizon check and CV gap (run-checks.ts) -> results (run-assemble.ts); see
 * packages/engine/README.md, "How a run spends its budget".
 * @param frame the panel (rows = space x time)
 * @param configInput engine configuration (validated; defaults filled)
 * @param options progress callback, abort signal, budget start
 * @returns the results JSON and the saved model of each family whose final fit completed
 */
export async function runAutoML(frame: PanelFrame, configInput: EngineConfigInput | EngineConfig, options: RunOptions = {}): Promise<RunOutput> {
  const config = parseEngineConfig(configInput as EngineConfigInput);
  const startedAt = options.startedAt ?? Date.now();
  const { replay, signal } = options;
  if (replay) checkReplayFits(replay, config, frame);
  const budget = new RunBudget(replay ? REPLAY_BUDGET_SECONDS : config.budgetSeconds, () => Date.now(), startedAt);
  const progress = (fraction: number, message: string) => options.onProgress?.(Math.max(0, Math.min(1, fraction)), message);
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
  const setup: RunSetup = { frame, config, budget, progress, signal, modelModule, replay, runner, families, warnings: [] };
  const preparationStarted = Date.now();
  const prep = prepareRun(setup);
  budget.keepForAssembly((Date.now() - preparationStarted) / 1000);
  signal?.throwIfAborted();
  if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`preparation done at ${budget.elapsedSeconds().toFixed(1)} s; ${budget.assemblySeconds.toFixed(1)} s kept for assembling\n`);

  try {
    await warmedUp;
    if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`warm-up and preparation done at ${budget.elapsedSeconds().toFixed(1)} s\n`);
    const search = await searchPhase(setup, prep);
    const choice = choosePhase(setup, prep, search);
    const finals = await finalFitsPhase(setup, prep, search, choice);
    const checks = await checksPhase(setup, prep, search, finals);
    return assemblePhase(setup, prep, search, choice, finals, checks);
  } finally {
    await runner.close();
  }
}
