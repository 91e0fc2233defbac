import { jobSettings, postgres, startedLines, WorkerScenario } from './harness.ts';

describe.skipIf(postgres.skip)('worker processes on one PostgreSQL: sharing the queue', { timeout: 240_000 }, () => {
  const scenario = new WorkerScenario();
  afterEach(() => scenario.tearDown());

  it('two workers share the queue and never run a job twice', async () => {
    const jobs = jobSettings({});
    await scenario.setUp(jobs);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await scenario.submit(`job ${i}`));
    const workers = [scenario.startWorker(jobs), scenario.startWorker(jobs)];
    await scenario.waitUntil(async () => (await Promise.all(ids.map((id) => scenario.jobRow(id)))).every((r) => r.status === 'done' || r.status === 'error'), 'all jobs to finish', 200_000);
    for (const id of ids) {
      const row = await scenario.jobRow(id);
      expect({ status: row.status, error: row.error_message }).toEqual({ status: 'done', error: null });
      expect(row.attempts).toBe(1);
      const runs = workers.reduce((sum, w) => sum + startedLines(w.output(), id), 0);
      expect(runs).toBe(1);
    }
  });
});
