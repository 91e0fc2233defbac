import { parentPort, workerData } from 'node:worker_threads';
// The run alone, not the engine's index (which also loads the CSV reader and the ONNX export this thread never uses).
import { runAutoML } from '@indicata/engine/pipeline/run';
import type { EngineConfigInput, PanelFrame } from '@indicata/engine';
import type { EngineThreadMessage } from './engine-runner.ts';
import { lowerThreadPriority } from './thread-priority.ts';

// Runs in a worker thread: the job's whole engine run, so the process's event loop (HTTP, queue polling)
// stays responsive and an overrun can be cut off by terminating the thread.
const { frame, config, niceness } = workerData as { frame: PanelFrame; config: EngineConfigInput; niceness: number };
const port = parentPort;
if (!port) throw new Error('engine-task must run in a worker thread');

const post = (message: EngineThreadMessage) => port.postMessage(message);

// Before the engine starts its fit pool: the pool's threads inherit this thread's lower priority, so the
// web server's thread is served first when they compete for the cores.
if (niceness > 0) lowerThreadPriority(niceness);

try {
  const { results, models } = await runAutoML(frame, config, {
    onProgress: (fraction: number, message: string) => post({ type: 'progress', fraction, message }),
  });
  post({ type: 'done', results, models });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
