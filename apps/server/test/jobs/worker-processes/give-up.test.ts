import { jobSettings, postgres, WorkerScenario } from './harness.ts';

describe.skipIf(postgres.skip)('worker processes on one PostgreSQL: retries used up', { timeout: 240_000 }, () => {
  const scenario = new WorkerScenario();
  afterEach(() => scenario.tearDown());

  it('ends the job in error with a readable reason once its retries are used up', async () => {
    // Stale after 8 s without a heartbeat, looked for every 2 s (as in rescue.test.ts): the job is taken back, and
    // given up, within seconds of the kill instead of the harness's 30 s (this file: 37 -> 12-16 s of test time).
    const jobs = jobSettings({ expireSeconds: 8, retryLimit: 0, heartbeatSeconds: 2, staleSeconds: 8 });
    await scenario.setUp(jobs);
    const id = await scenario.submitAndKillItsWorker(jobs, 'killed, no retries');
    scenario.startWorker(jobs);
    await scenario.waitUntil(async () => ['done', 'error'].includes((await scenario.jobRow(id)).status), 'the job to be given up', 120_000);
    const row = await scenario.jobRow(id);
    expect(row.status).toBe('error');
    expect(row.attempts).toBe(1);
    expect(row.error_message).toMatch(/interrupted 1 time/);
  });
});
