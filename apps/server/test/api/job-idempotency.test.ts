import { createJobRequestSchema, IDEMPOTENCY_KEY_HEADER } from '@indicata/contracts';
import { insertAndEnqueueJob } from '../../src/modules/jobs/service.ts';
import { allDatabaseKinds, createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from '../jobs/fixtures.ts';

const ACTIVE_JOBS = 3;

/**
 * POST /api/jobs with an Idempotency-Key queues one job per key and user: a repeat (a double click, a retry after
 * a lost answer) gets the first job back, even when both arrive at once, on PGlite and on PostgreSQL.
 */
describe.each(allDatabaseKinds())('job submissions with an Idempotency-Key ($kind)', ({ kind, skip, reason }) => {
  if (skip) it.skip(`skipped: ${reason}`, () => {});
  describe.skipIf(skip)(kind, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(kind, { initialize: true, config: { quotas: { activeJobs: ACTIVE_JOBS, uploadBytes: 10_000_000, eventStreams: 10 } } });
    });
    afterAll(async () => server?.close());

    async function signedInWithData(): Promise<{ user: SignedIn; data: Record<string, unknown> }> {
      const user = await registerAndLogin(server.app);
      return { user, data: uploadJobData(await uploadPanel(server.ctx, user.user.id)) as Record<string, unknown> };
    }

    const submit = (user: SignedIn, body: unknown, key?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { ...user.headers, 'content-type': 'application/json', ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
        payload: JSON.stringify(body),
      });

    const jobsOf = async (userId: string) =>
      (await server.ctx.database.query<{ id: string }>('SELECT id FROM jobs WHERE user_id = $1', [userId])).rows.map((r) => r.id);

    it('answers a repeat with the same key and body with the first job (201, then 200) and queues one', async () => {
      const { user, data } = await signedInWithData();
      const body = { name: 'twice', data };
      const first = await submit(user, body, 'key-0000000000000001');
      const second = await submit(user, body, 'key-0000000000000001');
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json().job.id).toBe(first.json().job.id);
      expect(await jobsOf(user.user.id)).toEqual([first.json().job.id]);
    });

    it('queues one job when ten submissions with one key arrive at once', async () => {
      const { user, data } = await signedInWithData();
      const body = { name: 'at once', data };
      const answers = await Promise.all(Array.from({ length: 10 }, () => submit(user, body, 'key-0000000000000002')));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      const ids = new Set(answers.map((a) => a.json().job.id));
      expect(ids.size).toBe(1);
      expect(await jobsOf(user.user.id)).toEqual([...ids]);
    });

    it('gives a repeat its job even when that job filled the active-job quota', async () => {
      const { user, data } = await signedInWithData();
      for (let i = 0; i < ACTIVE_JOBS - 1; i++) expect((await submit(user, { name: `filler ${i}`, data })).statusCode).toBe(201);
      const last = await submit(user, { name: 'last', data }, 'key-0000000000000003');
      expect(last.statusCode).toBe(201);
      expect((await submit(user, { name: 'one more', data })).statusCode).toBe(429);
      const repeat = await submit(user, { name: 'last', data }, 'key-0000000000000003');
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json().job.id).toBe(last.json().job.id);
    });

    it('refuses the key with another body (422, naming the header) and queues nothing', async () => {
      const { user, data } = await signedInWithData();
      const first = await submit(user, { name: 'first', data }, 'key-0000000000000004');
      const other = await submit(user, { name: 'another request', data }, 'key-0000000000000004');
      expect(other.statusCode).toBe(422);
      expect(other.json().error.code).toBe('idempotencyKeyReused');
      expect(other.json().error.message).toContain(IDEMPOTENCY_KEY_HEADER);
      expect(other.json().error.message).toContain(first.json().job.id);
      expect(await jobsOf(user.user.id)).toHaveLength(1);
    });

    it("keeps keys per user: another user's submission with the same key queues its own job", async () => {
      const a = await signedInWithData();
      const b = await signedInWithData();
      const first = await submit(a.user, { name: 'same key', data: a.data }, 'key-0000000000000005');
      const second = await submit(b.user, { name: 'same key', data: b.data }, 'key-0000000000000005');
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json().job.id).not.toBe(first.json().job.id);
    });

    it('queues one job from simultaneous inserts with one key and no quota lock (the unique index alone)', async () => {
      const { user, data } = await signedInWithData();
      const parsed = createJobRequestSchema.parse({ name: 'unlocked', data }).data;
      const submission = { key: 'key-0000000000000006', hash: 'same body' };
      const answers = await Promise.all(Array.from({ length: 6 }, () => insertAndEnqueueJob(server.ctx, user.user.id, 'unlocked', parsed, { submission })));
      expect(answers.filter((a) => a.created)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.job.id)).size).toBe(1);
      expect(await jobsOf(user.user.id)).toHaveLength(1);
    });

    it('refuses a malformed key (400) and still queues without one', async () => {
      const { user, data } = await signedInWithData();
      const short = await submit(user, { name: 'short key', data }, 'abc');
      expect(short.statusCode).toBe(400);
      expect(short.json().error.code).toBe('idempotencyKeyInvalid');
      expect(short.json().error.message).toContain(IDEMPOTENCY_KEY_HEADER);
      expect((await submit(user, { name: 'no key', data })).statusCode).toBe(201);
      expect((await submit(user, { name: 'no key', data })).statusCode).toBe(201);
    });

    it('queues one re-run from a double click on "Re-run" (one key), and another with a new key', async () => {
      const { user, data } = await signedInWithData();
      const original = (await submit(user, { name: 'original', data })).json().job.id as string;
      const rerun = (key: string, name = 'original (re-run)') =>
        server.app.inject({
          method: 'POST',
          url: `/api/jobs/${original}/rerun`,
          headers: { ...user.headers, 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
          payload: JSON.stringify({ name }),
        });
      const both = await Promise.all([rerun('key-0000000000000007'), rerun('key-0000000000000007')]);
      expect(both.map((a) => a.statusCode).sort()).toEqual([200, 201]);
      expect(both[1].json().job.id).toBe(both[0].json().job.id);
      expect(await jobsOf(user.user.id)).toHaveLength(2);
      // The key names this re-run: another name under it is refused, a new key is another job.
      expect((await rerun('key-0000000000000007', 'renamed')).statusCode).toBe(422);
      expect((await rerun('key-0000000000000008')).statusCode).toBe(201);
      expect(await jobsOf(user.user.id)).toHaveLength(3);
    });
  });
});
