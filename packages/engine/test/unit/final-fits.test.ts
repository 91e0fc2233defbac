import type { ModelFamily } from '@indicata/contracts';
import { fitFinals, forcedFinalFamilies, type FinalData } from '../../src/pipeline/final-fits.ts';
import { ASSEMBLE_RESERVE_SECONDS, RunBudget } from '../../src/pipeline/budget.ts';
import { CostModel } from '../../src/search/cost-model.ts';
import type { FitResult, FitTask } from '../../src/search/fit-task.ts';
import type { TaskRunner } from '../../src/search/pool.ts';
import type { Finalist } from '../../src/search/select.ts';

/**
 * The final fits' time rule with a runner whose fits take set wall times: the chosen model's final fit runs on past
 * the end of the time for fits only while no final model exists at all.
 */
const matrix = (rows: number) => ({ rows, cols: 2, data: new Float64Array(rows * 2) });
const data: FinalData = {
  set: { balanced: { X: matrix(20), y: new Int32Array(20) } } as unknown as FinalData['set'],
  test: matrix(5),
  permutation: matrix(5),
};
const finalistOf = (family: ModelFamily) => ({ family, scored: { candidate: { family, params: {}, scaler: 'none' } } }) as unknown as Finalist;

/** A runner whose fit of each family takes `ms[family]` wall milliseconds; an abort stops it at once. */
function timedRunner(ms: Partial<Record<ModelFamily, number>>): TaskRunner & { started: ModelFamily[] } {
  const started: ModelFamily[] = [];
  return {
    threads: 2,
    started,
    run(task: FitTask, signal?: AbortSignal) {
      if (task.deadline !== null && Date.now() > task.deadline) return Promise.resolve({ skipped: true } as FitResult);
      started.push(task.family);
      return new Promise<FitResult>((resolve, reject) => {
        const timer = setTimeout(() => resolve({ skipped: false, seconds: (ms[task.family] ?? 0) / 1000, fitSeconds: 0 } as FitResult), ms[task.family] ?? 0);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    },
    close: async () => undefined,
  };
}

/** A budget whose time for fits ends in 150 ms: its end is ASSEMBLE_RESERVE_SECONDS later. */
const shortBudget = () => new RunBudget(ASSEMBLE_RESERVE_SECONDS + 0.15);

const fit = (finalists: Finalist[], runner: TaskRunner, budget: RunBudget, force: Set<ModelFamily>, onLastResort: () => void = () => undefined, permutation = force) =>
  fitFinals(finalists, permutation, {
    runner,
    budget,
    costs: new CostModel(),
    nClasses: 2,
    seed: 1,
    permutationRepeats: 1,
    modelModule: 'unused',
    data: () => data,
    force,
    onLastResort,
  });

describe('the final fits near the end of the budget', () => {
  it("runs the chosen model's final fit on past the time for fits when no final model exists, and says so", async () => {
    const budget = shortBudget();
    let lastResort = 0;
    const finals = await fit([finalistOf('RF')], timedRunner({ RF: 500 }), budget, new Set(['RF']), () => (lastResort += 1));
    expect([...finals.keys()]).toEqual(['RF']);
    expect(lastResort).toBe(1);
    // It ended before the budget's end, leaving time to write the results.
    expect(Date.now()).toBeLessThan(budget.end);
  });

  it('stops it at the time for fits when another final model has finished', async () => {
    const budget = shortBudget();
    let lastResort = 0;
    const finals = await fit([finalistOf('RF'), finalistOf('DT')], timedRunner({ RF: 500, DT: 20 }), budget, new Set(['RF']), () => (lastResort += 1));
    expect([...finals.keys()]).toEqual(['DT']);
    expect(lastResort).toBe(0);
    expect(budget.stopped.some((note) => note.startsWith('RF: final fit stopped'))).toBe(true);
  });

  it('stops it at the last-resort end when it would run on past it', async () => {
    const budget = shortBudget();
    const started = Date.now();
    const finals = await fit([finalistOf('RF')], timedRunner({ RF: 10_000 }), budget, new Set(['RF']));
    expect(finals.size).toBe(0);
    expect(Date.now()).toBeGreaterThanOrEqual(budget.lastResortEnd - 20);
    expect(Date.now() - started).toBeLessThan(ASSEMBLE_RESERVE_SECONDS * 1000 + 150);
    expect(budget.stopped.some((note) => note.startsWith('RF: final fit stopped'))).toBe(true);
  });

  it('forces the cheapest finalist too, so a machine slower than predicted still ends with a model', async () => {
    const finalists = [finalistOf('RF'), finalistOf('DT'), finalistOf('SVM')];
    const predicted: Partial<Record<ModelFamily, number>> = { RF: 3, DT: 0.1, SVM: 2 };
    const force = forcedFinalFamilies(['RF'], finalists, (f) => predicted[f.family] ?? 0);
    expect([...force].sort()).toEqual(['DT', 'RF']);
    // The chosen RF cannot finish even by the last-resort end; the forced DT ends after the time for fits.
    const budget = shortBudget();
    const runner = timedRunner({ RF: 10_000, DT: 300, SVM: 10_000 });
    const finals = await fit(finalists, runner, budget, force, undefined, new Set(['RF']));
    expect([...finals.keys()]).toEqual(['DT']);
    expect(budget.stopped.some((note) => note.startsWith('RF: final fit stopped'))).toBe(true);
    // SVM is not forced: it was stopped at the time for fits.
    expect(budget.stopped.some((note) => note.startsWith('SVM: final fit stopped'))).toBe(true);
  });
});
