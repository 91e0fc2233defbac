import type { AutoMLResults, JobListItem, ModelFile } from '@indicata/contracts';
import { allDatabaseKinds, createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from './fixtures.ts';
import { CSV_FOLDER } from '../../src/modules/uploads/service.ts';
import { startSmtpSink } from './smtp-sink.ts';

/** The readable text of a quoted-printable MIME message (soft line breaks joined, =XX decoded). */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function waitForStatus(server: TestServer, who: SignedIn, id: string, statuses: string[], timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await server.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: who.headers })).json().job;
    if (statuses.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe.each(allDatabaseKinds())('a job runs through the queue on $kind', ({ kind, skip, reason }) => {
  if (skip) {
    it.skip(`skipped: ${reason}`, () => {});
    return;
  }
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let owner: SignedIn;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await createTestServer(kind, { workers: true, config: {} });
    server.ctx.config.jobs.seedDemo = false;
    owner = await registerAndLogin(server.app);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('goes pending -> running -> done, stores results, models and report, pushes events and mails the owner', async () => {
    // The mailer is created by the context initializer from config; point it at the sink for this test.
    const { createMailer } = await import('../../src/modules/mail/mailer.ts');
    server.ctx.mailer = createMailer({ ...server.ctx.config.mail, smtpUrl: sink.url });
    // A ceiling, not a duration: this small job ends in a few seconds alone, but beside other Vitest files on a
    // saturated 2-core machine a 15 s budget once left DT out (its first fit never started).
    server.ctx.config.jobs.budgetSeconds = 30;

    const seen: string[] = [];
    const unsubscribe = server.ctx.events.subscribe(owner.user.id, (event) => {
      if (event.type === 'job') seen.push((event.data as JobListItem).status);
    });
    const upload = await uploadPanel(server.ctx, owner.user.id);
    const created = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name: 'Panel run', data: uploadJobData(upload) } });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().job.id;

    const job = await waitForStatus(server, owner, id, ['done', 'error']);
    // On PostgreSQL events travel by LISTEN/NOTIFY, so the last one may arrive a moment after the row says 'done'.
    const eventDeadline = Date.now() + 10_000;
    while (seen.at(-1) !== job.status && Date.now() < eventDeadline) await new Promise((r) => setTimeout(r, 50));
    unsubscribe();
    expect(job.errorMessage).toBeNull();
    expect(job.status).toBe('done');
    expect(seen[0]).toBe('pending');
    expect(seen).toContain('running');
    expect(seen.at(-1)).toBe('done');

    const results = job.results as AutoMLResults;
    // A model of the two families, their ensemble, or a rule when no model beats it on validation.
    expect(['DT', 'KNN', 'Ensemble', 'Persistence', 'Majority']).toContain(results.best);
    expect(results.seed).toBe(11);
    expect(results.split.testYears).toEqual([2007]);
    expect(results.models.DT?.predictions.length).toBeGreaterThan(0);
    expect(results.models.DT?.predictions.every((p) => p.time === 2007)).toBe(true);
    expect(job.report.sections.length).toBeGreaterThanOrEqual(7);

    const models: ModelFile[] = (await server.app.inject({ method: 'GET', url: `/api/jobs/${id}/models`, headers: owner.headers })).json().models;
    expect(models.map((m) => m.file).sort()).toEqual(expect.arrayContaining(['modelDT.json', 'modelKNN.json']));
    const download = await server.app.inject({ method: 'GET', url: `/api/jobs/${id}/models/modelDT.json`, headers: owner.headers });
    expect(download.statusCode).toBe(200);
    expect(download.json()).toMatchObject({ format: 'indicata-model', family: 'DT' });

    const deadline = Date.now() + 10_000;
    while (sink.messages.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0].to).toEqual([owner.user.email]);
    const body = decodeQuotedPrintable(sink.messages[0].raw);
    expect(body).toContain('Panel run');
    expect(body).toContain(`/results?id=${id}`);
    expect(body).toMatch(/macro-F1 \d\.\d{4}/);
  }, 120_000);

  it('refuses a job whose target is not a column of its data before queueing it', async () => {
    const upload = await uploadPanel(server.ctx, owner.user.id);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: owner.headers,
      payload: { name: 'Missing target', data: uploadJobData(upload, { codePredictionIndicator: 'not_a_column' }) },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toContain('not_a_column');
  });

  it('ends a job whose data cannot be read in error with a reason, without retrying it', async () => {
    const upload = await uploadPanel(server.ctx, owner.user.id);
    // The file is gone from storage after the import (a disk cleaned by hand): the job is valid but unreadable.
    await server.ctx.storage!.delete(`${CSV_FOLDER}/${upload.storedName}`);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: owner.headers,
      payload: { name: 'File gone', data: uploadJobData(upload) },
    });
    expect(created.statusCode).toBe(201);
    const job = await waitForStatus(server, owner, created.json().job.id, ['done', 'error']);
    expect(job.status).toBe('error');
    expect(job.errorMessage).toContain('missing from storage');
    const { rows } = await server.ctx.database.query<{ attempts: number }>('SELECT attempts FROM jobs WHERE id = $1', [job.id]);
    expect(rows[0].attempts).toBe(1);
  }, 60_000);
});
