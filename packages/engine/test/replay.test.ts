import { autoMLResultsSchema, type AutoMLResults } from '@indicata/contracts';
import { runAutoML } from '../src/pipeline/run.ts';
import { ReplayMismatchError } from '../src/pipeline/replay.ts';
import { syntheticPanel } from './helpers/panel.ts';
import { stripTiming } from './helpers/timing.ts';

/** The results without what measures wall time (timings, and the budget's notes of what it stopped when). */
function comparable(results: AutoMLResults): AutoMLResults {
  const copy = stripTiming(results);
  delete copy.budgetUse;
  return copy;
}

const config = {
  target: 'target',
  split: { mode: 'year' as const, testYear: 2013 },
  targetDiscretization: { mode: 'automatic' as const, groups: 3, method: 'quantile' as const },
  models: { DT: 'auto' as const, KNN: 'auto' as const, RF: 'auto' as const },
  // Short enough that the search stops for time: which fits completed then depends on the machine's speed.
  budgetSeconds: 6,
  seed: 11,
};

describe('replaying a run', () => {
  it('gives the same results, metric for metric and prediction for prediction, with another number of threads', async () => {
    const frame = syntheticPanel({ places: 60, years: Array.from({ length: 14 }, (_, i) => 2000 + i), seed: 3 });
    const live = await runAutoML(frame, { ...config, workers: 2 });
    const record = live.results.replay;
    expect(record).toBeDefined();
    autoMLResultsSchema.parse(live.results);
    // Survives the trip through JSON, as a results file or a job's stored results.
    const stored = JSON.parse(JSON.stringify(live.results)) as AutoMLResults;
    const scoredFits = (stored.replay?.search ?? []).reduce((n, f) => n + f.scored.reduce((m, c) => m + c.folds.length, 0), 0);
    expect(scoredFits).toBeGreaterThan(0);
    // 3 families of 40 candidates on 4 folds cannot all fit in 6 s: the clock decided where the search stopped.
    expect(stored.replay?.search.some((f) => f.budgetBound)).toBe(true);

    // Another load: one thread (every fit in turn), with the record and no clock.
    const replayed = await runAutoML(frame, { ...config, workers: 1 }, { replay: stored.replay });
    expect(comparable(replayed.results)).toEqual(comparable(stored));
    expect(replayed.results.models[replayed.results.best]?.predictions).toEqual(stored.models[stored.best]?.predictions);
    expect(JSON.stringify(replayed.models)).toBe(JSON.stringify(live.models));
  }, 60_000);

  it('refuses other data or another configuration, before fitting anything', async () => {
    const frame = syntheticPanel({ places: 20, years: Array.from({ length: 10 }, (_, i) => 2004 + i), seed: 5 });
    const small = { ...config, models: { DT: 'auto' as const }, budgetSeconds: 10, maxCandidatesPerFamily: 2, workers: 0 };
    const { results } = await runAutoML(frame, small);
    const record = results.replay;
    const changed = syntheticPanel({ places: 20, years: Array.from({ length: 10 }, (_, i) => 2004 + i), seed: 5 });
    changed.columns[0].values[3] += 1e-9;
    await expect(runAutoML(changed, small, { replay: record })).rejects.toThrow(ReplayMismatchError);
    await expect(runAutoML(frame, { ...small, seed: 12 }, { replay: record })).rejects.toThrow(/configuration differs/);
    // The thread count is not part of what must match.
    const again = await runAutoML(frame, { ...small, workers: 1 }, { replay: record });
    expect(comparable(again.results)).toEqual(comparable(JSON.parse(JSON.stringify(results)) as AutoMLResults));
  }, 60_000);

  it("judges an ensemble's final fits by the run's thread count, not the replay's", async () => {
    // A search small enough to finish within its budget, so the choice (an ensemble of DT and KNN here) is the same on
    // any machine.
    const frame = syntheticPanel({ places: 60, years: Array.from({ length: 14 }, (_, i) => 2000 + i), seed: 2 });
    const small = { ...config, models: { DT: 'auto' as const, KNN: 'auto' as const }, budgetSeconds: 60, maxCandidatesPerFamily: 3 };
    const { results } = await runAutoML(frame, { ...small, workers: 2 });
    expect(results.replay?.search.some((f) => f.budgetBound)).toBe(false);
    expect(results.choice?.model).toBe('Ensemble');
    const record = structuredClone(results.replay!);
    expect(record.choice.threads).toBe(2);
    // Recorded with little time left: each member's final fit fits, and both do side by side on the run's two threads,
    // but not one after the other. A replay on one thread must still afford the ensemble, as the run did.
    for (const family of ['DT', 'KNN'] as const) record.choice.finalSeconds[family] = 10;
    record.choice.leftSeconds = 10;
    const onTwo = await runAutoML(frame, { ...small, workers: 2 }, { replay: record });
    const onOne = await runAutoML(frame, { ...small, workers: 1 }, { replay: record });
    expect(onTwo.results.choice?.model).toBe('Ensemble');
    expect(comparable(onOne.results)).toEqual(comparable(onTwo.results));
  }, 120_000);
});
