/**
 * Prediction API benchmark: 10,000 rows of the WHO panel through POST /api/jobs/:id/predict with a personal
 * token, once per family and for the ensemble, against a real server (Fastify listening on 127.0.0.1, PGlite,
 * local file storage) and models from a real runAutoML run. Reports, for each request (best and median of 3,
 * after one warm-up request that also loads and caches the model file), the wall time and the process CPU time
 * (client and server share the process; on this shared 2-core machine wall time mostly measures waiting, see
 * bench/README.md). Target: under 2 s. Meanwhile another thread asks `GET /api/health` every 10 ms: the latency per
 * model says whether the prediction held the server's event loop (every other user's requests).
 *
 *   node --import tsx bench/predict-api.ts [--rows 10000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CSRF_HEADER, CSRF_HEADER_VALUE, newId, type ModelFamily } from '@indicata/contracts';
import { frameFromTable, parseSemicolonCsv, runAutoML } from '../packages/engine/src/index.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createEventHub } from '../apps/server/src/events/create-hub.ts';
import { buildApp } from '../apps/server/src/http/app.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { ensureDemoUser } from '../apps/server/src/modules/auth/users.ts';
import { createAppContext } from '../apps/server/src/app-context.ts';
import { storeModels } from '../apps/server/src/modules/jobs/model-files.ts';
import { jobs } from '../apps/server/src/db/schema/index.ts';
import { percentile, startSampler } from './health-sampler.ts';
import { buildWhoPanelCsv, defaultWhoDataDir, WHO_TARGET } from './who-panel.ts';

const { values: options } = parseArgs({ options: { rows: { type: 'string', default: '10000' } } });
const ROWS = Number(options.rows);

async function main(): Promise<void> {
  const table = parseSemicolonCsv(buildWhoPanelCsv(defaultWhoDataDir()));
  const frame = frameFromTable(table, { spaceColumn: 'countryName', timeColumn: 'year', regionColumn: 'regionName' });
  process.stderr.write('training the five families on the WHO panel...\n');
  const { results, models } = await runAutoML(frame, {
    target: WHO_TARGET,
    split: { mode: 'year', testYear: 2016, testRegion: null },
    targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
    models: { DT: 'auto', RF: { n_estimators: 100 }, KNN: { n_neighbors: 5 }, SVM: { probability: true, C: 10 }, ANN: { epochs: 20 } },
    budgetSeconds: 90,
    seed: 5,
    // The job row below has no configuration to rebuild its panel from, so the target's history could not be
    // looked up for the sent rows; this bench times the models (the panel build is bench/gaps.ts's first request).
    targetHistory: 'off',
  });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'indicata-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' }) };
  const database = await openDatabase(config);
  await migrate(database);
  await ensureDemoUser(database.db);
  const logger = createLogger('silent');
  const events = await createEventHub(database, { listen: true, logger });
  const context = createAppContext({ config, database, events, logger });
  const { storage } = context;
  const app = await buildApp(context);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const json = { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };
    const user = { firstName: 'Bench', lastName: 'Mark', institution: 'Bench', email: 'bench@example.org', password: 'a-long-bench-password-1' };
    await fetch(`${base}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(user) });
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: user.email, password: user.password }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const me = (await (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).json()) as { user: { id: string } };
    const created = (await (await fetch(`${base}/api/tokens`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'bench' }) })).json()) as { secret: string };
    const jobId = newId();
    await database.db.insert(jobs).values({
      id: jobId,
      userId: me.user.id,
      name: 'bench',
      currentTime: '2026-01-01 00:00:00.000',
      status: 'done',
      data: {} as never,
      seed: 5,
      results,
      modelFiles: await storeModels(storage, jobId, models),
    });
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const r = i % table.rows.length;
      return Object.fromEntries(table.columns.map((name: string, k: number) => [name, name === 'countryName' || name === 'regionName' ? table.rows[r][k] : table.rows[r][k] === '' ? null : Number(table.rows[r][k])]));
    });
    const body = (model: string) => JSON.stringify({ model, rows });
    const families: (ModelFamily | 'Ensemble')[] = ['DT', 'RF', 'KNN', 'SVM', 'ANN', ...(results.models.Ensemble ? (['Ensemble'] as const) : [])];
    const lines = ['| model | predicted / not predicted | wall s (best / median) | CPU s (best / median) | request | `/api/health` p50 / p99 / max ms |', '|---|---|---|---|---|---|'];
    const measured: { model: string; cells: string }[] = [];
    const sampler = startSampler(base);
    for (const model of families) {
      const payload = body(model);
      const times: number[] = [];
      const cpu: number[] = [];
      let counts = '';
      sampler.setPhase(model);
      for (let attempt = 0; attempt < 4; attempt++) {
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        const response = await fetch(`${base}/api/jobs/${jobId}/predict`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${created.secret}` }, body: payload });
        const answer = (await response.json()) as { predictions: unknown[]; notPredicted: unknown[]; error?: { message: string } };
        if (!response.ok) throw new Error(`${model}: ${response.status} ${answer.error?.message}`);
        if (attempt > 0) {
          times.push((performance.now() - started) / 1000);
          const used = process.cpuUsage(cpuStarted);
          cpu.push((used.user + used.system) / 1e6);
        }
        counts = `${answer.predictions.length} / ${answer.notPredicted.length}`;
      }
      sampler.setPhase('between');
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      measured.push({ model, cells: `${counts} | ${times[0].toFixed(2)} / ${times[1].toFixed(2)} | ${cpu[0].toFixed(2)} / ${cpu[1].toFixed(2)} | ${(payload.length / 1e6).toFixed(1)} MB` });
      process.stderr.write(`${model}: ${measured[measured.length - 1].cells}\n`);
    }
    const { samples } = await sampler.stop();
    for (const { model, cells } of measured) {
      const health = [...(samples.get(model) ?? [])].sort((a, b) => a - b);
      lines.push(`| ${model} | ${cells} | ${percentile(health, 50).toFixed(1)} / ${percentile(health, 99).toFixed(1)} / ${(health.at(-1) ?? NaN).toFixed(1)} |`);
    }
    process.stdout.write(`${lines.join('\n')}\n(load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})\n`);
  } finally {
    await app.close();
    await events.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
