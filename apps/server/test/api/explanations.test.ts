import type { AutoMLResults, GapsResponse, PredictResponse, TestRowExplanation } from '@indicata/contracts';
import { PREDICT_LIMITS, newId } from '@indicata/contracts';
import { frameFromTable, parseSemicolonCsv, runAutoML, type SavedPipelineModel } from '@indicata/engine';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { panelCsv, uploadJobData, uploadPanel } from '../jobs/fixtures.ts';
import { jobs } from '../../src/db/schema/index.ts';
import { storeModels } from '../../src/modules/jobs/model-files.ts';
import { eq } from 'drizzle-orm';

/**
 * Per-row explanations of every kind of model (GET /api/jobs/:id/explanations and POST /api/jobs/:id/predict with
 * explain) on PGlite, against a job finished by a real engine run whose models sit in the app's storage.
 */
describe('per-row explanations', () => {
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  let jobId: string;
  let results: AutoMLResults;
  let models: Partial<Record<string, SavedPipelineModel>>;
  const csv = panelCsv(30, 10, 5);

  beforeAll(async () => {
    server = await createTestServer('pglite', { initialize: true });
    owner = await registerAndLogin(server.app);
    other = await registerAndLogin(server.app);
    const frame = frameFromTable(parseSemicolonCsv(csv), { spaceColumn: 'region', timeColumn: 'year' });
    ({ results, models } = await runAutoML(frame, {
      target: 'score',
      split: { mode: 'year', testYear: 2009, testRegion: null },
      targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
      models: { DT: { max_depth: 4 }, KNN: { n_neighbors: 5 }, SVM: { probability: true } },
      budgetSeconds: 60,
      folds: 2,
      workers: 0,
      seed: 3,
      targetHistory: 'auto',
    }));
    jobId = newId();
    // The stored panel has one training-year row without its target: a gap the model fills.
    const withGap = csv.replace(/^(R03;2004;[^\n]*;)[\d.]+$/m, '$1');
    expect(withGap).not.toBe(csv);
    const upload = await uploadPanel(server.ctx, owner.user.id, withGap);
    await server.ctx.database.db.insert(jobs).values({
      id: jobId,
      userId: owner.user.id,
      name: 'finished',
      currentTime: '2026-01-01 00:00:00.000',
      status: 'done',
      data: uploadJobData(upload) as never,
      seed: 3,
      results,
      modelFiles: await storeModels(server.ctx.storage!, jobId, models),
      finishedAt: new Date(),
    });
  }, 300_000);
  afterAll(async () => server?.close());

  const explanationOf = (model: string, row: number | string, headers = owner.headers) =>
    server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/explanations?model=${model}&row=${row}`, headers });

  it('explains a test row of every model, the ensemble and the rules: the same prediction as the run, contributions that add up', async () => {
    const algorithms = ['DT', 'KNN', 'SVM', 'Ensemble', 'Persistence', 'Majority'].filter((a) => results.models[a as keyof AutoMLResults['models']]);
    expect(algorithms).toEqual(expect.arrayContaining(['DT', 'KNN', 'SVM', 'Persistence']));
    for (const algorithm of algorithms) {
      const tested = results.models[algorithm as keyof AutoMLResults['models']]?.predictions ?? [];
      for (const row of [0, tested.length - 1]) {
        const response = await explanationOf(algorithm, row);
        expect(response.statusCode, `${algorithm} ${response.body}`).toBe(200);
        const body = response.json<TestRowExplanation>();
        expect(body).toMatchObject({ jobId, model: algorithm, row, space: tested[row].space, time: tested[row].time, actual: tested[row].actual, predicted: tested[row].predicted });
        expect(body.explanation.method).toBe(algorithm === 'DT' ? 'exact' : 'sampled');
        // Every input is listed here (fewer than the chart's limit), so they add up to the predicted probability.
        expect(body.inputs).toBeLessThanOrEqual(PREDICT_LIMITS.explainChartTop);
        const sum = body.explanation.contributions.reduce((s, c) => s + c.value, body.explanation.expected);
        expect(Math.abs(sum - body.probability), algorithm).toBeLessThan(1e-9);
        if (algorithm === 'Persistence') expect(body.explanation.contributions.map((c) => c.feature)).toEqual(body.explanation.contributions.length ? ['score (previous known class)'] : []);
        // Asked again: the same bars (the estimate is seeded by the row).
        expect((await explanationOf(algorithm, row)).json()).toEqual(body);
      }
    }
  });

  it('explains the models of a job saved before background rows existed, from its panel, the same each time', async () => {
    const oldJobId = newId();
    const withoutBackground = Object.fromEntries(
      Object.entries(models).map(([name, saved]) => {
        const copy = JSON.parse(JSON.stringify(saved)) as SavedPipelineModel;
        delete copy.pipeline.background;
        return [name, copy];
      }),
    );
    const [stored] = await server.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    await server.ctx.database.db.insert(jobs).values({ ...stored, id: oldJobId, modelFiles: await storeModels(server.ctx.storage, oldJobId, withoutBackground) });
    // The prediction API's `explain` (asked first: the saved models stay loaded once completed).
    const rows = [{ region: 'R01', year: 2009, f1: 5, f2: 2, f3: 50, f4: 1 }];
    const predicted = await server.app.inject({ method: 'POST', url: `/api/jobs/${oldJobId}/predict`, headers: owner.headers, payload: { model: 'KNN', rows, explain: true } });
    expect(predicted.statusCode, predicted.body).toBe(200);
    expect(predicted.json<PredictResponse>().predictions.map((p) => p.explanation?.method)).toEqual(['sampled']);
    // And "Why?" of a test row, for a single model, the ensemble and a rule.
    for (const algorithm of ['KNN', 'Ensemble', 'Persistence'].filter((a) => results.models[a as keyof AutoMLResults['models']])) {
      const url = `/api/jobs/${oldJobId}/explanations?model=${algorithm}&row=0`;
      const response = await server.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(response.statusCode, `${algorithm} ${response.body}`).toBe(200);
      const body = response.json<TestRowExplanation>();
      expect(body.explanation.method).toBe('sampled');
      expect(body.predicted).toBe(results.models[algorithm as keyof AutoMLResults['models']]?.predictions[0].predicted);
      const sum = body.explanation.contributions.reduce((s, c) => s + c.value, body.explanation.expected);
      expect(Math.abs(sum - body.probability), algorithm).toBeLessThan(1e-9);
      expect((await server.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual(body);
    }
  });

  it("answers 404 for someone else's job or a row the model has not, 400 without a row", async () => {
    expect((await explanationOf('DT', 0, other.headers)).statusCode).toBe(404);
    expect((await explanationOf('DT', 100_000)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/explanations?model=DT`, headers: owner.headers })).statusCode).toBe(400);
  });

  it('explains a gap filled, and any row, by place and year; refuses a place and year the data has not', async () => {
    const gapsResponse = await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/gaps?model=KNN`, headers: owner.headers });
    expect(gapsResponse.statusCode, gapsResponse.body).toBe(200);
    const gap = gapsResponse.json<GapsResponse>().predictions.find((p) => p.space === 'R03' && p.time === 2004);
    if (!gap) throw new Error(`no gap R03 2004 in ${gapsResponse.body.slice(0, 300)}`);
    const byPlace = (space: string, time: number | string, model = 'KNN', headers = owner.headers) =>
      server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/explanations?model=${model}&space=${encodeURIComponent(space)}&time=${time}`, headers });
    const response = await byPlace(gap.space as string, gap.time as number);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TestRowExplanation>();
    expect(body).toMatchObject({ jobId, model: 'KNN', row: null, space: gap.space, time: gap.time, actual: null, predicted: gap.label });
    expect(body.probability).toBeCloseTo(gap.probabilities[gap.classIndex] as number, 12);
    expect(Math.abs(body.explanation.contributions.reduce((s, c) => s + c.value, body.explanation.expected) - body.probability)).toBeLessThan(1e-9);
    // A test row asked for by place and year: the same bars as by its position, without its actual class.
    const tested = results.models.DT?.predictions[0];
    const byRow = (await explanationOf('DT', 0)).json<TestRowExplanation>();
    const same = (await byPlace(tested!.space, tested!.time, 'DT')).json<TestRowExplanation>();
    expect({ ...same, row: 0, actual: byRow.actual }).toEqual(byRow);
    expect((await byPlace('Nowhere', 2009)).statusCode).toBe(404);
    expect((await byPlace(gap.space as string, gap.time as number, 'KNN', other.headers)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/explanations?model=KNN&space=R01`, headers: owner.headers })).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/explanations?model=KNN&row=0&space=R01&time=2009`, headers: owner.headers })).statusCode).toBe(400);
  });

  it('explains predictions of a sampled model through the prediction API too', async () => {
    const rows = [{ region: 'R01', year: 2009, f1: 5, f2: 2, f3: 50, f4: 1 }];
    const response = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict`, headers: owner.headers, payload: { model: 'KNN', rows, explain: true } });
    expect(response.statusCode, response.body).toBe(200);
    const [prediction] = response.json<PredictResponse>().predictions;
    expect(prediction.explanation?.method).toBe('sampled');
    expect(prediction.explanation?.contributions.length).toBeLessThanOrEqual(PREDICT_LIMITS.explainTop);
  });
});
