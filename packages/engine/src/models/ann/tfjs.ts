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
  const ok = await tf.setBackend('wasm');
  if (!ok) throw new Error(`The TensorFlow.js wasm backend could not start (wasm files looked up in ${wasmDir}).`);
}
await tf.ready();

export { tf };
