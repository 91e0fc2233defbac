/**
 * A sampler of `GET /api/health` for the benchmarks that ask whether the server stays responsive (the event loop
 * answers) while it does heavy work: bench/server-responsiveness.ts and bench/predict-api.ts.
 */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Worker } from 'node:worker_threads';

/** The value at percentile `p` (0-100) of ascending `sorted`. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Samples GET /api/health every 10 ms until stopped, on its own worker thread: the benchmark's own requests (a 45 MB
 * upload, 10 MB of prediction rows) are built and sent from the main thread's event loop, which must not delay (and
 * so inflate) the health timings. Each sample is filed under the phase last set.
 */
const SAMPLER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const samples = {};
const errors = {};
let phase = 'idle';
let running = true;
parentPort.on('message', (message) => {
  if (message.phase) phase = message.phase;
  if (message.stop) running = false;
});
(async () => {
  while (running) {
    const start = performance.now();
    try {
      const response = await fetch(workerData.url);
      await response.arrayBuffer();
      (samples[phase] ??= []).push(performance.now() - start);
    } catch (_error) {
      // A kept-alive socket the server closed meanwhile (its 5 s keep-alive timeout): counted, then retried.
      errors[phase] = (errors[phase] ?? 0) + 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage({ samples, errors });
})();
`;

/** Starts sampling `${base}/api/health`; `stop()` returns the latencies (ms) and failed requests per phase. */
export function startSampler(base: string) {
  const worker = new Worker(SAMPLER_SOURCE, { eval: true, workerData: { url: `${base}/api/health` } });
  const done = new Promise<{ samples: Record<string, number[]>; errors: Record<string, number> }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    setPhase: (phase: string) => worker.postMessage({ phase }),
    async stop() {
      worker.postMessage({ stop: true });
      const result = await done;
      await worker.terminate();
      return { samples: new Map(Object.entries(result.samples)), errors: new Map(Object.entries(result.errors)) };
    },
  };
}


/** A free TCP port on the loopback address, for a server a bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until a bench's server answers /api/health (it may import the WHO snapshot first), or fails when it exits. */
export async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch (_error) {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start within 600 s');
}
