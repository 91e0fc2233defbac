import { ANN_EPOCHS_MAX, autoMLResultsSchema } from '@indicata/contracts';
import { runAutoML } from '../src/pipeline/run.ts';
import { ASSEMBLE_RESERVE_SECONDS, ASSEMBLY_PER_PREPARATION, RunBudget } from '../src/pipeline/budget.ts';
import { CostModel } from '../src/search/cost-model.ts';
import { syntheticPanel } from './helpers/panel.ts';

/** The budget is a ceiling: a run ends within budget + max(3 s, 5%). */
const ceiling = (budgetSeconds: number) => budgetSeconds + Math.max(3, 0.05 * budgetSeconds);

describe('the time budget is a ceiling', () => {
  it('stops a deliberately slow candidate (an ANN of 10,000 epochs, the most a job may ask, in batches of 8) and still ends within budget + 5%, naming what was stopped', async () => {
    const budgetSeconds = 8;
    const started = Date.now();
    const { results } = await runAutoML(
      syntheticPanel({ places: 40 }),
      {
        target: 'target',
        split: { mode: 'year', testYear: 2009 },
        targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
        models: { DT: 'auto', ANN: { epochs: ANN_EPOCHS_MAX, neurons: 64, num_layers: 2, batch_size: 8 } },
        budgetSeconds,
        maxCandidatesPerFamily: 6,
        workers: 2,
        seed: 5,
      },
    );
    const wall = (Date.now() - started) / 1000;
    autoMLResultsSchema.parse(results);
    expect(wall).toBeLessThanOrEqual(ceiling(budgetSeconds));
    expect(results.elapsedSeconds).toBeLessThanOrEqual(budgetSeconds + 0.5);
    // The ANN never finished a fold: it is stopped (or, on a busy machine, never started), named, and left out;
    // the run still has a model.
    expect(results.budgetUse?.stopped.some((s) => s.startsWith('ANN'))).toBe(true);
    expect(results.warnings.some((w) => w.startsWith('ANN'))).toBe(true);
    expect(results.models.ANN).toBeUndefined();
    // The search's model is the DT (a rule may still be recommended over it: that is weighed on validation).
    expect(results.choice?.model).toBe('DT');
    expect([results.choice?.model, 'Persistence', 'Majority']).toContain(results.best);
    expect(results.budgetUse?.candidatesEvaluated).toBeGreaterThan(0);
  }, 60_000);

  it('ends within budget + 5% when the slow model is the only one (explicit SVM with a huge C and a polynomial kernel)', async () => {
    const budgetSeconds = 6;
    const started = Date.now();
    const run = runAutoML(syntheticPanel({ places: 120, years: Array.from({ length: 12 }, (_, i) => 1998 + i) }), {
      target: 'target',
      split: { mode: 'year', testYear: 2009 },
      targetDiscretization: { mode: 'automatic', groups: 4, method: 'quantile' },
      models: { SVM: { kernel: 'poly', C: 1e9, degree: 7, gamma: 10, tol: 1e-9 } },
      targetHistory: 'off',
      budgetSeconds,
      workers: 2,
      seed: 5,
    });
    // Either the SVM converged in time (then it is the model), or the run says plainly that nothing fitted.
    const outcome = await run.then(
      (r) => ({ ok: true as const, r }),
      (e: Error) => ({ ok: false as const, e }),
    );
    const wall = (Date.now() - started) / 1000;
    expect(wall).toBeLessThanOrEqual(ceiling(budgetSeconds));
    if (outcome.ok) expect(outcome.r.results.best).toBe('SVM');
    else expect(outcome.e.message).toMatch(/within the time budget of 6 s/);
  }, 60_000);

  it('still gives a model when the preparation took all the time for fits (a tiny budget on a loaded machine)', async () => {
    const budgetSeconds = 4;
    // The budget counts from 2 s ago: the time for fits (budget - ASSEMBLE_RESERVE_SECONDS) is over as it starts.
    const startedAt = Date.now() - (budgetSeconds - ASSEMBLE_RESERVE_SECONDS) * 1000;
    const { results } = await runAutoML(
      syntheticPanel({ places: 20 }),
      {
        target: 'target',
        split: { mode: 'year', testYear: 2009 },
        targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
        models: { DT: 'auto' },
        targetHistory: 'off',
        budgetSeconds,
        maxCandidatesPerFamily: 2,
        workers: 0,
        seed: 5,
      },
      { startedAt },
    );
    expect(results.best).toBe('DT');
    expect(results.warnings.some((w) => w.startsWith('No final model had finished'))).toBe(true);
    expect((Date.now() - startedAt) / 1000).toBeLessThanOrEqual(ceiling(budgetSeconds));
  }, 60_000);
});

describe('RunBudget', () => {
  it('charges wall time to the stage that was open and refuses work predicted past a deadline', () => {
    let now = 1_000;
    const budget = new RunBudget(10, () => now);
    budget.enter('prepare');
    now += 500;
    budget.enter('search');
    now += 4_000;
    // Fits must end by the budget less the reserve for writing the results.
    expect(budget.mayStart(10 - ASSEMBLE_RESERVE_SECONDS - 4.5)).toBe(true);
    expect(budget.mayStart(10 - ASSEMBLE_RESERVE_SECONDS - 4.4)).toBe(false);
    budget.enter('final');
    now += 1_000;
    budget.finish();
    expect(budget.secondsIn('prepare')).toBeCloseTo(0.5);
    expect(budget.secondsIn('search')).toBeCloseTo(4);
    expect(budget.secondsIn('final')).toBeCloseTo(1);
    expect(budget.elapsedSeconds()).toBeCloseTo(5.5);
  });

  it("gives a run's first fits time past the time for fits when the preparation took all of it", () => {
    const budget = new RunBudget(4, () => 0, 0);
    // The time for fits ends at 2 s, the last resort at 3.5 s: a search starting at 2.5 s may run first fits to 2.75 s.
    expect(budget.fitsEnd).toBe(2_000);
    expect(budget.lastResortEnd).toBe(3_500);
    expect(budget.firstFitsUntil(2_500)).toBe(2_750);
    // On a 60 s budget too, while nothing at all is scored (a first fit that finishes by then still gets its final
    // fit in the last-resort time).
    const long = new RunBudget(60, () => 0, 0);
    expect(long.firstFitsUntil(1_000)).toBe(58_750);
  });

  it('keeps more time for writing the results when the data preparation says the data are large', () => {
    const small = new RunBudget(60, () => 0, 0);
    small.keepForAssembly(0.3);
    // WHO-sized data: the fixed reserve.
    expect(small.assemblySeconds).toBe(ASSEMBLE_RESERVE_SECONDS);
    expect(small.fitsEnd).toBe(58_000);
    const large = new RunBudget(60, () => 0, 0);
    large.keepForAssembly(4);
    expect(large.assemblySeconds).toBe(ASSEMBLY_PER_PREPARATION * 4);
    expect(large.fitsEnd).toBe((60 - ASSEMBLY_PER_PREPARATION * 4) * 1000);
    expect(large.mayStart(60 - ASSEMBLY_PER_PREPARATION * 4 + 0.1)).toBe(false);
    // The last resort keeps its share of the larger reserve too.
    expect(large.lastResortEnd).toBeLessThan(small.lastResortEnd);
    expect(large.lastResortEnd).toBeGreaterThanOrEqual(large.fitsEnd);
  });
});

describe('CostModel', () => {
  it('learns from measured fits and scales with rows, trees and epochs', () => {
    const costs = new CostModel();
    const rf = { family: 'RF' as const, params: { n_estimators: 100, max_features: 'sqrt' } };
    const shape = { trainRows: 1000, features: 16, predictRows: 200, classes: 3 };
    costs.observe(rf, shape, 0.5, 0.05);
    const same = costs.predict(rf, shape);
    expect(same).toBeGreaterThan(0.5);
    expect(same).toBeLessThan(1);
    expect(costs.predict({ ...rf, params: { n_estimators: 300, max_features: 'sqrt' } }, shape)).toBeGreaterThan(2.5 * same);
    expect(costs.predict(rf, { ...shape, trainRows: 4000 })).toBeGreaterThan(3 * same);
    const ann = { family: 'ANN' as const, params: { epochs: 30, neurons: 32, num_layers: 1 } };
    expect(costs.predict({ ...ann, params: { ...ann.params, epochs: 3000 } }, shape)).toBeGreaterThan(50 * costs.predict(ann, shape));
    // An ANN's cost follows its mini-batch steps: fits measured on this 2-core machine (2,000 rows, 16 features,
    // 5 classes): 1 x 16 neurons, batches of 64, 30 epochs, 0.307 s; 2 x 128, batches of 64, 60 epochs, 2.273 s;
    // 2 x 128, batches of 128, 60 epochs, 1.251 s. Rows x weights x epochs predicted the larger ones 15 times too slow.
    const annShape = { trainRows: 2000, features: 16, predictRows: 0, classes: 5 };
    const annCosts = new CostModel();
    annCosts.observe({ family: 'ANN', params: { num_layers: 1, neurons: 16, batch_size: 64, epochs: 30 } }, annShape, 0.307, 0);
    const large = annCosts.predict({ family: 'ANN', params: { num_layers: 2, neurons: 128, batch_size: 64, epochs: 60 } }, annShape);
    expect(large).toBeGreaterThan(2.273);
    expect(large).toBeLessThan(2 * 2.273);
    const largerBatches = annCosts.predict({ family: 'ANN', params: { num_layers: 2, neurons: 128, batch_size: 128, epochs: 60 } }, annShape);
    expect(largerBatches).toBeGreaterThan(1.251);
    expect(largerBatches).toBeLessThan(2 * 1.251);
    // The SVM's kernels are measured apart: a measured rbf says nothing about a polynomial kernel's cost.
    costs.observe({ family: 'SVM', params: { kernel: 'rbf', C: 1 } }, shape, 0.1, 0.01);
    expect(costs.measured({ family: 'SVM', params: { kernel: 'poly', C: 1 } })).toBe(false);
  });

  it("predicts a measured candidate from its own fits, not its family's", () => {
    // Support vectors, which C and gamma drive, are not in the SVM's units: a memorising rbf SVM (C=100, gamma=1)
    // predicts several times slower per unit than its family's median. Its final fit (all training rows, the test
    // rows and the permutation copies) must be predicted from its own fold fits.
    const costs = new CostModel();
    const fold = { trainRows: 1900, features: 19, predictRows: 180, classes: 5 };
    const memorising = { family: 'SVM' as const, params: { kernel: 'rbf', C: 100, gamma: 1 } };
    costs.observe(memorising, fold, 0.2, 0.02);
    for (const C of [0.1, 1, 10]) costs.observe({ family: 'SVM', params: { kernel: 'rbf', C, gamma: 'scale' } }, fold, 0.1, 0.004);
    const final = { trainRows: 2160, features: 19, predictRows: 20_000, classes: 5 };
    const ownPredict = (0.02 / 180) * 20_000 * (2160 / 1900);
    expect(costs.predict(memorising, final)).toBeGreaterThan(ownPredict);
    expect(costs.predict(memorising, final)).toBeLessThan(2 * ownPredict);
    // A candidate never measured still gets the family's ratios.
    const unmeasured = costs.predict({ family: 'SVM', params: { kernel: 'rbf', C: 1, gamma: 'scale' } }, final);
    expect(unmeasured).toBeLessThan(0.5 * ownPredict);
  });
});
