import { eq } from 'drizzle-orm';
import type { UploadRecord } from '@indicata/contracts';
import { jobs } from '../../src/db/schema/index.ts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadPanel } from './fixtures.ts';
import { probeBodies, whoJobData, writeProbeCatalog } from './probe-bodies.ts';
import { uploadJobData } from './fixtures.ts';
import { workerRefusal } from './worker-refusal.ts';

/**
 * The door probe: hostile POST /api/jobs bodies that were accepted (201), took a quota slot and then failed in the
 * worker, or ran while ignoring what they asked. Each must now be a 400 naming its field, with nothing stored.
 * The summary line gives the figures (refused / accepted then refused by the worker / accepted and run).
 */
describe('POST /api/jobs refuses at the door what the worker would refuse or ignore', () => {
  let server: TestServer;
  let owner: SignedIn;
  let upload: UploadRecord;

  beforeAll(async () => {
    server = await createTestServer('pglite', { initialize: true, config: { quotas: { activeJobs: 1000, uploadBytes: 1e9, eventStreams: 10 } } });
    owner = await registerAndLogin(server.app);
    await writeProbeCatalog(server.ctx.database.db);
    upload = await uploadPanel(server.ctx, owner.user.id);
  });
  afterAll(async () => server?.close());

  const post = (data: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'probe', data }),
    });

  it('accepts the valid WHO and upload configurations the probe starts from, and the worker would run them', async () => {
    for (const data of [whoJobData(), uploadJobData(upload)]) {
      const response = await post(data);
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await server.ctx.database.db.select().from(jobs).where(eq(jobs.id, response.json().job.id));
      expect(await workerRefusal(server.ctx, row)).toBeNull();
    }
  });

  it('refuses every hostile body with a 400 naming its field', async () => {
    const outcomes: { label: string; kind: string; status: number; worker: string | null; fields: string[] }[] = [];
    for (const body of probeBodies(upload)) {
      const response = await post(body.data);
      let worker: string | null = null;
      if (response.statusCode === 201) {
        const [row] = await server.ctx.database.db.select().from(jobs).where(eq(jobs.id, response.json().job.id));
        worker = await workerRefusal(server.ctx, row);
      }
      const fields = Object.keys(response.json().error?.fields ?? {});
      outcomes.push({ label: body.label, kind: body.kind, status: response.statusCode, worker, fields });
    }
    const refused = outcomes.filter((o) => o.status === 400).length;
    const late = outcomes.filter((o) => o.status === 201 && o.worker !== null).length;
    const ran = outcomes.filter((o) => o.status === 201 && o.worker === null).length;
    console.info(`[door probe] ${outcomes.length} hostile bodies: ${refused} refused (400), ${late} accepted then refused by the worker, ${ran} accepted and run`);
    for (const o of outcomes.filter((x) => x.status !== 400)) console.info(`[door probe] accepted: ${o.label} (${o.kind}) -> worker: ${o.worker ?? 'runs'}`);
    const expected = probeBodies(upload).map((b) => ({ label: b.label, status: 400, field: `data.${b.field}` }));
    expect(outcomes.map((o) => ({ label: o.label, status: o.status, field: o.fields.find((f) => f === expected.find((e) => e.label === o.label)!.field) }))).toEqual(expected);
  });
});
