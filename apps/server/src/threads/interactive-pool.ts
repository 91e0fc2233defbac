import os from 'node:os';
import { isWorkerThread, Piscina, workerData } from 'piscina';
import { interactiveThreadNiceness, lowerThreadPriority } from '../jobs/thread-priority.ts';

/** Threads of an interactive pool: cores - 1, at most 2 (the job threads need the cores more). */
export const INTERACTIVE_THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/**
 * A process-wide pool of worker threads for work someone is waiting on (reading an upload, a prediction), started on
 * first use and stopped by `close` (at shutdown; a later task starts it again). Its threads run at
 * `interactiveThreadNiceness`: the entry's task module lowers its own thread's priority from `workerData.niceness`.
 */
export class InteractivePool {
  private pool: Piscina | null = null;
  /** Until `configure`: from `JOB_THREAD_NICENESS`'s default (10). */
  private niceness = interactiveThreadNiceness(10);

  /**
   * @param entry the thread's entry file (a plain .mjs that loads its task module)
   * @param idleTimeoutMs how long an idle thread stays (a new one loads its modules again)
   */
  constructor(
    private readonly entry: URL,
    private readonly idleTimeoutMs: number,
  ) {}

  /** Takes the nice level of a job's threads from the configuration (before the first task). */
  configure(jobThreadNiceness: number): void {
    this.niceness = interactiveThreadNiceness(jobThreadNiceness);
  }

  /** Runs one task; the buffers in `transfer` are moved to the thread, not copied. */
  run<T>(task: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    this.pool ??= new Piscina({
      filename: this.entry.href,
      minThreads: 0,
      maxThreads: INTERACTIVE_THREADS,
      idleTimeout: this.idleTimeoutMs,
      workerData: { niceness: this.niceness },
    });
    return this.pool.run(task, { transferList: transfer }) as Promise<T>;
  }

  /** Tasks finished since the pool started. */
  completed(): number {
    return this.pool?.completed ?? 0;
  }

  /** Stops the threads. */
  async close(): Promise<void> {
    const running = this.pool;
    this.pool = null;
    await running?.destroy();
  }
}

/**
 * Lowers the calling thread's CPU priority to its pool's level (`workerData.niceness`). Task modules call it when
 * they load; outside a pool's thread (a test calling a task in-process) it does nothing.
 */
export function lowerPoolThreadPriority(): void {
  const niceness = (workerData as { niceness?: unknown } | undefined)?.niceness;
  if (isWorkerThread && typeof niceness === 'number' && niceness > 0) lowerThreadPriority(niceness);
}
