import { parentPort, workerData } from 'node:worker_threads';
// The run alone, not the engine's index (which also loads the CSV reader and the ONNX export this thread never uses).
import { runAutoML } from '@indicata/engine/pipeline/run';
import type { EngineConfigInput, PanelFrame } from '@indicata/engine';
import type { EngineThreadMessage } from './engine-runner.ts';
import type { ReplayRecord } from '@indicata/contracts';
import { lowerThreadPriority } from '../../threads/thread-priority.ts';

// Runs in a worker thread: the job's whole engine run, so the process's event loop (HTTP, queue polling)
// stays responsive and an overrun can be cut off by terminating the thread.
const { frame, config, niceness, startedAt, replay } = workerData as { frame: PanelFrame; config: EngineConfigInput; niceness: number; startedAt?: number; replay?: ReplayRecord };
const port = parentPort;
if (!port) throw new Error('engine-task must run in a worker thread');

const post = (message: EngineThreadMessage) => port.postMessage(message);
/** How long this thread took to load the engine (engine-thread.mjs records when it began). */
const loadStartedAt = (globalThis as { indicataEngineLoadStartedAt?: number }).indicataEngineLoadStartedAt;
const loadMs = loadStartedAt === undefined ? 0 : Date.now() - loadStartedAt;

// Before the engine starts its fit pool: the pool's threads inherit this thread's lower priority, so the
// web server's thread is served first when they compete for the cores.
if (niceness > 0) lowerThreadPriority(niceness);

try {
  const { results, models } = await runAutoML(frame, config, {
    // This thread's own start-up (loading the engine's modules: a fixed cost, a fraction of a second compiled, seconds
    // through tsx on a loaded machine) is left out; the job's reading of its data is in.
    startedAt: startedAt === undefined ? undefined : startedAt + loadMs,
    replay,
    onProgress: (fraction: number, message: string) => post({ type: 'progress', fraction, message }),
  });
  post({ type: 'done', results, models });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
