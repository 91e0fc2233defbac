/**
 * Loading of libsvm-js 0.2.1 (libsvm compiled to WebAssembly), a dev dependency kept as the oracle
 * the tests check the TypeScript C-SVC against (test-only, so it lives beside the tests). A fresh
 * instance has its own WASM memory and C rand() state, so a probability fit in it is reproducible.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The part of libsvm-js's SVM class we use. */
export interface LibsvmModel {
  train(samples: number[][], labels: number[]): void;
  predictOne(sample: number[]): number;
  predictOneProbability(sample: number[]): { prediction: number; estimates: { label: number; probability: number }[] };
  serializeModel(): string;
  getLabels(): number[];
  free(): void;
}

/** A loaded libsvm-js instance: the SVM class plus the Emscripten module that owns its WASM memory. */
export interface LibsvmInstance {
  SVM: { new (options: Record<string, unknown>): LibsvmModel; load(serialized: string): LibsvmModel };
  module: { HEAPU8: Uint8Array; _malloc(bytes: number): number; _free(pointer: number): void; load(): Promise<void> };
}

const LIBSVM_PATH = require.resolve('libsvm-js/out/wasm/libsvm.js');
const LOAD_SVM_PATH = require.resolve('libsvm-js/src/loadSVM.js');

/**
 * Instantiates libsvm-js.
 * @param fresh true for a new, independent instance (its own WASM memory and rand() state)
 */
export async function loadLibsvm(fresh: boolean): Promise<LibsvmInstance> {
  if (fresh) delete require.cache[LIBSVM_PATH];
  // The Emscripten glue registers process.on('unhandledRejection', () => process.exit(1)), which would
  // turn any unhandled rejection in the host process into a silent exit: take that listener back off.
  const before = new Set(process.listeners('unhandledRejection'));
  // Without fetch the glue reads the .wasm file directly instead of failing a streaming compile
  // (which only prints a warning). fetch is called synchronously during require, so it is hidden
  // only for that call.
  const fetchDescriptor = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  let module: LibsvmInstance['module'];
  try {
    if (fetchDescriptor) Object.defineProperty(globalThis, 'fetch', { ...fetchDescriptor, value: undefined });
    module = require(LIBSVM_PATH) as LibsvmInstance['module'];
  } finally {
    if (fetchDescriptor) Object.defineProperty(globalThis, 'fetch', fetchDescriptor);
  }
  for (const listener of process.listeners('unhandledRejection')) {
    if (!before.has(listener)) process.off('unhandledRejection', listener);
  }
  if (fresh) delete require.cache[LIBSVM_PATH];
  await module.load();
  const loadSVM = require(LOAD_SVM_PATH) as (m: unknown) => LibsvmInstance['SVM'];
  return { SVM: loadSVM(module), module };
}
