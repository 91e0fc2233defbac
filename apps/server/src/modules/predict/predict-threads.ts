import os from 'node:os';
import { Piscina } from 'piscina';
import type { ProbabilityPrediction } from '@indicata/engine';
import type { AppContext } from '../../context.ts';
import { interactiveThreadNiceness } from '../../jobs/thread-priority.ts';
import type { PredictTask } from './predict-tasks.ts';

/**
 * The threads that run predictions (predict-tasks.ts), off the event loop. One process-wide pool, started on first
 * use; threads leave after 60 s idle (the first prediction after that loads the engine, and TensorFlow.js for an ANN,
 * again). Cores - 1 threads, at most 2, as for the CSV threads: the job threads need the cores more.
 */
let pool: Piscina | null = null;

/** Threads of the pool. */
export const PREDICT_THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/** Set from the configuration by `initPredictThreads`; before that, from `JOB_THREAD_NICENESS`'s default (10). */
let threadNiceness = interactiveThreadNiceness(10);

function predictPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./predict-thread.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: PREDICT_THREADS,
    idleTimeout: 60_000,
    workerData: { niceness: threadNiceness },
  });
  return pool;
}

/** Predictions finished by the pool since it started (tests check that the work ran there). */
export function predictionsInThreads(): number {
  return pool?.completed ?? 0;
}

/** Stops the threads (at shutdown); a later prediction starts a new pool. */
export async function closePredictThreads(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.destroy();
}

/**
 * Runs a prediction on a thread. The saved models are copied there; the cells (`task.values`) are moved, so the
 * caller must not use them again.
 */
export function predictInThread(task: PredictTask): Promise<ProbabilityPrediction[]> {
  return predictPool().run(task, { transferList: [task.values.buffer as ArrayBuffer] }) as Promise<ProbabilityPrediction[]>;
}

/** Context initializer (roles.ts): takes the threads' nice level from the configuration; shutdown stops the threads. */
export async function initPredictThreads(ctx: AppContext): Promise<() => Promise<void>> {
  threadNiceness = interactiveThreadNiceness(ctx.config.jobs.threadNiceness ?? 0);
  return closePredictThreads;
}
