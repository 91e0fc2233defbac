import { newId, type AutoMLResults } from '@indicata/contracts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { jobs } from '../../src/db/schema/index.ts';
import { resultsFixture } from '../../src/modules/reports/results-fixture.ts';

/**
 * A job finished before each prediction set was placed on its own row: GET /api/jobs/:id leaves out the rows' sets of
 * a model whose sets are misplaced (a set without its row's predicted class), and keeps the others'. On PGlite only:
 * the route reads one job row, as every job route does.
 */
describe('prediction sets an earlier version put on the wrong rows', () => {
  let server: TestServer;
  let owner: SignedIn;
  const id = newId();

  /** RF's rows each hold their own predicted class in their set; KNN's first row holds another class only. */
  function withSets(): AutoMLResults {
    const results = resultsFixture();
    const titles = results.classes.map((c) => c.title);
    const own = (predicted: string) => [predicted];
    results.models.RF = { ...results.models.RF!, predictions: results.models.RF!.predictions.map((row) => ({ ...row, set: own(row.predicted) })) };
    results.models.KNN = {
      ...results.models.KNN!,
      predictions: results.models.KNN!.predictions.map((row, i) => ({ ...row, set: i === 0 ? [titles.find((t) => t !== row.predicted)!] : own(row.predicted) })),
    };
    return results;
  }

  beforeAll(async () => {
    server = await createTestServer('pglite');
    owner = await registerAndLogin(server.app);
    await server.ctx.database.db.insert(jobs).values({ id, userId: owner.user.id, name: 'Earlier', currentTime: '2026-11-28 09:00:00.000', status: 'done', data: { database: 'WHO' } as never, seed: 1, results: withSets() });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers the misplaced model's rows without sets and keeps the rest, coverage figures and all", async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    const results = response.json().job.results as AutoMLResults;
    expect(results.models.KNN!.predictions.length).toBeGreaterThan(0);
    expect(results.models.KNN!.predictions.every((row) => row.set === undefined)).toBe(true);
    expect(results.models.RF!.predictions.every((row) => row.set?.[0] === row.predicted)).toBe(true);
    expect(results.models.KNN!.test).toEqual(withSets().models.KNN!.test);
  });
});
