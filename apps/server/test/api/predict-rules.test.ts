import type { AutoMLResults, PredictResponse } from '@indicata/contracts';
import { PREDICT_MESSAGES, formatMessage, newId } from '@indicata/contracts';
import { frameFromTable, historyForRows, parseSemicolonCsv, runAutoML, type SavedPipelineModel } from '@indicata/engine';
import { strFromU8, unzipSync } from 'fflate';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from '../jobs/fixtures.ts';
import { jobs } from '../../src/db/schema/index.ts';
import { storeModels } from '../../src/modules/jobs/model-files.ts';

/** A deterministic pseudo-random sequence. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A sticky panel: each region's score sits at its own level and moves rarely (a jump for a few regions half-way),
 * and the indicators are noise. "Same class as last year" is then as good as anything a model can learn.
 */
function stickyPanelCsv(regions = 30, years = 10): string {
  const random = lcg(7);
  const lines = ['region;year;f1;f2;f3;score'];
  for (let r = 0; r < regions; r++) {
    let level = (r % 3) * 10 + random() * 2;
    for (let y = 0; y < years; y++) {
      if (y === 5 && r % 7 === 0) level = ((r + 1) % 3) * 10 + random() * 2;
      lines.push([`R${String(r).padStart(2, '0')}`, 2000 + y, (random() * 5).toFixed(3), (random() * 100).toFixed(2), (random() * 3).toFixed(3), (level + random()).toFixed(3)].join(';'));
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A job whose results recommend the persistence rule, finished by a real engine run and stored as the worker stores
 * it: the rule serves predictions as the chosen model (its history looked up in the job's data), downloads as ONNX,
 * and travels in the results archive.
 */
describe('a recommended persistence rule is a model of the prediction API', () => {
  let server: TestServer;
  let owner: SignedIn;
  let jobId: string;
  let results: AutoMLResults;
  let models: Partial<Record<string, SavedPipelineModel>>;
  const csv = stickyPanelCsv();
  const table = parseSemicolonCsv(csv);
  const jsonRows: Record<string, string | number | null>[] = table.rows.map((cells) =>
    Object.fromEntries(table.columns.map((name, k) => [name, name === 'region' ? cells[k] : Number(cells[k])])),
  );

  beforeAll(async () => {
    server = await createTestServer('pglite', { initialize: true });
    owner = await registerAndLogin(server.app);
    const frame = frameFromTable(table, { spaceColumn: 'region', timeColumn: 'year' });
    ({ results, models } = await runAutoML(frame, {
      target: 'score',
      split: { mode: 'year', testYear: 2008, testRegion: null },
      targetDiscretization: { mode: 'automatic', groups: 3, method: 'equal-width' },
      models: { DT: { max_depth: 3 }, KNN: { n_neighbors: 5 } },
      budgetSeconds: 30,
      folds: 3,
      workers: 0,
      seed: 1,
      targetHistory: 'auto',
    }));
    jobId = newId();
    const upload = await uploadPanel(server.ctx, owner.user.id, csv);
    const modelFiles = await storeModels(server.ctx.storage!, jobId, models);
    await server.ctx.database.db.insert(jobs).values({
      id: jobId,
      userId: owner.user.id,
      name: 'sticky',
      currentTime: '2026-01-01 00:00:00.000',
      status: 'done',
      data: uploadJobData(upload, { predictionIndicatorYear: 2008 }) as never,
      seed: 1,
      results,
      modelFiles,
      finishedAt: new Date(),
    });
  }, 300_000);
  afterAll(async () => server?.close());

  it('the run recommends persistence and carries the three rules as models', () => {
    expect(results.best).toBe('Persistence');
    expect(results.choice?.recommended).toBe('Persistence');
    expect(results.models.Persistence?.paramsSource).toBe('rule');
    expect(results.models.Majority?.paramsSource).toBe('rule');
    expect(results.models.Trend?.paramsSource).toBe('rule');
    expect(models.Persistence?.pipeline.rule).toBe('persistence');
    expect(results.baselinesAtLeastAsGood).not.toContain('persistence');
  });

  it("predicts with the rule as the chosen model: its test predictions, the previous class read from the job's data", async () => {
    const testRows = jsonRows.filter((r) => r.year === 2008);
    const response = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict`, headers: owner.headers, payload: { rows: testRows, model: 'chosen' } });
    expect(response.statusCode).toBe(200);
    const answer = response.json<PredictResponse>();
    expect(answer.model).toBe('Persistence');
    expect(answer.notPredicted).toEqual([]);
    const key = (space: unknown, time: unknown) => `${String(space)}|${String(time)}`;
    const byRow = new Map(answer.predictions.map((p) => [key(p.space, p.time), p.label]));
    const expected = (results.models.Persistence?.predictions ?? []).map((p) => [key(p.space, p.time), p.predicted]);
    expect(expected.length).toBe(testRows.length);
    expect(expected.map(([k]) => [k, byRow.get(k)])).toEqual(expected);
    // The rule reads no indicator: rows with the place and year alone are enough.
    const bare = testRows.slice(0, 5).map((r) => ({ region: r.region, year: r.year }));
    const explicit = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict`, headers: owner.headers, payload: { rows: bare, model: 'Persistence' } });
    expect(explicit.statusCode).toBe(200);
    expect(explicit.json<PredictResponse>().predictions.map((p) => p.label)).toEqual(answer.predictions.slice(0, 5).map((p) => p.label));
    expect(explicit.json<PredictResponse>().predictions.every((p) => p.imputed === 0)).toBe(true);
    // Gap filling asks the same chosen model (this panel has no missing target: nothing to fill).
    const gaps = await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/gaps`, headers: owner.headers });
    expect(gaps.statusCode).toBe(200);
    expect(gaps.json<{ model: string; missingTarget: number }>()).toMatchObject({ model: 'Persistence', missingTarget: 0 });
    const majority = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict`, headers: owner.headers, payload: { rows: bare, model: 'Majority' } });
    expect(majority.statusCode).toBe(200);
    expect(new Set(majority.json<PredictResponse>().predictions.map((p) => p.label)).size).toBe(1);
  }, 60_000);

  it("predicts with the trend rule by name: its test predictions, the projected class read from the job's data", async () => {
    expect(models.Trend?.pipeline.rule).toBe('trend');
    const testRows = jsonRows.filter((r) => r.year === 2008).map((r) => ({ region: r.region, year: r.year }));
    const response = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict`, headers: owner.headers, payload: { rows: testRows, model: 'Trend' } });
    expect(response.statusCode).toBe(200);
    const answer = response.json<PredictResponse>();
    expect(answer.model).toBe('Trend');
    const byRow = new Map(answer.predictions.map((p) => [`${String(p.space)}|${String(p.time)}`, p.label]));
    const expected = (results.models.Trend?.predictions ?? []).map((p) => [`${p.space}|${p.time}`, p.predicted]);
    expect(expected.length).toBe(testRows.length);
    expect(expected.map(([k]) => [k, byRow.get(k)])).toEqual(expected);
  }, 60_000);

  it("leaves out, with the reason, a row whose place has no earlier target: persistence and trend would only guess the majority class there", async () => {
    // R00 in 2000 is its first year; R99 is in no year of the data; the fourth row has no year. R01 in 2005 has five
    // earlier years.
    const rows = [
      { region: 'R00', year: 2000 },
      { region: 'R99', year: 2008 },
      { region: 'R01', year: 2005 },
      { region: 'R02', year: null },
    ];
    for (const rule of ['Persistence', 'Trend'] as const) {
      const response = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict`, headers: owner.headers, payload: { rows, model: rule } });
      expect(response.statusCode).toBe(200);
      const answer = response.json<PredictResponse>();
      expect(answer.predictions.map((p) => [p.row, p.space, p.imputed])).toEqual([[2, 'R01', 0]]);
      expect(answer.notPredicted).toEqual([
        { row: 0, space: 'R00', time: 2000, missing: 0, reason: formatMessage(PREDICT_MESSAGES.ruleWithoutHistory, { rule }) },
        { row: 1, space: 'R99', time: 2008, missing: 0, reason: formatMessage(PREDICT_MESSAGES.ruleUnknownPlace, { rule, place: 'R99', space: 'region' }) },
        { row: 3, space: 'R02', time: null, missing: 0, reason: formatMessage(PREDICT_MESSAGES.ruleNeedsPlaceAndYear, { rule, space: 'region', time: 'year' }) },
      ]);
    }
    // The majority rule reads nothing, and a model reads the indicators: both predict every row given them.
    const majority = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict`, headers: owner.headers, payload: { rows, model: 'Majority' } });
    expect(majority.json<PredictResponse>().predictions).toHaveLength(4);
    const withIndicators = rows.map((r) => ({ ...r, f1: 1, f2: 50, f3: 1 }));
    const tree = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict`, headers: owner.headers, payload: { rows: withIndicators, model: 'DT' } });
    expect(tree.json<PredictResponse>().predictions).toHaveLength(4);
  }, 60_000);

  it('downloads the rule as an ONNX file that onnxruntime runs to the same classes', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/onnx/Persistence`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="modelPersistence.onnx"');
    const ort = await import('onnxruntime-node');
    const session = await ort.InferenceSession.create(response.rawPayload);
    const { features } = (models.Persistence as SavedPipelineModel).pipeline;
    const previous = features.find((f) => f.endsWith('(previous known class)')) as string;
    // The ONNX graph takes the history columns from the caller: give each test row its class of the year before.
    const { classes, history } = (models.Persistence as SavedPipelineModel).pipeline;
    const frame = frameFromTable(table, { spaceColumn: 'region', timeColumn: 'year' });
    const target = frame.columns.find((c) => c.name === 'score')!.values;
    const rows = results.models.Persistence?.predictions ?? [];
    const [, previousClass] = historyForRows(frame, target, classes, history?.clamp ?? true, rows.map((p) => ({ space: p.space, time: p.time })));
    const X = Float64Array.from(rows.flatMap((_, r) => features.map((f) => (f === previous ? previousClass[r] : NaN))));
    const out = await session.run({ X: new ort.Tensor('float64', X, [rows.length, features.length]) });
    expect(Array.from(out.label.data as string[])).toEqual(rows.map((p) => p.predicted));
    await session.release();
  });

  it('puts the rules in the results archive and says in its README what is recommended', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/archive`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['models/modelPersistence.json', 'models/modelMajority.json', 'models/modelTrend.json', 'predictions/predictionsPersistence.csv']));
    const readme = strFromU8(files['README.md']);
    expect(readme).toContain('Recommended: the persistence rule');
    expect(readme).toContain('`models/modelPersistence.json`');
  });
});
