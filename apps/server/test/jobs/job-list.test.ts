import { jobListResponseSchema, newId } from '@indicata/contracts';
import { jobs } from '../../src/db/schema/index.ts';
import { allDatabaseKinds, createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';

const START = Date.UTC(2026, 0, 2, 3, 4, 5, 678);

/** GET /api/jobs returns pages of summaries, never the stored results (raw SQL on both drivers). */
describe.each(allDatabaseKinds())('GET /api/jobs on $kind', ({ kind, skip, reason }) => {
  let server: TestServer;
  let owner: SignedIn;

  beforeAll(async () => {
    if (skip) return;
    server = await createTestServer(kind);
    owner = await registerAndLogin(server.app);
    for (let i = 0; i < 25; i++) {
      const at = new Date(START + i * 60_000);
      await server.ctx.database.db.insert(jobs).values({
        id: newId(at.getTime()),
        userId: owner.user.id,
        name: `job ${i}`,
        currentTime: '2026-01-01 00:00:00.000',
        status: 'done',
        data: { database: 'WHO' } as never,
        seed: i,
        results: { bulk: 'r'.repeat(300_000) },
        report: { bulk: 'p'.repeat(50_000) },
        createdAt: at,
      });
    }
  });
  afterAll(async () => server?.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: owner.headers });

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'pages', () => {
    it('answers the first 20 summaries, newest first, with the total, and no results or report', async () => {
      const response = await get('/api/jobs');
      expect(response.statusCode).toBe(200);
      const body = jobListResponseSchema.strict().parse(response.json());
      expect(body.jobs.map((j) => j.name)).toEqual(Array.from({ length: 20 }, (_, i) => `job ${24 - i}`));
      expect(body).toMatchObject({ page: 1, size: 20, total: 25 });
      expect(body.jobs[0]).toEqual({
        id: expect.any(String),
        name: 'job 24',
        currentTime: '2026-01-01 00:00:00.000',
        createdAt: new Date(START + 24 * 60_000).toISOString(),
        status: 'done',
        database: 'WHO',
        progress: null,
        errorMessage: null,
      });
      expect(response.body.length).toBeLessThan(10_000);
    });

    it('pages with page and size, and refuses sizes over 100', async () => {
      const second = jobListResponseSchema.parse((await get('/api/jobs?page=2&size=20')).json());
      expect(second.jobs.map((j) => j.name)).toEqual(['job 4', 'job 3', 'job 2', 'job 1', 'job 0']);
      const beyond = jobListResponseSchema.parse((await get('/api/jobs?page=9&size=20')).json());
      expect(beyond.jobs).toEqual([]);
      expect(beyond.total).toBe(25);
      const small = jobListResponseSchema.parse((await get('/api/jobs?size=3')).json());
      expect(small.jobs.map((j) => j.name)).toEqual(['job 24', 'job 23', 'job 22']);
      expect((await get('/api/jobs?size=101')).statusCode).toBe(400);
      expect((await get('/api/jobs?page=0')).statusCode).toBe(400);
      expect((await get('/api/jobs?page=abc')).statusCode).toBe(400);
    });
  });
});
