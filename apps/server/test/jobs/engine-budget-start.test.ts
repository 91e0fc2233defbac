import { runEngineInThread } from '../../src/modules/jobs/engine-runner.ts';
import { smallPanel, smallPanelConfig } from '../helpers/small-panel.ts';

/**
 * A job's budget counts from the job's start, as the CLI's counts from its process's start: reading a large upload
 * (6-10 s for 43 MB) is inside the budget, and the results charge that time to the preparation. The engine thread's
 * own start-up (loading its modules) is left out.
 */
describe("the engine thread's budget", () => {
  it('counts from the given start, charging the time before the run to the preparation', async () => {
    const before = 4;
    const { results } = await runEngineInThread(
      smallPanel(),
      smallPanelConfig(10, 0),
      { timeoutMs: 60_000, startedAt: Date.now() - before * 1000 },
    );
    // Less the engine thread's own start-up, which is left out (a fraction of a millisecond of rounding here).
    expect(results.elapsedSeconds).toBeGreaterThanOrEqual(before - 0.01);
    expect(results.budgetUse?.otherSeconds).toBeGreaterThanOrEqual(before - 0.01);
    expect(results.budgetUse?.totalSeconds).toBeLessThanOrEqual(10 + 1);
  }, 60_000);
});
