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
});
