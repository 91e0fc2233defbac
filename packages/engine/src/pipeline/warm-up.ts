import type { ModelFamily } from '@indicata/contracts';
import type { TaskRunner } from '../search/pool.ts';

/**
 * Runs a tiny fit of each family on every thread (module loading, WASM compilation, JIT), in the background.
 * @param runner the task runner
 * @param families the families of the run
 * @param modelModule URL of the model factory module
 * @param signal the run's abort signal
 */
export async function warmUp(runner: TaskRunner, families: ModelFamily[], modelModule: string, signal?: AbortSignal): Promise<void> {
  const rows = 24;
  const data = Float64Array.from({ length: rows * 2 }, (_, i) => (i * 7919) % 13);
  const X = { data, rows, cols: 2 };
  const y = Int32Array.from({ length: rows }, (_, i) => i % 2);
  const tiny: Record<ModelFamily, Record<string, unknown>> = {
    DT: {},
    RF: { n_estimators: 4 },
    KNN: { n_neighbors: 3 },
    SVM: {},
    ANN: { epochs: 2, batch_size: 8 },
  };
  const tasks: Promise<unknown>[] = [];
  for (let t = 0; t < runner.threads; t++) {
    for (const family of families) {
      tasks.push(
        runner
          .run({ family, params: tiny[family], scaler: 'standard', seed: 1, nClasses: 2, train: X, y, predict: [X], deadline: null, final: false, permutation: null, modelModule }, signal)
          .catch(() => undefined),
      );
    }
  }
  await Promise.all(tasks);
}
