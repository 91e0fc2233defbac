import type { JobDataInput, UploadRecord } from '@indicata/contracts';
import { allDatabaseKinds, createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from './fixtures.ts';

/** Regions R0..R5 over 2000-2003; `score(region, year)` may leave a cell empty (null). */
function scoresCsv(score: (region: number, year: number) => number | null): string {
  const lines = ['region;year;f1;score'];
  for (let r = 0; r < 6; r++) {
    for (let year = 2000; year <= 2003; year++) {
      const value = score(r, year);
      lines.push(`R${r};${year};${r + (year - 2000) / 10};${value === null ? '' : value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * POST /api/jobs refuses, with a 400 naming the field, a split or classes that cannot train or test on the target's
 * values (contracts class-checks.ts, the rule the wizard's class preview shows), where the upload's record alone
 * (every place taken to have every year) let them through to fail or mislead in the worker.
 */
describe.each(allDatabaseKinds())('the class checks at POST /api/jobs ($kind)', ({ kind, skip, reason }) => {
  if (skip) it.skip(`skipped: ${reason}`, () => {});
  describe.skipIf(skip)(kind, () => {
    let server: TestServer;
    let owner: SignedIn;
    let panel: UploadRecord;
    let lastYearOnly: UploadRecord;
    let emptyRegion: UploadRecord;

    beforeAll(async () => {
      server = await createTestServer(kind, { initialize: true });
      owner = await registerAndLogin(server.app);
      panel = await uploadPanel(server.ctx, owner.user.id);
      // The target has values in 2003 only, like a WHO indicator published for one year.
      lastYearOnly = await uploadPanel(server.ctx, owner.user.id, scoresCsv((r, year) => (year === 2003 ? 10 * r : null)));
      // R5 has no value of the target in 2003.
      emptyRegion = await uploadPanel(server.ctx, owner.user.id, scoresCsv((r, year) => (r === 5 && year === 2003 ? null : 10 * r + year - 2000)));
    });
    afterAll(async () => server?.close());

    const post = (data: unknown) => server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name: 'classes', data } as object });
    const onScores = (upload: UploadRecord, overrides: Partial<JobDataInput>) =>
      uploadJobData(upload, { predictionIndicatorYear: 2003, predictionIndicatorRegion: null, ...overrides });

    it('refuses a target with values in the test year only: nothing to train on, on the split\'s field', async () => {
      const byYear = await post(onScores(lastYearOnly, {}));
      expect(byYear.statusCode).toBe(400);
      const error = byYear.json().error;
      expect(error.code).toBe('jobConfigRefused');
      expect(error.fields['data.predictionIndicatorYear']).toBe(
        'No row before the test years (2003) has a value of the target, so there is nothing to train on. Choose a later test year, a smaller percentage for testing or a target with more years.',
      );
      const byPercent = await post(onScores(lastYearOnly, { predictionIndicatorYear: null, fracUsedToTest: 30, locale: 'pt-BR' }));
      expect(byPercent.statusCode).toBe(400);
      expect(byPercent.json().error.fields['data.fracUsedToTest']).toContain('Nenhuma linha antes dos anos de teste (2003) tem valor do alvo');
    });

    it('refuses a test place without a value in the test year, on the region field', async () => {
      const response = await post(onScores(emptyRegion, { predictionIndicatorRegion: 'R5' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields['data.predictionIndicatorRegion']).toBe(
        'No row of the test years (2003) in R5 has a value of the target, so there is nothing to test on. Choose another year or region.',
      );
      expect((await post(onScores(emptyRegion, { predictionIndicatorRegion: 'R4' }))).statusCode).toBe(201);
    });

    it('refuses a manual class no training row falls in, naming the class', async () => {
      const response = await post(uploadJobData(panel, { groupsCategorization: null, groupsCategorizationManual: { '1': ['low', -100, 20], '2': ['high', 20, 1000], '3': ['huge', 1000, 2000] } }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields['data.groupsCategorizationManual']).toBe(
        'Class "huge" has no rows in the training years (2000-2006), so no model can learn it. Use quantile groups, fewer groups or other ranges.',
      );
    });

    it('refuses a KNN with more neighbours than the training rows, naming the parameter', async () => {
      // 18 training rows: R0..R5 over 2000-2002 (the test year is 2003).
      const knn = (k: number) =>
        onScores(emptyRegion, { MLAlgorithms: ['KNN'], KNNConfig: { KNNnNeighbors: [5, k], KNNweights: ['distance'], KNNalgorithm: ['auto'], KNNleafSize: [30], KNNp: [2] } });
      const response = await post(knn(19));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields['data.KNNConfig.KNNnNeighbors']).toBe(
        'KNNnNeighbors: 19 is more than the 18 training rows; a vote cannot have more neighbours than rows. Choose at most 18.',
      );
      expect((await post(knn(18))).statusCode).toBe(201);
    });

    it('queues a job whose classes only warn (a class without test rows is for the result to say)', async () => {
      // The fixture's job: 24 test rows are fewer than the verdict's 30, which the preview says and the result will too.
      expect((await post(uploadJobData(panel))).statusCode).toBe(201);
      // R0's scores are the lowest, so testing 2003 in R0 alone leaves the other classes without test rows.
      expect((await post(onScores(emptyRegion, { predictionIndicatorRegion: 'R0' }))).statusCode).toBe(201);
    });
  });
});
