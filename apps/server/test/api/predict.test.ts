import type { AutoMLResults, ModelResult, PredictResponse } from '@indicata/contracts';
import { CSRF_HEADER, CSRF_HEADER_VALUE, DEMO_USER_ID, PREDICT_LIMITS, PREDICT_MESSAGES, formatMessage, newId } from '@indicata/contracts';
import { explainRows, frameFromTable, parseSemicolonCsv, predictionSet, predictRowsWithProbabilities, ruleFromRecord, runAutoML, type RawRow, type SavedPipelineModel } from '@indicata/engine';
import { createTestServer, loginAsDemo, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { predictionsInThreads } from '../../src/modules/predict/predict-threads.ts';
import { panelCsv, uploadJobData, uploadPanel } from '../jobs/fixtures.ts';
import { jobs } from '../../src/db/schema/index.ts';
import { storeModels } from '../../src/modules/jobs/model-files.ts';

/**
 * The prediction API with personal tokens, on PGlite, against a job finished by a real engine run (DT, KNN,
 * SVM with probabilities, and their ensemble) whose models sit in the app's storage.
 */
describe('prediction API and personal tokens', () => {
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  let jobId: string;
  let demoJobId: string;
  let results: AutoMLResults;
  let models: Partial<Record<string, SavedPipelineModel>>;
  const csv = panelCsv(30, 10, 5);
  const table = parseSemicolonCsv(csv);
  /** The panel's rows as JSON objects (region, year and the numeric columns). */
  const jsonRows: Record<string, string | number | null>[] = table.rows.map((cells) =>
    Object.fromEntries(table.columns.map((name, k) => [name, name === 'region' ? cells[k] : Number(cells[k])])),
  );
  /** The numeric cells of JSON rows, as the engine takes them. */
  const rawRows = (rows: Record<string, string | number | null>[]) => rows as RawRow[];

  async function insertDoneJob(userId: string, run: { results: AutoMLResults; models: Partial<Record<string, SavedPipelineModel>> } = { results, models }): Promise<string> {
    const id = newId();
    const upload = await uploadPanel(server.ctx, userId, csv);
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
    const frame = frameFromTable(table, { spaceColumn: 'region', timeColumn: 'year' });
    ({ results, models } = await runAutoML(frame, {
      target: 'score',
      split: { mode: 'year', testYear: 2009, testRegion: null },
      targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
      models: { DT: { max_depth: 4 }, KNN: { n_neighbors: 5 }, SVM: { probability: true } },
      budgetSeconds: 60,
      folds: 2,
      workers: 0,
      seed: 3,
      // The target's history is tested on its own below: these models read the indicators only.
      targetHistory: 'off',
    }));
    jobId = await insertDoneJob(owner.user.id);
    demoJobId = await insertDoneJob(DEMO_USER_ID);
  }, 300_000);
  afterAll(async () => server?.close());

  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const predict = (id: string, headers: Record<string, string>, payload: unknown) =>
    server.app.inject({ method: 'POST', url: `/api/jobs/${id}/predict`, headers, payload: payload as object });
  const createToken = async (who: SignedIn, name = 'script') => {
    const response = await server.app.inject({ method: 'POST', url: '/api/tokens', headers: who.headers, payload: { name } });
    expect(response.statusCode).toBe(201);
    return response.json<{ token: { id: string; prefix: string }; secret: string }>();
  };

  it('creates a token shown once and stored only as a hash; the list never shows the secret', async () => {
    const { token, secret } = await createToken(owner, 'notebook');
    expect(secret).toMatch(/^ind_[A-Za-z0-9_-]{40,}$/);
    expect(secret.startsWith(token.prefix)).toBe(true);
    const listed = await server.app.inject({ method: 'GET', url: '/api/tokens', headers: owner.headers });
    expect(listed.body).not.toContain(secret);
    expect(listed.json().tokens.map((t: { name: string }) => t.name)).toContain('notebook');
    const { rows } = await server.ctx.database.query<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = $1', [token.id]);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(token.prefix.length));
    expect(rows[0].token_hash).not.toBe(secret);
    // Another user's list does not show it; a token cannot be created without a session.
    expect((await server.app.inject({ method: 'GET', url: '/api/tokens', headers: other.headers })).json().tokens).toEqual([]);
    expect((await server.app.inject({ method: 'POST', url: '/api/tokens', headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE }, payload: { name: 'x' } })).statusCode).toBe(401);
  });

  it('predicts with a personal token (no cookie, no CSRF header): the chosen model, probabilities, imputed counts, rows not predicted', async () => {
    const { secret } = await createToken(owner);
    const features = (models.DT as SavedPipelineModel).pipeline.features;
    expect((models.DT as SavedPipelineModel).pipeline.carryForward).toBe(true);
    const rows = jsonRows.slice(0, 40).map((r) => ({ ...r }));
    // R00 2003 without its first indicator: the job's panel gives R00's latest earlier value (2002), as in training.
    rows[3] = { ...rows[3], [features[0]]: null };
    // A place the job's data does not have, without its first indicator: the training median fills it.
    rows[7] = { ...rows[7], region: 'Elsewhere', [features[0]]: null };
    // Row 5, of such a place, lacks every indicator but one: too many to fill in.
    rows[5] = { ...rows[5], region: 'Elsewhere', ...Object.fromEntries(features.slice(1).map((f) => [f, null])) };
    const missing = features.length - 1;
    const allowed = Math.floor(features.length * PREDICT_LIMITS.maxMissingShare);
    expect(missing).toBeGreaterThan(allowed);
    const response = await predict(jobId, bearer(secret), { rows });
    expect(response.statusCode).toBe(200);
    const body = response.json<PredictResponse>();
    expect(body.model).toBe(results.best);
    expect(body.predictions).toHaveLength(39);
    expect(body.notPredicted).toEqual([
      { row: 5, space: rows[5].region, time: rows[5].year, missing, reason: formatMessage(PREDICT_MESSAGES.tooManyMissing, { missing, total: features.length, allowed }) },
    ]);
    expect(body.predictions.find((p) => p.row === 3)?.imputed).toBe(1);
    expect(body.predictions.find((p) => p.row === 7)?.imputed).toBe(1);
    expect(body.predictions[0]).toMatchObject({ row: 0, space: 'R00', time: 2000 });
    for (const p of body.predictions) expect(p.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // Each row's prediction set, from the model's conformal rule as the job recorded it: the label is always in it,
    // and a row's set is the one the rule gives its probabilities.
    const rule = ruleFromRecord(results.models[results.best]?.conformal as NonNullable<ModelResult['conformal']>);
    for (const p of body.predictions) {
      expect(p.set).toContain(p.label);
      expect(p.set).toEqual(predictionSet(rule, p.probabilities).map((k) => body.classes[k].title));
    }
    // The answer is the engine's own prediction with the stored model, row 3 given R00's 2002 value.
    if (results.best !== 'Ensemble') {
      const carried = rows.map((r, i) => (i === 3 ? { ...r, [features[0]]: jsonRows[2][features[0]] } : r));
      const engine = predictRowsWithProbabilities(models[results.best] as SavedPipelineModel, rawRows(carried.filter((_, i) => i !== 5)));
      expect(body.predictions.map((p) => p.label)).toEqual(engine.map((e) => e.title));
    }
  });

  it('runs the models on a prediction thread, not on the event loop, with the same answer as the engine in-process', async () => {
    const { secret } = await createToken(owner);
    const before = predictionsInThreads();
    const response = await predict(jobId, bearer(secret), { rows: jsonRows.slice(0, 30), model: 'KNN' });
    expect(response.statusCode).toBe(200);
    expect(predictionsInThreads()).toBe(before + 1);
    const engine = predictRowsWithProbabilities(models.KNN as SavedPipelineModel, rawRows(jsonRows.slice(0, 30)));
    expect(response.json<PredictResponse>().predictions.map((p) => p.probabilities)).toEqual(engine.map((e) => e.probabilities));
  });

  it("fills a missing indicator with its place's latest earlier value in the job's data, as the model was trained", async () => {
    const { secret } = await createToken(owner);
    const saved = models.DT as SavedPipelineModel;
    const first = saved.pipeline.features[0];
    // R00 2005 without the indicator, the same row given R00's 2004 value, and a later year of R00 beyond the data.
    const rows = [
      { ...jsonRows[5], [first]: null },
      { ...jsonRows[5], [first]: jsonRows[4][first] },
      { ...jsonRows[9], year: 2030, [first]: null },
      { ...jsonRows[9], year: 2030, [first]: jsonRows[9][first] },
    ];
    const response = await predict(jobId, bearer(secret), { rows, model: 'DT' });
    expect(response.statusCode).toBe(200);
    const [gap, given, late, lateGiven] = response.json<PredictResponse>().predictions;
    // A carried cell still counts as imputed (the caller did not give it); the row given the value has none.
    expect(gap.imputed).toBe(1);
    expect(given.imputed).toBe(0);
    expect(gap.probabilities).toEqual(given.probabilities);
    expect(late.probabilities).toEqual(lateGiven.probabilities);
    // Without the look-up the cell would take the training fill value, as the engine alone does: other probabilities.
    const engineAlone = predictRowsWithProbabilities(saved, rawRows([rows[0]]))[0];
    expect(engineAlone.imputed).toBe(1);
    expect(saved.pipeline.fill[0]).not.toBe(jsonRows[4][first]);
  });

  it('marks in an explanation the inputs the row lacked, whose contribution is that of the value filled in', async () => {
    const { secret } = await createToken(owner);
    const saved = models.DT as SavedPipelineModel;
    // The tree's most important input: its contribution is among the largest listed.
    const importances = (saved.state as { tree: { importances: number[] } }).tree.importances;
    const key = saved.pipeline.features[importances.indexOf(Math.max(...importances))]!;
    const rows = [{ ...jsonRows[5], [key]: null }, jsonRows[5]];
    const response = await predict(jobId, bearer(secret), { rows, model: 'DT', explain: true });
    expect(response.statusCode).toBe(200);
    const [gap, given] = response.json<PredictResponse>().predictions.map((p) => p.explanation!.contributions);
    expect(gap!.filter((c) => c.filled)).toEqual([expect.objectContaining({ feature: key, filled: true })]);
    expect(given!.some((c) => 'filled' in c)).toBe(false);
  });

  it('flags a row predicted with more than half of its indicators missing before the filling, carried cells included', async () => {
    const { secret } = await createToken(owner);
    const features = (models.DT as SavedPipelineModel).pipeline.features;
    const most = features.slice(0, Math.floor(features.length * PREDICT_LIMITS.mostlyImputedShare) + 1);
    const half = features.slice(0, Math.floor(features.length * PREDICT_LIMITS.mostlyImputedShare));
    const blank = (names: string[]) => Object.fromEntries(names.map((name) => [name, null]));
    // R00 2005: its 2004 values fill the blanks (carry-forward), so the row is predicted, but mostly from values it lacked.
    const rows = [{ ...jsonRows[5], ...blank(most) }, { ...jsonRows[5], ...blank(half) }, jsonRows[5]];
    const response = await predict(jobId, bearer(secret), { rows, model: 'DT' });
    expect(response.statusCode).toBe(200);
    const answer = response.json<PredictResponse>();
    expect(answer.notPredicted).toEqual([]);
    expect(answer.predictions.map((p) => [p.imputed, p.mostlyImputed])).toEqual([
      [most.length, true],
      [half.length, false],
      [0, false],
    ]);
  });

  it('takes a CSV (in JSON or as a text/csv body) and chooses any family or the ensemble', async () => {
    const { secret } = await createToken(owner);
    const first = csv.split('\n').slice(0, 21).join('\n');
    const fromJson = await predict(jobId, bearer(secret), { csv: first, model: 'DT' });
    expect(fromJson.statusCode).toBe(200);
    const raw = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict?model=DT`, headers: { ...bearer(secret), 'content-type': 'text/csv' }, payload: first });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().predictions).toEqual(fromJson.json().predictions);
    const engine = predictRowsWithProbabilities(models.DT as SavedPipelineModel, rawRows(jsonRows.slice(0, 20)));
    expect(fromJson.json<PredictResponse>().predictions.map((p) => p.label)).toEqual(engine.map((e) => e.title));
    const ensemble = await predict(jobId, bearer(secret), { rows: jsonRows.slice(0, 5), model: 'Ensemble' });
    expect(ensemble.json().model).toBe('Ensemble');
    const absent = await predict(jobId, bearer(secret), { rows: jsonRows.slice(0, 5), model: 'RF' });
    expect(absent.statusCode).toBe(400);
    const available = ['DT', 'KNN', 'SVM', ...(results.models.Ensemble ? ['Ensemble'] : [])].join(', ');
    expect(absent.json().error.message).toBe(formatMessage(PREDICT_MESSAGES.modelNotAvailable, { model: 'RF', available }));
  });

  it("explains a decision tree's predictions with exact Shapley values, a KNN's with sampled ones, each adding up to its probability", async () => {
    const { secret } = await createToken(owner);
    const rows = jsonRows.slice(0, 10);
    const answer = await predict(jobId, bearer(secret), { rows, model: 'DT', explain: true });
    expect(answer.statusCode).toBe(200);
    const predictions = answer.json<PredictResponse>().predictions;
    // Every input's share (the engine, all of them): with the expected probability they add up to the prediction.
    const all = explainRows(models.DT as SavedPipelineModel, rawRows(rows), predictions.map((p) => p.classIndex), Infinity) ?? [];
    predictions.forEach((p, i) => {
      const explanation = p.explanation as NonNullable<typeof p.explanation>;
      expect(explanation.contributions).toEqual(all[i].contributions.slice(0, PREDICT_LIMITS.explainTop));
      const sizes = explanation.contributions.map((c) => Math.abs(c.value));
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      const sum = all[i].expected + all[i].contributions.reduce((t, c) => t + c.value, 0);
      expect(sum).toBeCloseTo(p.probabilities[p.classIndex], 9);
    });
    const plain = await predict(jobId, bearer(secret), { rows, model: 'DT' });
    expect(plain.json<PredictResponse>().predictions.every((p) => p.explanation === undefined)).toBe(true);
    expect(predictions.every((p) => p.explanation?.method === 'exact')).toBe(true);
    const knn = (await predict(jobId, bearer(secret), { rows, model: 'KNN', explain: true })).json<PredictResponse>().predictions;
    const knnAll = explainRows(models.KNN as SavedPipelineModel, rawRows(rows), knn.map((p) => p.classIndex), Infinity) ?? [];
    knn.forEach((p, i) => {
      expect(p.explanation).toEqual({ ...knnAll[i], contributions: knnAll[i].contributions.slice(0, PREDICT_LIMITS.explainTop) });
      expect(p.explanation?.method).toBe('sampled');
      expect(knnAll[i].contributions.reduce((t, c) => t + c.value, knnAll[i].expected)).toBeCloseTo(p.probabilities[p.classIndex], 9);
    });
  });

  it('refuses rows lacking training columns with the list, text in an indicator, and both rows and csv', async () => {
    const { secret } = await createToken(owner);
    const features = (models.DT as SavedPipelineModel).pipeline.features;
    const missing = await predict(jobId, bearer(secret), { rows: jsonRows.slice(0, 3).map(({ region, year }) => ({ region, year })) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(formatMessage(PREDICT_MESSAGES.missingColumns, { columns: features.join(', ') }));
    const text = await predict(jobId, bearer(secret), { rows: [{ ...jsonRows[0], [features[0]]: 'lots' }] });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toContain('"lots" is not a number');
    expect((await predict(jobId, bearer(secret), { rows: jsonRows.slice(0, 1), csv: 'a;b\n1;2' })).statusCode).toBe(400);
  });

  it("is refused with a revoked token, with another user's job, and on routes tokens may not use", async () => {
    const { token, secret } = await createToken(owner);
    expect((await predict(jobId, bearer(secret), { rows: jsonRows.slice(0, 2) })).statusCode).toBe(200);
    // Another user's token, and the owner's token on another user's job: 404 (no hint the job exists).
    const others = await createToken(other);
    expect((await predict(jobId, bearer(others.secret), { rows: jsonRows.slice(0, 2) })).statusCode).toBe(404);
    expect((await predict(demoJobId, bearer(secret), { rows: jsonRows.slice(0, 2) })).statusCode).toBe(404);
    // Tokens cannot manage tokens or reach other routes.
    const elsewhere = await server.app.inject({ method: 'GET', url: '/api/uploads', headers: bearer(secret) });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toBe(PREDICT_MESSAGES.tokenRouteOnly);
    expect((await server.app.inject({ method: 'GET', url: '/api/tokens', headers: bearer(secret) })).statusCode).toBe(403);
    // Revoked: 401 from then on. Another user cannot revoke it.
    expect((await server.app.inject({ method: 'DELETE', url: `/api/tokens/${token.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/tokens/${token.id}`, headers: owner.headers })).statusCode).toBe(204);
    const revoked = await predict(jobId, bearer(secret), { rows: jsonRows.slice(0, 2) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toBe(PREDICT_MESSAGES.invalidToken);
    expect((await predict(jobId, bearer('ind_not-a-token'), { rows: jsonRows.slice(0, 2) })).statusCode).toBe(401);
    // The session still needs its CSRF header.
    expect((await predict(jobId, { cookie: owner.cookie }, { rows: jsonRows.slice(0, 2) })).statusCode).toBe(403);
    expect((await predict(jobId, owner.headers, { rows: jsonRows.slice(0, 2) })).statusCode).toBe(200);
  });

  it('lets the read-only demo predict with its job (nothing is stored) but not create tokens', async () => {
    const demo = await loginAsDemo(server.app);
    const response = await predict(demoJobId, demo.headers, { rows: jsonRows.slice(0, 3) });
    expect(response.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'POST', url: '/api/tokens', headers: demo.headers, payload: { name: 'x' } })).statusCode).toBe(403);
  });

  it("looks up the target's history in the job's data for a model trained with it: the run's own test predictions", async () => {
    const frame = frameFromTable(table, { spaceColumn: 'region', timeColumn: 'year' });
    const run = await runAutoML(frame, {
      target: 'score',
      split: { mode: 'year', testYear: 2009, testRegion: null },
      targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
      models: { DT: { max_depth: 4 } },
      budgetSeconds: 30,
      folds: 2,
      workers: 0,
      seed: 3,
      targetHistory: 'on',
    });
    const saved = run.models.DT as SavedPipelineModel;
    expect(saved.pipeline.history?.columns).toHaveLength(6);
    const historyJob = await insertDoneJob(owner.user.id, run);
    const testRows = jsonRows.filter((r) => r.year === 2009);
    // The rows carry the indicators only; the previous year's target comes from the job's panel.
    const response = await predict(historyJob, owner.headers, { rows: testRows, model: 'DT' });
    expect(response.statusCode).toBe(200);
    const byPlace = new Map(response.json<PredictResponse>().predictions.map((p) => [p.space, p.label]));
    const expected = (run.results.models.DT?.predictions ?? []).map((p) => [p.space, p.predicted]);
    expect(expected.length).toBe(testRows.length);
    expect(expected.map(([space]) => [space, byPlace.get(space as string)])).toEqual(expected);
    // A caller's own history values win over the look-up.
    const [previous] = saved.pipeline.history!.columns;
    const given = await predict(historyJob, owner.headers, { rows: testRows.slice(0, 1).map((r) => ({ ...r, [previous]: null })), model: 'DT' });
    expect(given.statusCode).toBe(200);
    expect(given.json<PredictResponse>().predictions[0].imputed).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('rate-limits a token', async () => {
    const { secret } = await createToken(owner);
    const statuses: number[] = [];
    // Refused bodies count too (the limit runs before the route), and cost nothing to answer.
    for (let i = 0; i <= PREDICT_LIMITS.requestsPerMinute; i++) statuses.push((await predict(jobId, bearer(secret), {})).statusCode);
    expect(statuses.slice(0, PREDICT_LIMITS.requestsPerMinute).every((s) => s === 400)).toBe(true);
    expect(statuses[PREDICT_LIMITS.requestsPerMinute]).toBe(429);
  }, 120_000);

  it('downloads a family\'s whole pipeline as ONNX that onnxruntime runs to the API\'s answers', async () => {
    const { secret } = await createToken(owner);
    const response = await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/onnx/KNN`, headers: bearer(secret) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="modelKNN.onnx"');
    const ort = await import('onnxruntime-node');
    const session = await ort.InferenceSession.create(response.rawPayload);
    const features = (models.KNN as SavedPipelineModel).pipeline.features;
    const rows = jsonRows.slice(0, 30);
    const X = Float64Array.from(rows.flatMap((r) => features.map((f) => (typeof r[f] === 'number' ? (r[f] as number) : NaN))));
    const out = await session.run({ X: new ort.Tensor('float64', X, [rows.length, features.length]) });
    const api = (await predict(jobId, bearer(secret), { rows, model: 'KNN' })).json<PredictResponse>();
    expect(Array.from(out.label.data as string[])).toEqual(api.predictions.map((p) => p.label));
    await session.release();
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/onnx/KNN`, headers: other.headers })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/onnx/Ensemble`, headers: owner.headers })).statusCode).toBe(results.models.Ensemble ? 200 : 400);
  });

  it('serves an OpenAPI description generated from the request schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const post = document.paths['/api/jobs/{id}/predict'].post;
    const schema = post.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['model', 'rows', 'csv', 'explain']);
    expect(schema.properties.model.enum).toEqual(['chosen', 'ANN', 'KNN', 'SVM', 'DT', 'RF', 'Ensemble', 'Persistence', 'Majority', 'Trend']);
    expect(document.paths['/api/jobs/{id}/onnx/{model}'].get.parameters[1].schema.enum).toContain('Persistence');
    expect(post.responses['200'].content['application/json'].schema.properties.predictions.type).toBe('array');
    expect(document.components.securitySchemes.bearerToken.scheme).toBe('bearer');
  });
});
