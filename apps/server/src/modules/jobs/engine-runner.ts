import { Worker } from 'node:worker_threads';
import type { AutoMLResults, ReplayRecord } from '@indicata/contracts';
import type { EngineConfigInput, PanelFrame, SavedModel } from '@indicata/engine';

export type EngineThreadMessage =
  | { type: 'progress'; fraction: number; message: string }
  | { type: 'done'; results: AutoMLResults; models: Partial<Record<string, SavedModel>> }
  | { type: 'error'; message: string };

/** The run was cut off because this worker is shutting down; the job goes back to the queue. */
export class EngineAbortedError extends Error {
  constructor() {
    super('The run was interrupted because the worker is shutting down.');
    this.name = 'EngineAbortedError';
  }
}

/** The engine could not finish the run; `message` is shown to the job's owner. */
export class EngineRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineRunError';
  }
}

export interface EngineRunOptions {
  onProgress?: (fraction: number, message: string) => void;
  /** Hard limit: the thread is terminated after this many milliseconds. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Nice levels added to the engine's threads (0: same priority as the web server). */
  niceness?: number;
  /**
   * When the job's run started (epoch ms): the engine's budget counts from it, so reading and parsing the data are
   * inside the budget as they are for the CLI (6-10 s of a 43 MB upload); the thread's own module loading is left out.
   */
  startedAt?: number;
  /** "Rerun exactly": the original job's replay record; the engine replays it with no clock. */
  replay?: ReplayRecord | null;
}

/**
 * Runs the engine on `frame` with `config` in a worker thread.
 * @param frame the panel built from WHO data or an upload
 * @param config the engine configuration mapped from the job's data
 * @param options progress callback, hard timeout and abort signal
 * @returns the results and the saved models per family
 * @throws EngineRunError with a message a person can act on
 */
export function runEngineInThread(
  frame: PanelFrame,
  config: EngineConfigInput,
  options: EngineRunOptions,
): Promise<{ results: AutoMLResults; models: Partial<Record<string, SavedModel>> }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./engine-thread.mjs', import.meta.url), { workerData: { frame, config, niceness: options.niceness ?? 0, startedAt: options.startedAt, replay: options.replay ?? undefined } });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new EngineRunError(`The run took longer than its time limit (${Math.round(options.timeoutMs / 1000)} s) and was stopped. Try fewer models or a smaller budget.`)),
        ),
      options.timeoutMs,
    );
    const onAbort = () => finish(() => reject(new EngineAbortedError()));
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: EngineThreadMessage) => {
      if (message.type === 'progress') options.onProgress?.(message.fraction, message.message);
      else if (message.type === 'done') finish(() => resolve({ results: message.results, models: message.models }));
      else finish(() => reject(new EngineRunError(message.message)));
    });
    worker.on('error', (error) => finish(() => reject(new EngineRunError(`The engine stopped unexpectedly: ${error.message}`))));
    worker.on('exit', (code) => finish(() => reject(new EngineRunError(`The engine stopped unexpectedly (exit code ${code}).`))));
  });
}
