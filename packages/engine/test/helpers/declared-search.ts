import type { FitResult, FitTask } from '../../src/search/fit-task.ts';
import type { TaskRunner } from '../../src/search/pool.ts';
import type { FoldData } from '../../src/search/search.ts';
import type { HalvingOptions } from '../../src/search/halving.ts';
import { CostModel } from '../../src/search/cost-model.ts';
import type { RunBudget } from '../../src/pipeline/budget.ts';

/**
 * The search on declared data: folds that state their rows (so that the cost model's priors predict seconds for them)
 * and hold none, and a runner whose fits take set wall times and never read the data.
 */
const matrix = (rows: number, cols = 4) => ({ rows, cols, data: new Float64Array(0) });

/** Two folds of `trainRows` declared training rows and ten validation rows of two alternating classes. */
export const declaredFolds = (trainRows: number): FoldData[] =>
  [0, 1].map(() => ({ train: matrix(trainRows), y: new Int32Array(0), validation: matrix(10), yValidation: Int32Array.from({ length: 10 }, (_, i) => i % 2) }));

/** A two-thread runner whose fit of a task takes `msOf(task)` ms (stopped by its signal), recording the tasks started. */
export function timedRunner(msOf: (task: FitTask) => number): TaskRunner & { started: FitTask[] } {
  const started: FitTask[] = [];
  return {
    threads: 2,
    started,
    run(task: FitTask, signal?: AbortSignal) {
      started.push(task);
      const ms = msOf(task);
      return new Promise<FitResult>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            resolve({
              skipped: false,
              predictions: [Int32Array.from({ length: 10 }, (_, i) => i % 2)],
              probabilities: [new Float64Array(20).fill(0.5)],
              hasProbabilities: true,
              seconds: ms / 1000,
              fitSeconds: ms / 1000,
            } as FitResult),
          ms,
        );
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    },
    close: async () => undefined,
  };
}

/** The search's options for a declared search with a fixed deadline and a fresh cost model. */
export function declaredSearchOptions(runner: TaskRunner, folds: Record<string, FoldData[]>, budget: RunBudget, deadline: number, preferred: number): HalvingOptions {
  return { runner, folds, nClasses: 2, seed: 1, budget, deadline: () => deadline, costs: new CostModel(), modelModule: 'unused', preferredCount: () => preferred };
}
