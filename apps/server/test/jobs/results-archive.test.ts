import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { frameFromTable, parseSemicolonCsv, predictWithSavedModel, runAutoML } from '@indicata/engine';
import type { AutoMLResults } from '@indicata/contracts';
import { jobs } from '../../src/db/schema/index.ts';
import { storeModels } from '../../src/modules/jobs/model-files.ts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { panelCsv, uploadJobData, uploadPanel } from './fixtures.ts';

/** The binary body of an inject() answer. */
const bodyBytes = (payload: Buffer): Uint8Array => new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength);

describe('GET /api/jobs/:id/archive (Download models as one zip)', { timeout: 180_000 }, () => {
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  let jobId: string;
  let results: AutoMLResults;

  beforeAll(async () => {
    server = await createTestServer('pglite', { initialize: true });
    owner = await registerAndLogin(server.app);
    other = await registerAndLogin(server.app);
    const upload = await uploadPanel(server.ctx, owner.user.id);
    const created = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name: 'archive; "quoted"', data: uploadJobData(upload) } });
    expect(created.statusCode).toBe(201);
    jobId = created.json().job.id;
    // A real engine run on the same panel (two families and their ensemble), stored as the worker stores it.
    const frame = frameFromTable(parseSemicolonCsv(panelCsv()), { spaceColumn: 'region', timeColumn: 'year' });
    const run = await runAutoML(frame, {
      target: 'score',
      split: { mode: 'year', testYear: 2007 },
      targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
      models: { DT: 'auto', KNN: 'auto' },
      budgetSeconds: 20,
      maxCandidatesPerFamily: 3,
      workers: 0,
      seed: 5,
      // The rows below carry the indicators only (a history model would read the previous year's target too).
      targetHistory: 'off',
    });
    results = run.results;
    const modelFiles = await storeModels(server.ctx.storage!, jobId, run.models);
    await server.ctx.database.db.update(jobs).set({ status: 'done', results, modelFiles }).where(eq(jobs.id, jobId));
  }, 120_000);
  afterAll(async () => server?.close());

  it('gives the owner one zip with every model, the ensemble, the results, the predictions and a README', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/archive`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="indicata-${jobId}.zip"`);
    const files = unzipSync(bodyBytes(response.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        'README.md',
        'models/ensemble.json',
        'models/modelDT.json',
        'models/modelKNN.json',
        'predictions/predictionsDT.csv',
        'predictions/predictionsEnsemble.csv',
        'predictions/predictionsKNN.csv',
        'resultados.csv',
        'results.json',
      ].filter((name) => !/ensemble/i.test(name) || results.models.Ensemble),
    );
    expect(JSON.parse(strFromU8(files['results.json']))).toEqual(results);

    // A model from the zip predicts the test rows as the results say it did.
    const saved = JSON.parse(strFromU8(files['models/modelDT.json']));
    const testRows = panelCsv()
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(';'))
      .filter((cells) => cells[1] === '2007');
    const predicted = await predictWithSavedModel(
      saved,
      testRows.map(([, , f1, f2, f3, f4]) => ({ f1: Number(f1), f2: Number(f2), f3: Number(f3), f4: Number(f4) })),
    );
    const byRegion = new Map(results.models.DT!.predictions.map((p) => [p.space, p.predicted]));
    expect(predicted.map((p, i) => [testRows[i][0], p.title])).toEqual(testRows.map(([region]) => [region, byRegion.get(region)]));

    // CSVs keep the spec's field names; one line per test row.
    const predictionsCsv = strFromU8(files['predictions/predictionsDT.csv']).trim().split('\n');
    // The engine writes each row's prediction set: a column of class titles joined by "|".
    const firstRow = results.models.DT!.predictions[0];
    expect(firstRow.set).toBeDefined();
    expect(predictionsCsv[0]).toBe('region;year;actual;predicted;set;actualIndex;predictedIndex;correct;actualValue;outlier;imputed');
    expect(predictionsCsv[1].split(';')[4]).toBe(firstRow.set!.join('|'));
    expect(predictionsCsv).toHaveLength(results.models.DT!.predictions.length + 1);
    expect(strFromU8(files['resultados.csv']).split('\n')[0]).toBe('Algorithm;Category;TotalIntances;Accuracy;precision;recall;f1;MAE;MAPE;MSE;RMSE;KGE');

    if (results.models.Ensemble) {
      const ensemble = JSON.parse(strFromU8(files['models/ensemble.json']));
      expect(ensemble).toMatchObject({ format: 'indicata-ensemble', voting: 'soft' });
      expect(ensemble.members.map((m: { algorithm: string; weight: number; file: string }) => [m.algorithm, m.weight, m.file])).toEqual(
        results.models.Ensemble.members!.map((m) => [m.algorithm, m.weight, `models/model${m.algorithm}.json`]),
      );
    }
    const readme = strFromU8(files['README.md']);
    expect(readme).toContain('# Indicata results: archive; "quoted"');
    for (const name of names.filter((n) => n !== 'README.md')) expect(readme).toContain(`\`${name}\``);
  });

  it('is the same zip twice (fixed time stamps)', async () => {
    const get = () => server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/archive`, headers: owner.headers });
    expect((await get()).rawPayload.equals((await get()).rawPayload)).toBe(true);
  });

  it("is not found for someone else's job, a job not done, or a bad id; and needs a session", async () => {
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/archive`, headers: other.headers })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/archive` })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/jobs/not-an-id/archive', headers: owner.headers })).statusCode).toBe(400);
    const upload = await uploadPanel(server.ctx, owner.user.id);
    const pending = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name: 'pending', data: uploadJobData(upload) } });
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${pending.json().job.id}/archive`, headers: owner.headers })).statusCode).toBe(404);
  });
});
