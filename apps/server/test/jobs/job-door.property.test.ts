import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { JobDataInput, UploadRecord } from '@indicata/contracts';
import { jobs } from '../../src/db/schema/index.ts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from './fixtures.ts';
import { rf, whoJobData, writeProbeCatalog } from './probe-bodies.ts';
import { workerRefusal } from './worker-refusal.ts';

/**
 * Nothing the worker could refuse for the configuration alone reaches the queue: configurations drawn around the
 * edges of what the data and the engine take (years, regions, dimensions, columns, test shares, class tables,
 * attributes to discretize, Random Forest parameters) are either refused by POST /api/jobs or pass every check
 * the worker makes before fitting (workerRefusal).
 */
describe('POST /api/jobs: whatever it accepts, the worker does not refuse for its configuration', () => {
  let server: TestServer;
  let owner: SignedIn;
  let upload: UploadRecord;

  beforeAll(async () => {
    server = await createTestServer('pglite', { initialize: true, config: { quotas: { activeJobs: 100_000, uploadBytes: 1e9, eventStreams: 10 } } });
    owner = await registerAndLogin(server.app);
    await writeProbeCatalog(server.ctx.database.db);
    upload = await uploadPanel(server.ctx, owner.user.id);
  });
  afterAll(async () => server?.close());

  const candidates = <T>(values: T[]) => fc.oneof(fc.constant('auto' as const), fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 2 }));
  const manualClasses = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 120 })), { minLength: 2, maxLength: 4 })
    .map((pairs) => Object.fromEntries(pairs.map(([min, max], i) => [String(i + 1), [`c${i + 1}`, min, max] as [string, number, number]])));
  /** Mostly the valid base's value (undefined), now and then one of `values`, valid or not. */
  const sometimes = <T>(values: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: values, weight: 1 });
  const configuration = fc.record({
    who: fc.boolean(),
    year: sometimes(fc.constantFrom(null, 1800, 1999, 2000, 2001, 2005, 2007, 2009, 2010)),
    percent: fc.constantFrom(0.0001, 1, 5, 6.25, 10, 25, 50, 93.75, 95, 99.9),
    region: sometimes(fc.constantFrom(null, 'Europe', 'Africa', 'Alpha', 'R03', 'Atlantis')),
    dimensions: sometimes(fc.constantFrom([], ['SEX_BTSX'], ['FMLE'], ['SEX_XXX'])),
    timeDimension: sometimes(fc.constantFrom('year', 'nope')),
    regionDimension: sometimes(fc.constantFrom('region', 'regionName', 'nope')),
    classes: sometimes(fc.oneof(fc.integer({ min: 2, max: 5 }), manualClasses)),
    discretize: sometimes(fc.constantFrom('', 'auto', 'F1', 'F2', 'f1', 'f3', 'LIFE', 'score', 'NOPE')),
    chosen: sometimes(fc.constantFrom([], ['F1'], ['f1', 'f2'])),
    rf: sometimes(
      fc.record(
        {
          RFminSamplesSplit: candidates([1, 1.5, 2, 0.5, 0.999, 3]),
          RFminSamplesLeaf: candidates([0.9, 0.5, 0.1, 1, 2]),
          RFmaxFeatures: candidates([1.5, 1, 2, 0.5, 'sqrt', null]),
          RFoobScore: candidates([true, false]),
          RFbootstrap: candidates([true, false]),
        },
        { requiredKeys: [] },
      ),
    ),
  });

  type Drawn = typeof configuration extends fc.Arbitrary<infer T> ? T : never;
  /** The drawn configuration: the valid WHO or upload base with the drawn changes. */
  function toData(c: Drawn): JobDataInput {
    const data: JobDataInput = c.who ? whoJobData() : uploadJobData(upload, { MLAlgorithms: ['DT', 'RF'] });
    if (c.year !== undefined) Object.assign(data, { predictionIndicatorYear: c.year, fracUsedToTest: c.year === null ? c.percent : null });
    if (c.region !== undefined) data.predictionIndicatorRegion = c.region;
    if (c.dimensions !== undefined) data.predictionIndicatorDimensions = [...c.dimensions];
    if (c.timeDimension !== undefined) data.timeDimension = c.timeDimension;
    if (c.regionDimension !== undefined) data.regionDimension = c.regionDimension;
    if (c.classes !== undefined) {
      Object.assign(data, typeof c.classes === 'number' ? { groupsCategorization: c.classes, groupsCategorizationManual: null } : { groupsCategorization: null, groupsCategorizationManual: c.classes });
    }
    if (c.discretize !== undefined) {
      data.groupsCategorizationFeatures = c.discretize === '' || c.discretize === 'auto' ? c.discretize : JSON.stringify([{ indicator: c.discretize, option: 'automatic', groups: 3 }]);
    }
    if (c.chosen !== undefined) data.indicatorsAnalyzingCode = [...c.chosen];
    if (c.rf !== undefined) data.RFConfig = rf(c.rf);
    return data;
  }

  it('refuses or queues a job the worker starts fitting', async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(configuration, async (c) => {
        const data = toData(c);
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/jobs',
          headers: { ...owner.headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'drawn', data }),
        });
        if (response.statusCode === 400) {
          refused += 1;
          // A refusal names a field of the configuration.
          expect(Object.keys(response.json().error.fields ?? {}).length, response.body).toBeGreaterThan(0);
          return;
        }
        expect(response.statusCode, response.body).toBe(201);
        accepted += 1;
        const [row] = await server.ctx.database.db.select().from(jobs).where(eq(jobs.id, response.json().job.id));
        expect(await workerRefusal(server.ctx, row), JSON.stringify(data)).toBeNull();
      }),
      { numRuns: 150, seed: 20261127 },
    );
    // The draw covers both outcomes (a generator that only draws refusals would show nothing).
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  }, 120_000);
});
