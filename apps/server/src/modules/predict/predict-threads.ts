import type { AppContext } from '../../context.ts';
import { InteractivePool } from '../../threads/interactive-pool.ts';
import type { ExplainedPrediction, PredictTask } from './predict-tasks.ts';

/**
 * The threads that run predictions (predict-tasks.ts), off the event loop. Threads leave after 60 s idle (the first
 * prediction after that loads the engine, and TensorFlow.js for an ANN, again).
 */
const pool = new InteractivePool(new URL('./predict-thread.mjs', import.meta.url), 60_000);

/** Predictions finished by the pool since it started (tests check that the work ran there). */
export function predictionsInThreads(): number {
  return pool.completed();
}

/** Stops the threads (at shutdown); a later prediction starts a new pool. */
export function closePredictThreads(): Promise<void> {
  return pool.close();
}

/**
 * Runs a prediction on a thread. The saved models are copied there; the cells (`task.values`) are moved, so the
 * caller must not use them again.
 */
export function predictInThread(task: PredictTask): Promise<ExplainedPrediction[]> {
  return pool.run<ExplainedPrediction[]>(task, [task.values.buffer as ArrayBuffer]);
}

/** Context initializer (roles.ts): takes the threads' nice level from the configuration; shutdown stops the threads. */
export async function initPredictThreads(ctx: AppContext): Promise<() => Promise<void>> {
  pool.configure(ctx.config.jobs.threadNiceness ?? 0);
  return closePredictThreads;
}
