import fc from 'fast-check';
import { JOB_LIMITS, type JobListItem } from '@indicata/contracts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from './fixtures.ts';

/**
 * Job configurations are checked in full before queueing (sizes, repeated
 * model families, indicators that exist in the chosen data) with messages that say what is wrong, a user may
 * have only QUOTA_ACTIVE_JOBS jobs waiting or running, and no input makes POST /api/jobs answer 500.
 */
describe('job configuration limits', () => {
  let server: TestServer;
  let owner: SignedIn;
  let data: ReturnType<typeof uploadJobData>;

  beforeAll(async () => {
    server = await createTestServer('pglite', { initialize: true, config: { quotas: { activeJobs: 3, uploadBytes: 1e9, eventStreams: 10 } } });
    owner = await registerAndLogin(server.app);
    data = uploadJobData(await uploadPanel(server.ctx, owner.user.id));
  });
  afterAll(async () => server?.close());

  const post = (who: SignedIn, payload: unknown) =>
    server.app.inject({ method: 'POST', url: '/api/jobs', headers: { ...who.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const jobCount = async (who: SignedIn) => (await server.app.inject({ method: 'GET', url: '/api/jobs', headers: who.headers })).json<{ jobs: JobListItem[] }>().jobs.length;

  it('refuses a 10 MB name (400) and stores nothing', async () => {
    const response = await post(owner, { name: 'x'.repeat(10_000_000), data });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'jobNameTooLong', message: `The name has 10,000,000 characters; at most ${JOB_LIMITS.nameMaxChars} are allowed.` });
    expect(await jobCount(owner)).toBe(0);
  });

  it('refuses 1,000,000 MLAlgorithms entries and 70,000 indicators with the counts in words', async () => {
    const families = await post(owner, { name: 'many', data: { ...data, MLAlgorithms: new Array(1_000_000).fill('DT') } });
    expect(families.statusCode).toBe(400);
    expect(families.json().error.message).toBe('The configuration lists 1,000,000 models; at most 5 are allowed.');
    const indicators = await post(owner, { name: 'many', data: { ...data, indicatorsAnalyzingCode: Array.from({ length: 70_000 }, (_, i) => `I${i}`) } });
    expect(indicators.statusCode).toBe(400);
    expect(indicators.json().error.message).toBe(`The configuration lists 70,000 indicators; at most ${JOB_LIMITS.indicatorsMax.toLocaleString('en-US')} are allowed.`);
    const candidates = await post(owner, { name: 'many', data: { ...data, KNNConfig: { ...(data.KNNConfig as object), KNNnNeighbors: Array.from({ length: 500 }, (_, i) => i + 1) } } });
    expect(candidates.statusCode).toBe(400);
    expect(candidates.json().error.message).toContain('500 candidate values of KNNnNeighbors');
    expect(await jobCount(owner)).toBe(0);
  });

  it('refuses a model family listed twice', async () => {
    const response = await post(owner, { name: 'twice', data: { ...data, MLAlgorithms: ['DT', 'KNN', 'DT'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The model list names DT more than once; list each model once.');
  });

  it('refuses indicators and targets that are not in the chosen data', async () => {
    const features = await post(owner, { name: 'ghost', data: { ...data, indicatorsAnalyzingCode: ['f1', 'ghost', 'phantom'] } });
    expect(features.statusCode).toBe(400);
    expect(features.json().error).toMatchObject({ code: 'jobUnknownIndicators', message: 'The chosen data has no indicator "ghost", "phantom". Choose indicators from the chosen data.' });
    const target = await post(owner, { name: 'ghost', data: { ...data, codePredictionIndicator: 'nothing' } });
    expect(target.statusCode).toBe(400);
    expect(target.json().error.code).toBe('jobUnknownTarget');
    expect(await jobCount(owner)).toBe(0);
  });

  it('accepts a valid configuration naming existing indicators', async () => {
    const response = await post(owner, { name: 'fine', data: { ...data, indicatorsAnalyzingCode: ['f1', 'f2'] } });
    expect(response.statusCode).toBe(201);
  });

  it('lets a user have QUOTA_ACTIVE_JOBS jobs waiting or running, then answers 429 with the reason', async () => {
    const user = await registerAndLogin(server.app);
    const own = uploadJobData(await uploadPanel(server.ctx, user.user.id));
    for (let i = 0; i < 3; i++) expect((await post(user, { name: `job ${i}`, data: own })).statusCode).toBe(201);
    const over = await post(user, { name: 'one too many', data: own });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toEqual({
      code: 'jobQuotaExceeded',
      message: 'You already have 3 jobs waiting or running; at most 3 are allowed at once. Wait for one to finish, then submit again.',
    });
    expect(await jobCount(user)).toBe(3);
  });

  it('answers any input with a job or a clear 4xx, never a 500 (property test)', async () => {
    const user = await registerAndLogin(server.app);
    const own = uploadJobData(await uploadPanel(server.ctx, user.user.id));
    const keys = Object.keys(own);
    // Start from the valid configuration and break one to three fields with arbitrary JSON values.
    const mutated = fc.record({
      name: fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue()),
      changes: fc.array(fc.tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 3 })), { minLength: 1, maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(mutated, async ({ name, changes }) => {
        const body = { name, data: { ...own, ...Object.fromEntries(changes) } };
        const response = await post(user, body);
        if (response.statusCode === 201) {
          // Keep under the quota so later runs can still succeed.
          await server.ctx.database.query(`UPDATE jobs SET status = 'done' WHERE id = $1`, [response.json().job.id]);
          return;
        }
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        const error = response.json().error;
        expect(typeof error.code).toBe('string');
        expect(error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 150, seed: 13 },
    );
    // And arbitrary whole bodies.
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (body) => {
        const response = await post(user, body);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 100, seed: 14 },
    );
  }, 120_000);
});
