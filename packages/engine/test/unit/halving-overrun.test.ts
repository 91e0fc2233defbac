import type { ModelFamily } from '@indicata/contracts';
import { halvingSearch } from '../../src/search/halving.ts';
import { RunBudget } from '../../src/pipeline/budget.ts';
import { declaredFolds, declaredSearchOptions, timedRunner } from '../helpers/declared-search.ts';
import type { Candidate } from '../../src/search/spaces.ts';

/**
 * The search on large data: the first fits of costly families, predicted far past the deadline, are tried one at a
 * time, so a cheap family keeps a thread. The fits take set wall times (the runner never reads the data), and the
 * costly families' folds are declared with many rows so that the cost model predicts minutes for them.
 */
const FIT_MS: Partial<Record<ModelFamily, number>> = { DT: 15, RF: 60_000, SVM: 60_000 };

const listOf = (family: ModelFamily, n: number, inputs: 'indicators' | 'indicators+history'): Candidate[] =>
  Array.from({ length: n }, (_, i) => ({ family, params: { variant: i }, scaler: 'none', inputs }));

describe('the search with costly first fits', () => {
  it('runs one first fit predicted past the deadline at a time, while a cheap family goes on', async () => {
    const budget = new RunBudget(60);
    // Room for every short DT fit (a 15 ms timer each) while other test files hold both cores: with 1.5 s it failed once
    // on a loaded machine.
    const deadline = Date.now() + 3000;
    const runner = timedRunner((task) => FIT_MS[task.family] ?? 0);
    // DT on a small input set; RF and SVM on a "large" one (2,000,000 declared rows: minutes by the priors).
    const candidates = new Map<ModelFamily, Candidate[]>([
      ['DT', listOf('DT', 12, 'indicators')],
      ['RF', listOf('RF', 3, 'indicators+history')],
      ['SVM', listOf('SVM', 3, 'indicators+history')],
    ]);
    const searched = await halvingSearch(candidates, declaredSearchOptions(runner, { indicators: declaredFolds(50), 'indicators+history': declaredFolds(2_000_000) }, budget, deadline, 1));
    // One of RF and SVM was tried (and stopped at the deadline); the other waited its turn, which never came.
    const costly = runner.started.filter((task) => task.family !== 'DT');
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
