/**
 * TensorFlow.js on its WebAssembly backend, with the .wasm files read from the installed
 * @tensorflow/tfjs-backend-wasm package (never downloaded). Importing this module waits until the
 * backend is ready, so everything after it can use tf synchronously.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);
const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
setWasmPaths(`${wasmDir}${path.sep}`);
if (tf.getBackend() !== 'wasm') {
  // The wasm glue adds process handlers that rethrow (printing its whole minified source on any
  // uncaught error in the host process): keep the host's own handling instead.
  const uncaught = new Set(process.listeners('uncaughtException'));
  const unhandled = new Set(process.listeners('unhandledRejection'));
  const ok = await tf.setBackend('wasm');
  await tf.ready();
  for (const listener of process.listeners('uncaughtException')) if (!uncaught.has(listener)) process.off('uncaughtException', listener);
  for (const listener of process.listeners('unhandledRejection')) if (!unhandled.has(listener)) process.off('unhandledRejection', listener);
  if (!ok) throw new Error(`The TensorFlow.js wasm backend could not start (wasm files looked up in ${wasmDir}).`);
}
await tf.ready();

export { tf };
