import os from 'node:os';
import type { PanelFrame } from '@indicata/engine';
import { runEngineInThread } from '../../src/jobs/engine-runner.ts';
import { threadNiceLevels } from '../helpers/thread-nice-levels.ts';

/** 30 places x 10 years, four indicators; the target follows the first, so a tree fits in milliseconds. */
function smallPanel(): PanelFrame {
  const space: string[] = [];
  const time: number[] = [];
  const indicators: number[][] = [[], [], [], []];
  const target: number[] = [];
  for (let place = 0; place < 30; place += 1) {
    for (let year = 2000; year < 2010; year += 1) {
      space.push(`P${place}`);
      time.push(year);
      indicators.forEach((values, k) => values.push(((place * (7 + k) + year * (3 + 2 * k)) % 17) / 17 + k));
      target.push(indicators[0]!.at(-1)! * 10 + (place % 3));
    }
  }
  return {
    spaceColumn: 'place',
    timeColumn: 'year',
    space,
    time,
    columns: [
      ...indicators.map((values, k) => ({ name: `indicator${k + 1}`, values: new Float64Array(values) })),
      { name: 'target', values: new Float64Array(target) },
    ],
  };
}

describe.skipIf(process.platform !== 'linux')("a job's threads run below the web server in CPU priority (JOB_THREAD_NICENESS)", () => {
  it('lowers the engine thread and the fit threads it starts, never the main thread', async () => {
    const base = os.getPriority();
    const seen = new Set<number>();
    await runEngineInThread(
      smallPanel(),
      {
        target: 'target',
        split: { mode: 'year', testYear: 2008 },
        targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
        models: { DT: 'auto' },
        budgetSeconds: 5,
        workers: 2,
        seed: 1,
      },
      {
        timeoutMs: 60_000,
        niceness: 7,
        // Read while the run is under way: its threads exist only until it ends.
        onProgress: () => threadNiceLevels().forEach((level) => seen.add(level)),
      },
    );
    expect(seen).toContain(Math.min(19, base + 7));
    expect(os.getPriority()).toBe(base);
  }, 60_000);
});
