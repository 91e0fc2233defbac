import { jobSettings, postgres, startedLines, WorkerScenario } from './harness.ts';

describe.skipIf(postgres.skip)('worker processes on one PostgreSQL: a killed worker', { timeout: 240_000 }, () => {
  const scenario = new WorkerScenario();
  afterEach(() => scenario.tearDown());

  it('has its job taken back once its heartbeats stop (not at the queue expiry); another worker finishes it, one e-mail', async () => {
    // The product's default is stale after 30 s, looked for every 10 s; the same mechanism with shorter
    // settings keeps the test short. The queue's expiry (600 s) cannot be what rescues the job.
    const jobs = jobSettings({ expireSeconds: 600, retryLimit: 1, heartbeatSeconds: 2, staleSeconds: 8 });
    await scenario.setUp(jobs);
    // The rescuer starts once the doomed worker holds the job (started earlier, it could take the job itself).
    const id = await scenario.submitAndKillItsWorker(jobs, 'killed mid-run');
    const killedAt = Date.now();
    const rescuer = scenario.startWorker(jobs);
    await scenario.waitUntil(() => startedLines(rescuer.output(), id) === 1, 'the job to be taken back', 120_000);
    const takenBackSeconds = (Date.now() - killedAt) / 1000;
    await scenario.waitUntil(async () => ['done', 'error'].includes((await scenario.jobRow(id)).status), 'the retried job to finish', 200_000);
    const doneSeconds = (Date.now() - killedAt) / 1000;
    console.log(`[recovery on PostgreSQL] taken back ${takenBackSeconds.toFixed(1)} s after kill -9 (stale after ${jobs.staleSeconds} s), done ${doneSeconds.toFixed(1)} s after it`);
    // Stale after staleSeconds without a heartbeat, plus the rescuer's start-up; slack for a busy machine.
    expect(takenBackSeconds).toBeLessThan(jobs.staleSeconds + 30);
    expect(doneSeconds).toBeLessThan(takenBackSeconds + jobs.budgetSeconds + 60);
    const row = await scenario.jobRow(id);
    expect({ status: row.status, error: row.error_message }).toEqual({ status: 'done', error: null });
    expect(row.attempts).toBe(2);
    expect(rescuer.output()).toContain('job taken back from a dead worker');
    // The e-mail goes out just after the row says done.
    await scenario.waitUntil(() => scenario.mailsAbout(id) > 0, 'the job e-mail', 30_000);
    expect(scenario.mailsAbout(id)).toBe(1);
  });
});
