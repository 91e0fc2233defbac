import os from 'node:os';
import { runEngineInThread } from '../../src/modules/jobs/engine-runner.ts';
import { smallPanel, smallPanelConfig } from '../helpers/small-panel.ts';
import { threadNiceLevels } from '../helpers/thread-nice-levels.ts';

describe.skipIf(process.platform !== 'linux')("a job's threads run below the web server in CPU priority (JOB_THREAD_NICENESS)", () => {
  it('lowers the engine thread and the fit threads it starts, never the main thread', async () => {
    const base = os.getPriority();
    const seen = new Set<number>();
    await runEngineInThread(
      smallPanel(),
      smallPanelConfig(5, 2),
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
