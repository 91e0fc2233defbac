import { MESSAGES, ID_PATTERN, RUN_CHECK_FIELDS, type JobListItem } from '@indicata/contracts';
import { allDatabaseKinds, createTestServer, loginAsDemo, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from './fixtures.ts';
import { JobQueue } from '../../src/modules/jobs/queue.ts';

describe.each(allDatabaseKinds())('jobs API on $kind', ({ kind, skip, reason }) => {
  if (skip) {
    it.skip(`skipped: ${reason}`, () => {});
    return;
  }
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  let uploadData: ReturnType<typeof uploadJobData>;

  beforeAll(async () => {
    // Queue and storage as in production, but no workers: jobs stay pending.
    server = await createTestServer(kind, { initialize: true });
    owner = await registerAndLogin(server.app);
    other = await registerAndLogin(server.app);
    uploadData = uploadJobData(await uploadPanel(server.ctx, owner.user.id));
  });
  afterAll(async () => server?.close());

  const post = (who: SignedIn | null, payload: unknown) =>
    server.app.inject({ method: 'POST', url: '/api/jobs', headers: who?.headers ?? { 'x-indicata-request': '1' }, payload: payload as object });

  it('needs a session', async () => {
    expect((await post(null, { name: 'x', data: uploadData })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(401);
  });

  it('applies the Run AutoML checks in the spec order with their exact messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...uploadData, database: '' }, MESSAGES.noDatabase],
      [{ ...uploadData, codePredictionIndicator: '' }, MESSAGES.noTargetCode],
      [{ ...uploadData, fracUsedToTest: 20 }, MESSAGES.bothYearAndPercent],
      [{ ...uploadData, predictionIndicatorYear: null }, MESSAGES.neitherYearNorPercent],
      [{ ...uploadData, predictionIndicatorYear: null, fracUsedToTest: 120 }, MESSAGES.percentOutOfRange],
      [{ ...uploadData, predictionIndicatorYear: null, fracUsedToTest: 0 }, MESSAGES.percentOutOfRange],
      [{ ...uploadData, predictionIndicatorYear: null, fracUsedToTest: 100 }, MESSAGES.percentOutOfRange],
      [{ ...uploadData, groupsCategorization: null }, MESSAGES.noGroupCount],
    ];
    for (const [data, message] of cases) {
      const response = await post(owner, { name: 'checks', data });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
      // The refusal names the field it is about.
      const key = response.json().error.code as keyof typeof RUN_CHECK_FIELDS;
      expect(response.json().error.fields).toEqual({ [RUN_CHECK_FIELDS[key]]: message });
    }
    const unnamed = await post(owner, { name: '  ', data: uploadData });
    expect(unnamed.json().error).toMatchObject({ message: MESSAGES.noName, fields: { name: MESSAGES.noName } });
    // Several failures at once: the first in the spec's order wins.
    const many = await post(owner, { name: '', data: { ...uploadData, database: '', groupsCategorization: null } });
    expect(many.json().error.message).toBe(MESSAGES.noDatabase);
  });

  it('refuses a malformed configuration and someone else\'s upload, and stores nothing', async () => {
    const before = (await server.app.inject({ method: 'GET', url: '/api/jobs', headers: owner.headers })).json().jobs.length;
    const bad = await post(owner, { name: 'bad', data: { ...uploadData, MLAlgorithms: ['XGBoost'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_argument');
    // Settings that would leave the worker no indicator at all are refused here, naming the field.
    const noIndicator = await post(owner, { name: 'bad', data: { ...uploadData, minInformationGain: 1.6, pearsonCorrelationCut: 0 } });
    expect(noIndicator.statusCode).toBe(400);
    expect(Object.keys(noIndicator.json().error.fields).sort()).toEqual(['data.minInformationGain', 'data.pearsonCorrelationCut']);
    const stolen = await post(other, { name: 'not mine', data: uploadData });
    expect(stolen.statusCode).toBe(400);
    // Named by id: said as not among the caller's files, which neither confirms nor denies that it exists.
    expect(stolen.json().error).toMatchObject({ code: 'uploadMissing', message: MESSAGES.uploadMissing, fields: { 'data.uploadId': MESSAGES.uploadMissing } });
    const after = (await server.app.inject({ method: 'GET', url: '/api/jobs', headers: owner.headers })).json().jobs.length;
    expect(after).toBe(before);
    expect((await server.app.inject({ method: 'GET', url: '/api/jobs', headers: other.headers })).json().jobs).toEqual([]);
  });

  it('queues a job: a pending row and its queue entry, listed newest first, visible to its owner only', async () => {
    const first = await post(owner, { name: 'first', data: uploadData });
    expect(first.statusCode).toBe(201);
    const second = await post(owner, { name: 'second', data: uploadData });
    const job: JobListItem = second.json().job;
    expect(job.id).toMatch(ID_PATTERN);
    expect(job.status).toBe('pending');
    expect(job.currentTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(job.database).toBe(uploadData.database);

    const { rows } = await server.ctx.database.query<{ count: string }>(`SELECT count(*) AS count FROM pgboss.job WHERE name = 'automl' AND data->>'jobId' = $1`, [job.id]);
    expect(Number(rows[0].count)).toBe(1);

    const list: JobListItem[] = (await server.app.inject({ method: 'GET', url: '/api/jobs', headers: owner.headers })).json().jobs;
    expect(list.map((j) => j.name).slice(0, 2)).toEqual(['second', 'first']);

    const detail = await server.app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: owner.headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().job).toMatchObject({ id: job.id, status: 'pending', results: null, report: null });
    expect(detail.json().job.data.codePredictionIndicator).toBe('score');

    for (const url of [`/api/jobs/${job.id}`, `/api/jobs/${job.id}/models`, `/api/jobs/${job.id}/models/modelDT.json`]) {
      expect((await server.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    }
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${job.id}/models/..%2Fsecret`, headers: owner.headers })).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${job.id}/models/modelDT.json`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('does not let the demo account submit', async () => {
    const demo = await loginAsDemo(server.app);
    const response = await post(demo, { name: 'demo', data: uploadData });
    expect(response.statusCode).toBe(403);
  });

  const count = async () => Number((await server.ctx.database.query<{ n: string }>('SELECT count(*) AS n FROM jobs')).rows[0].n);

  it('answers 503 while the queue is stopped (start-up or shutdown) and stores nothing, then queues again', async () => {
    const before = await count();
    await server.ctx.queue.stop();
    try {
      expect(server.ctx.queue.running).toBe(false);
      const refused = await post(owner, { name: 'while stopped', data: uploadData });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.code).toBe('unavailable');
      expect(await count()).toBe(before);
    } finally {
      await server.ctx.queue.start(true);
    }
    expect((await post(owner, { name: 'after restart', data: uploadData })).statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('rolls the job row back when the queue stops between the check and the enqueue', async () => {
    const before = await count();
    const running = server.ctx.queue;
    // A queue that passes the up-front check but is not started: its enqueue, inside the transaction, throws.
    class StoppedAfterTheCheck extends JobQueue {
      override get running(): boolean {
        return true;
      }
    }
    server.ctx.queue = new StoppedAfterTheCheck(server.ctx.database, running.settings);
    try {
      const refused = await post(owner, { name: 'stopped mid-way', data: uploadData });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.code).toBe('unavailable');
      expect(await count()).toBe(before);
    } finally {
      server.ctx.queue = running;
    }
  });
});
