import os from 'node:os';
import { Piscina } from 'piscina';
import { runFitTask, type FitResult, type FitTask } from './fit-task.ts';

/** Runs fit tasks on worker threads, or in this thread when there are no workers. */
export interface TaskRunner {
  /** Number of tasks that can run at once. */
  readonly threads: number;
  run(task: FitTask, signal?: AbortSignal): Promise<FitResult>;
  close(): Promise<void>;
}

/**
 * Creates a runner.
 * @param workers 0 runs tasks in this thread; null uses one thread per core (os.availableParallelism)
 */
export function createTaskRunner(workers: number | null): TaskRunner {
  const threads = workers === null ? Math.max(1, os.availableParallelism()) : workers;
  if (threads === 0) {
    // In-thread: tasks run one at a time, in submission order.
    let chain: Promise<unknown> = Promise.resolve();
    return {
      threads: 1,
      run(task, signal) {
        const result = chain.then(() => {
          signal?.throwIfAborted();
          return runFitTask(task);
        });
        chain = result.catch(() => undefined);
        return result;
      },
      close: async () => undefined,
    };
  }
  const pool = new Piscina({
    filename: new URL('./worker-entry.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  return {
    threads,
    run: (task, signal) => pool.run(task, signal ? { signal } : {}) as Promise<FitResult>,
    close: () => pool.destroy(),
  };
}
