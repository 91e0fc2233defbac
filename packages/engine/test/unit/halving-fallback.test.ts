import type { ModelFamily } from '@indicata/contracts';
import { halvingSearch } from '../../src/search/halving.ts';
import { RunBudget } from '../../src/pipeline/budget.ts';
import { CostModel } from '../../src/search/cost-model.ts';
import type { FitResult, FitTask } from '../../src/search/fit-task.ts';
import type { TaskRunner } from '../../src/search/pool.ts';
import type { FoldData } from '../../src/search/search.ts';
import { candidatesFor, regularCount, FALLBACK_FOREST_SIZES, FIRST, type Candidate } from '../../src/search/spaces.ts';

/**
 * The forest on data too large for its default 300 trees in the time left: a smaller forest is searched instead of
 * leaving the family out. The fits take a few milliseconds (the runner never reads the data); the folds declare many
 * rows, so that the cost model's priors predict seconds for them before anything is measured.
 */
const matrix = (rows: number, cols = 4) => ({ rows, cols, data: new Float64Array(0) });
const foldsOf = (trainRows: number): FoldData[] =>
  [0, 1].map(() => ({ train: matrix(trainRows), y: new Int32Array(0), validation: matrix(10), yValidation: Int32Array.from({ length: 10 }, (_, i) => i % 2) }));

function quickRunner(): TaskRunner & { started: FitTask[] } {
  const started: FitTask[] = [];
  return {
    threads: 2,
    started,
    run(task: FitTask) {
      started.push(task);
      return new Promise<FitResult>((resolve) =>
        setTimeout(
          () =>
            resolve({
              skipped: false,
              predictions: [Int32Array.from({ length: 10 }, (_, i) => i % 2)],
              probabilities: [new Float64Array(20).fill(0.5)],
              hasProbabilities: true,
              seconds: 0.005,
              fitSeconds: 0.005,
            } as FitResult),
          5,
        ),
      );
    },
    close: async () => undefined,
  };
}

const ROWS = 20_000;

/** Seconds the cost model predicts, before any measurement, for a forest of `trees` on the declared folds. */
function priorSeconds(trees: number): number {
  const shape = { trainRows: ROWS, features: 4, predictRows: 10, classes: 2 };
  return new CostModel().predict({ family: 'RF', params: { ...FIRST.RF[0], n_estimators: trees } }, shape);
}

async function search(list: Candidate[], secondsLeft: number) {
  const runner = quickRunner();
  const budget = new RunBudget(60);
  const deadline = Date.now() + secondsLeft * 1000;
  const searched = await halvingSearch(new Map<ModelFamily, Candidate[]>([['RF', list]]), {
    runner,
    folds: { indicators: foldsOf(ROWS) },
    nClasses: 2,
    seed: 1,
    budget,
    deadline: () => deadline,
    costs: new CostModel(),
    modelModule: 'unused',
    preferredCount: () => 2,
  });
  return { runner, budget, rf: searched.get('RF') };
}

describe('a smaller forest when 300 trees do not fit', () => {
  it('lists the fallbacks after the regular candidates, largest first, for auto searches only', () => {
    const list = candidatesFor('RF', 'auto', 1, 10, ['indicators', 'indicators+history']);
    expect(regularCount(list)).toBe(10);
    const fallbacks = list.slice(10);
    expect(fallbacks.every((c) => c.fallback === true)).toBe(true);
    expect(fallbacks.map((c) => c.params.n_estimators)).toEqual(FALLBACK_FOREST_SIZES.flatMap((t) => [t, t]));
    expect(candidatesFor('RF', { n_estimators: 300 }, 1, 10).some((c) => c.fallback)).toBe(false);
    expect(candidatesFor('DT', 'auto', 1, 10).some((c) => c.fallback)).toBe(false);
  });

  it('scores the largest forest predicted to fit, and says so', async () => {
    const left = (priorSeconds(50) + priorSeconds(100)) / 2;
    expect(priorSeconds(300)).toBeGreaterThan(left);
    const { runner, budget, rf } = await search(candidatesFor('RF', 'auto', 1, 4), left);
    const firstTask = runner.started[0] as FitTask;
    expect(firstTask.params.n_estimators).toBe(50);
    expect(rf?.planned).toBe(4);
    const fallback = rf?.scored.find((s) => s.candidate.fallback);
    expect(fallback?.candidate.params.n_estimators).toBe(50);
    expect(fallback?.preferred).toBe(false);
    expect(rf?.budgetBound).toBe(true);
    expect(budget.stopped.some((note) => /n_estimators=300.*not started .*n_estimators=50.*tried instead/.test(note))).toBe(true);
  });

  it('leaves the search as it was when the default fits', async () => {
    const { runner, rf } = await search(candidatesFor('RF', 'auto', 1, 4), priorSeconds(300) * 3);
    expect(runner.started.every((t) => t.params.n_estimators === 300)).toBe(true);
    expect(rf?.scored.some((s) => s.candidate.fallback)).toBe(false);
  });
});
