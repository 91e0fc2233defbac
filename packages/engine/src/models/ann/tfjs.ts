/**
 * TensorFlow.js on its WebAssembly backend, with the .wasm files read from the installed
 * @tensorflow/tfjs-backend-wasm package (never downloaded), loaded on first need instead of at import.
 *
 * Why lazily: importing tfjs and starting its backend costs about 0.6 CPU-s, and every process and thread that
 * imports the engine paid it (the server at start, each job's engine thread, each fit thread), even when no ANN
 * is fitted or loaded. `loadTensorflow()` is awaited by `AnnClassifier.fit` and by `prepareModels` (before a
 * saved ANN is loaded synchronously); after it, `tf` is the module and everything can use it synchronously.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TF from '@tensorflow/tfjs';

export type { TF };

const notLoaded = new Proxy(
  {},
  {
    get() {
      throw new Error('TensorFlow.js is not loaded yet: await loadTensorflow() (or prepareModels(["ANN"])) before using an ANN.');
    },
  },
) as typeof TF;

/** The TensorFlow.js module once `loadTensorflow()` has resolved (an ES live binding); before, any use throws. */
export let tf: typeof TF = notLoaded;

let loading: Promise<typeof TF> | null = null;

/** Whether `tf` is usable synchronously. */
export function tensorflowLoaded(): boolean {
  return tf !== notLoaded;
}

/** Loads TensorFlow.js and starts its wasm backend, once per thread; later calls return the same promise. */
export function loadTensorflow(): Promise<typeof TF> {
  loading ??= start().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function start(): Promise<typeof TF> {
  const module = await import('@tensorflow/tfjs');
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  const require = createRequire(import.meta.url);
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  setWasmPaths(`${wasmDir}${path.sep}`);
  if (module.getBackend() !== 'wasm') {
    // The wasm glue adds process handlers that rethrow (printing its whole minified source on any
    // uncaught error in the host process): keep the host's own handling instead.
    const uncaught = new Set(process.listeners('uncaughtException'));
    const unhandled = new Set(process.listeners('unhandledRejection'));
    const ok = await module.setBackend('wasm');
    await module.ready();
    for (const listener of process.listeners('uncaughtException')) if (!uncaught.has(listener)) process.off('uncaughtException', listener);
    for (const listener of process.listeners('unhandledRejection')) if (!unhandled.has(listener)) process.off('unhandledRejection', listener);
    if (!ok) throw new Error(`The TensorFlow.js wasm backend could not start (wasm files looked up in ${wasmDir}).`);
  }
  await module.ready();
  tf = module;
  return module;
}
