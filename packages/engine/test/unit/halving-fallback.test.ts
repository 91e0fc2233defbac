import type { ModelFamily } from '@indicata/contracts';
import { halvingSearch } from '../../src/search/halving.ts';
import { RunBudget } from '../../src/pipeline/budget.ts';
import { CostModel } from '../../src/search/cost-model.ts';
import type { FitTask } from '../../src/search/fit-task.ts';
import { declaredFolds, declaredSearchOptions, timedRunner } from '../helpers/declared-search.ts';
import { candidatesFor, regularCount, FALLBACK_FOREST_SIZES, FIRST, type Candidate } from '../../src/search/spaces.ts';

/**
 * The forest on data too large for its default 300 trees in the time left: a smaller forest is searched instead of
 * leaving the family out. The fits take 5 ms; the folds declare many rows, so that the cost model's priors predict
 * seconds for them before anything is measured.
 */
const ROWS = 20_000;

/** Seconds the cost model predicts, before any measurement, for a forest of `trees` on the declared folds. */
function priorSeconds(trees: number): number {
  const shape = { trainRows: ROWS, features: 4, predictRows: 10, classes: 2 };
  return new CostModel().predict({ family: 'RF', params: { ...FIRST.RF[0], n_estimators: trees } }, shape);
}

async function search(list: Candidate[], secondsLeft: number) {
  const runner = timedRunner(() => 5);
  const budget = new RunBudget(60);
  const searched = await halvingSearch(new Map<ModelFamily, Candidate[]>([['RF', list]]), declaredSearchOptions(runner, { indicators: declaredFolds(ROWS) }, budget, Date.now() + secondsLeft * 1000, 2));
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
