import os from 'node:os';
import { isWorkerThread, Piscina, workerData } from 'piscina';
import { DEFAULT_JOB_THREAD_NICENESS } from '../config.ts';
import { lowerThreadPriority } from './thread-priority.ts';

/**
 * The nice level of the threads that do work someone is waiting on (reading an upload, a class preview, a
 * prediction): halfway between the web server's event loop (0) and a job's threads (`JOB_THREAD_NICENESS`). Below
 * the event loop, so requests are answered meanwhile; above the jobs, because nobody waits on a job's next second.
 * At nice 19, below the jobs, a 45 MB upload took 8.0 s instead of 3.9 s beside a running job, and a class preview
 * 7.7-12.3 s instead of 2.7-3.4 s (`bench/server-responsiveness.ts --busy`).
 * @param jobThreadNiceness the nice levels added to a job's threads
 */
export function interactiveThreadNiceness(jobThreadNiceness: number): number {
  return Math.floor(Math.max(0, jobThreadNiceness) / 2);
}

/** Threads of an interactive pool: cores - 1, at most 2 (the job threads need the cores more). */
const INTERACTIVE_THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/**
 * A process-wide pool of worker threads for work someone is waiting on (reading an upload, a prediction), started on
 * first use and stopped by `close` (at shutdown; a later task starts it again). Its threads run at
 * `interactiveThreadNiceness`: the entry's task module lowers its own thread's priority from `workerData.niceness`.
 */
export class InteractivePool {
  private pool: Piscina | null = null;
  /** Until `configure`: from `JOB_THREAD_NICENESS`'s default. */
  private niceness = interactiveThreadNiceness(DEFAULT_JOB_THREAD_NICENESS);

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
