import type { ModelFamily } from '@indicata/contracts';
import { halvingSearch } from '../../src/search/halving.ts';
import { RunBudget } from '../../src/pipeline/budget.ts';
import { CostModel } from '../../src/search/cost-model.ts';
import type { FitResult, FitTask } from '../../src/search/fit-task.ts';
import type { TaskRunner } from '../../src/search/pool.ts';
import type { FoldData } from '../../src/search/search.ts';
import type { Candidate } from '../../src/search/spaces.ts';

/**
 * The search on large data: the first fits of costly families, predicted far past the deadline, are tried one at a
 * time, so a cheap family keeps a thread. The fits take set wall times (the runner never reads the data), and the
 * costly families' folds are declared with many rows so that the cost model predicts minutes for them.
 */
const matrix = (rows: number, cols = 4) => ({ rows, cols, data: new Float64Array(0) });
const foldsOf = (trainRows: number): FoldData[] =>
  [0, 1].map(() => ({ train: matrix(trainRows), y: new Int32Array(0), validation: matrix(10), yValidation: Int32Array.from({ length: 10 }, (_, i) => i % 2) }));

const FIT_MS: Partial<Record<ModelFamily, number>> = { DT: 15, RF: 60_000, SVM: 60_000 };

function timedRunner(): TaskRunner & { started: ModelFamily[] } {
  const started: ModelFamily[] = [];
  return {
    threads: 2,
    started,
    run(task: FitTask, signal?: AbortSignal) {
      started.push(task.family);
      const ms = FIT_MS[task.family] ?? 0;
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

const listOf = (family: ModelFamily, n: number, inputs: 'indicators' | 'indicators+history'): Candidate[] =>
  Array.from({ length: n }, (_, i) => ({ family, params: { variant: i }, scaler: 'none', inputs }));

describe('the search with costly first fits', () => {
  it('runs one first fit predicted past the deadline at a time, while a cheap family goes on', async () => {
    const budget = new RunBudget(60);
    const deadline = Date.now() + 1500;
    const runner = timedRunner();
    // DT on a small input set; RF and SVM on a "large" one (2,000,000 declared rows: minutes by the priors).
    const candidates = new Map<ModelFamily, Candidate[]>([
      ['DT', listOf('DT', 12, 'indicators')],
      ['RF', listOf('RF', 3, 'indicators+history')],
      ['SVM', listOf('SVM', 3, 'indicators+history')],
    ]);
    const searched = await halvingSearch(candidates, {
      runner,
      folds: { indicators: foldsOf(50), 'indicators+history': foldsOf(2_000_000) },
      nClasses: 2,
      seed: 1,
      budget,
      deadline: () => deadline,
      costs: new CostModel(),
      modelModule: 'unused',
      preferredCount: () => 1,
    });
    // One of RF and SVM was tried (and stopped at the deadline); the other waited its turn, which never came.
    const costly = runner.started.filter((f) => f !== 'DT');
    expect(costly).toHaveLength(1);
    // Meanwhile DT kept a thread: every DT candidate was scored on its most recent fold, its leaders on both.
    const dt = searched.get('DT');
    expect(dt?.scored).toHaveLength(12);
    expect(dt?.complete).toBeGreaterThan(0);
    expect(searched.get('RF')?.scored.length ?? 0).toBe(0);
    expect(searched.get('SVM')?.scored.length ?? 0).toBe(0);
    expect(budget.stopped.some((note) => /^(RF|SVM) .*stopped after/.test(note))).toBe(true);
  });
});
