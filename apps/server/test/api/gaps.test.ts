import type { AutoMLResults, GapsResponse } from '@indicata/contracts';
import { DEMO_USER_ID, PREDICT_LIMITS, PREDICT_MESSAGES, formatMessage, newId } from '@indicata/contracts';
import { frameFromTable, parseSemicolonCsv, predictRowsWithProbabilities, runAutoML, type RawRow, type SavedPipelineModel } from '@indicata/engine';
import { createTestServer, loginAsDemo, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { panelCsv, uploadJobData, uploadPanel } from '../jobs/fixtures.ts';
import { jobs } from '../../src/db/schema/index.ts';
import { storeModels } from '../../src/modules/jobs/model-files.ts';

/**
 * Blanks the target of some rows (the gaps); one gap keeps only its f4 indicator (too many missing for most
 * models) and one has no indicator at all (nothing to predict from: left out).
 */
function panelWithGaps(): { csv: string; gaps: number; sparse: string } {
  const lines = panelCsv(30, 10, 5).trim().split('\n');
  let gaps = 0;
  const out = lines.map((line, i) => {
    if (i === 0) return line;
    const cells = line.split(';');
    // Regions R00..R05 have not published their last two years; R06 and R07 their first year.
    const region = Number(cells[0].slice(1));
    const year = Number(cells[1]);
    if ((region <= 5 && year >= 2008) || (region === 6 && year === 2000)) gaps += 1;
    if ((region <= 5 && year >= 2008) || (region <= 7 && region >= 6 && year === 2000)) cells[6] = '';
    if (region === 6 && year === 2000) for (const k of [2, 3, 4]) cells[k] = '';
    if (region === 7 && year === 2000) for (const k of [2, 3, 4, 5]) cells[k] = '';
    return cells.join(';');
  });
  return { csv: `${out.join('\n')}\n`, gaps, sparse: 'R06' };
}

/**
 * Gap filling (GET /api/jobs/:id/gaps) on PGlite, against jobs finished by real engine runs whose models sit in
 * the app's storage: the panel rows with a missing target are predicted with the stored model.
 */
describe('gap filling on the training panel', () => {
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  let jobId: string;
  let demoJobId: string;
  let results: AutoMLResults;
  let models: Partial<Record<string, SavedPipelineModel>>;
  const { csv, gaps, sparse } = panelWithGaps();
  const table = parseSemicolonCsv(csv);
  const frame = () => frameFromTable(table, { spaceColumn: 'region', timeColumn: 'year' });
  /** The gap rows as the engine takes them (numbers, NaN for a blank cell). */
  const gapRows = table.rows
    .filter((cells) => cells[6] === '' && cells[0] !== 'R07')
    .map((cells) => Object.fromEntries(table.columns.map((name, k) => [name, name === 'region' ? cells[k] : cells[k] === '' ? NaN : Number(cells[k])])) as RawRow);

  async function insertDoneJob(userId: string, run: { results: AutoMLResults; models: Partial<Record<string, SavedPipelineModel>> }, data = csv): Promise<string> {
    const id = newId();
    const upload = await uploadPanel(server.ctx, userId, data);
    const modelFiles = await storeModels(server.ctx.storage!, id, run.models);
    await server.ctx.database.db.insert(jobs).values({
      id,
      userId,
      name: 'finished',
      currentTime: '2026-01-01 00:00:00.000',
      status: 'done',
      data: uploadJobData(upload) as never,
      seed: 1,
      results: run.results,
      modelFiles,
      finishedAt: new Date(),
    });
    return id;
  }

  beforeAll(async () => {
    server = await createTestServer('pglite', { initialize: true });
    owner = await registerAndLogin(server.app);
    other = await registerAndLogin(server.app);
    ({ results, models } = await runAutoML(frame(), {
      target: 'score',
      split: { mode: 'year', testYear: 2007, testRegion: null },
      targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
      models: { DT: { max_depth: 4 }, KNN: { n_neighbors: 5 } },
      budgetSeconds: 60,
      folds: 2,
      workers: 0,
      seed: 3,
      targetHistory: 'off',
    }));
    jobId = await insertDoneJob(owner.user.id, { results, models });
    demoJobId = await insertDoneJob(DEMO_USER_ID, { results, models });
  }, 300_000);
  afterAll(async () => server?.close());

  const gapsOf = (id: string, headers: Record<string, string>, model?: string) =>
    server.app.inject({ method: 'GET', url: `/api/jobs/${id}/gaps${model ? `?model=${model}` : ''}`, headers });

  it("predicts the panel's rows with a missing target with the chosen model, as the engine does, and lists the sparse row with its reason", async () => {
    const response = await gapsOf(jobId, owner.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json<GapsResponse>();
    const features = body.features;
    expect(body).toMatchObject({ jobId, model: results.best, target: 'score', missingTarget: gaps, panelRows: 300, targetYears: { first: 2000, last: 2009 }, beforeTargetYears: 0 });
    // Inside the target's years: nothing extrapolated; no predicted row lacks most of its indicators.
    for (const p of body.predictions) expect([p.extrapolated, p.mostlyImputed]).toEqual([false, p.imputed > features.length / 2]);
    expect(body.predictions.length + body.notPredicted.length).toBe(gaps);
    const allowed = Math.floor(features.length * PREDICT_LIMITS.maxMissingShare);
    // R06 2000 has only f4; R07 2000 has no indicator and is not a gap to fill.
    const missing = features.filter((f) => ['f1', 'f2', 'f3'].includes(f)).length;
    if (missing > allowed) {
      expect(body.notPredicted).toEqual([
        { row: expect.any(Number), space: sparse, time: 2000, missing, reason: formatMessage(PREDICT_MESSAGES.tooManyMissing, { missing, total: features.length, allowed }) },
      ]);
    } else {
      expect(body.notPredicted).toEqual([]);
      expect(body.predictions.find((p) => p.space === sparse)?.imputed).toBe(missing);
    }
    expect([...body.predictions, ...body.notPredicted].some((p) => p.space === 'R07')).toBe(false);
    // The observed classes (for the map): every row with a target, classed as the run classed its test rows.
    expect(body.observed).toHaveLength(300 - gaps - 1);
    const observed = new Map(body.observed.map((o) => [`${o.space}|${o.time}`, o.classIndex]));
    const tested = results.models.DT?.predictions ?? [];
    expect(tested.length).toBeGreaterThan(0);
    for (const p of tested) expect(observed.get(`${p.space}|${p.time}`), `${p.space} ${p.time}`).toBe(p.actualIndex);
    // Every gap is R00..R05 in 2008/2009 or R06 in 2000.
    for (const p of body.predictions) expect((Number(p.space?.slice(1)) <= 5 && (p.time ?? 0) >= 2008) || (p.space === 'R06' && p.time === 2000)).toBe(true);
    for (const p of body.predictions) expect(p.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    if (results.best !== 'Ensemble') {
      const predictedPlaces = new Set(body.predictions.map((p) => `${p.space}|${p.time}`));
      const engine = predictRowsWithProbabilities(
        models[results.best] as SavedPipelineModel,
        gapRows.filter((r) => predictedPlaces.has(`${r.region}|${r.year}`)),
      );
      expect(body.predictions.map((p) => p.label)).toEqual(engine.map((e) => e.title));
      expect(body.predictions.map((p) => p.imputed)).toEqual(engine.map((e) => e.imputed));
    }
  });

  it('predicts with any family the job stored and refuses one it did not', async () => {
    const dt = (await gapsOf(jobId, owner.headers, 'DT')).json<GapsResponse>();
    expect(dt.model).toBe('DT');
    const engine = predictRowsWithProbabilities(models.DT as SavedPipelineModel, gapRows.filter((r) => dt.predictions.some((p) => p.space === r.region && p.time === r.year)));
    expect(dt.predictions.map((p) => p.probabilities)).toEqual(engine.map((e) => e.probabilities));
    const rf = await gapsOf(jobId, owner.headers, 'RF');
    expect(rf.statusCode).toBe(400);
    expect(rf.json().error.message).toContain('This job has no RF model');
    expect((await gapsOf(jobId, owner.headers, 'nonsense')).statusCode).toBe(400);
  });

  it("is a 404 for someone else's job, a 401 without a session, and lets the demo use its own job", async () => {
    expect((await gapsOf(jobId, other.headers)).statusCode).toBe(404);
    expect((await gapsOf(jobId, {})).statusCode).toBe(401);
    const demo = await loginAsDemo(server.app);
    expect((await gapsOf(demoJobId, demo.headers)).statusCode).toBe(200);
    expect((await gapsOf(jobId, demo.headers)).statusCode).toBe(404);
  });

  it('answers empty lists when every row of the panel has its target', async () => {
    const full = await insertDoneJob(owner.user.id, { results, models }, panelCsv(30, 10, 5));
    const body = (await gapsOf(full, owner.headers)).json<GapsResponse>();
    expect(body).toMatchObject({ missingTarget: 0, predictions: [], notPredicted: [], panelRows: 300 });
    expect(body.classes.map((c) => c.title)).toEqual((models.DT as SavedPipelineModel).pipeline.classes.map((c) => c.title));
  });

  it("predicts only from the target's first year on, and marks the years after its last as extrapolated", async () => {
    // The target is published for 2003-2007 only; the indicators run 2000-2009.
    const lines = panelCsv(30, 10, 5).trim().split('\n');
    const shorter = lines.map((line, i) => {
      const cells = line.split(';');
      if (i > 0 && (Number(cells[1]) < 2003 || Number(cells[1]) > 2007)) cells[6] = '';
      return cells.join(';');
    });
    const id = await insertDoneJob(owner.user.id, { results, models }, `${shorter.join('\n')}\n`);
    const body = (await gapsOf(id, owner.headers)).json<GapsResponse>();
    expect(body).toMatchObject({ targetYears: { first: 2003, last: 2007 }, beforeTargetYears: 30 * 3, missingTarget: 30 * 2 });
    expect(body.predictions).toHaveLength(30 * 2);
    for (const p of body.predictions) {
      expect(p.time).toBeGreaterThan(2007);
      expect(p.extrapolated).toBe(true);
    }
  });

  it("looks up the target's history in the panel for a model trained with it", async () => {
    const run = await runAutoML(frame(), {
      target: 'score',
      split: { mode: 'year', testYear: 2007, testRegion: null },
      targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
      models: { DT: { max_depth: 4 } },
      budgetSeconds: 30,
      folds: 2,
      workers: 0,
      seed: 3,
      targetHistory: 'on',
    });
    const saved = run.models.DT as SavedPipelineModel;
    expect(saved.pipeline.history?.columns.length).toBeGreaterThan(0);
    const id = await insertDoneJob(owner.user.id, run);
    const response = await gapsOf(id, owner.headers, 'DT');
    expect(response.statusCode).toBe(200);
    const body = response.json<GapsResponse>();
    expect(body.features).toEqual(expect.arrayContaining(saved.pipeline.history!.columns));
    expect(body.predictions.length + body.notPredicted.length).toBe(gaps);
    // The same rows sent to the prediction API (which looks the history up the same way) get the same answers.
    const rows = gapRows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && Number.isNaN(v) ? null : v])));
    const api = await server.app.inject({ method: 'POST', url: `/api/jobs/${id}/predict`, headers: owner.headers, payload: { rows, model: 'DT' } });
    expect(api.statusCode).toBe(200);
    expect(body.predictions.map((p) => [p.space, p.time, p.label])).toEqual(api.json<GapsResponse>().predictions.map((p) => [p.space, p.time, p.label]));
  }, 120_000);
});
