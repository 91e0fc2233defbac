/**
 * Gap-filling benchmark: GET /api/jobs/:id/gaps on the WHO panel of the whole shared 2018 export (43 indicators,
 * the largest panel the app builds), against a real server (Fastify on 127.0.0.1, PGlite, local file storage) and
 * models of a real runAutoML run (DT and KNN; their ensemble when chosen). Reports the frame build alone and the
 * whole request (first = cold model cache, then best / median of 3). Target: the table appears within 3 s.
 *
 *   node --import tsx bench/gaps.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE, newId, type GapsResponse } from '@indicata/contracts';
import { runAutoML } from '../packages/engine/src/index.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createEventHub } from '../apps/server/src/events/create-hub.ts';
import { buildApp } from '../apps/server/src/http/app.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { ensureDemoUser } from '../apps/server/src/modules/auth/users.ts';
import { createAppContext } from '../apps/server/src/app-context.ts';
import { storeModels } from '../apps/server/src/modules/jobs/model-files.ts';
import { buildFrameForJob } from '../apps/server/src/modules/jobs/job-frame.ts';
import { importWhoFolder } from '../apps/server/src/modules/who/import-folder.ts';
import { jobs, type JobRow } from '../apps/server/src/db/schema/index.ts';
import { defaultWhoDataDir } from './who-panel.ts';

const seconds = (started: number) => (performance.now() - started) / 1000;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'indicata-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' }) };
  const database = await openDatabase(config);
  await migrate(database);
  await ensureDemoUser(database.db);
  process.stderr.write('importing the WHO export...\n');
  await importWhoFolder(database.db, defaultWhoDataDir());
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
    const data = { database: 'WHO', uploadId: null, codePredictionIndicator: 'WHOSIS_000001', predictionIndicatorDimensions: ['SEX_BTSX'], indicatorsAnalyzingCode: [] };
    const job = { id: newId(), userId: me.user.id, data } as unknown as JobRow;

    let started = performance.now();
    const { frame, targetColumn } = await buildFrameForJob({ database, storage, config } as never, job);
    process.stderr.write(`training DT and KNN on ${frame.space.length} rows x ${frame.columns.length - 1} indicators...\n`);
    const { results, models } = await runAutoML(frame, {
      target: targetColumn,
      split: { mode: 'year', testYear: 2016, testRegion: null },
      targetDiscretization: { mode: 'automatic', groups: 3, method: 'quantile' },
      models: { DT: 'auto', KNN: { n_neighbors: 5 } },
      budgetSeconds: 60,
      seed: 5,
    });
    await database.db.insert(jobs).values({
      id: job.id,
      userId: me.user.id,
      name: 'bench',
      currentTime: '2026-01-01 00:00:00.000',
      status: 'done',
      data: data as never,
      seed: 5,
      results,
      modelFiles: await storeModels(storage, job.id, models),
    });

    started = performance.now();
    const inputs = [...new Set(Object.values(models).flatMap((m) => m?.pipeline.features ?? []))];
    const withGaps = await buildFrameForJob({ database, storage, config } as never, job, { withGaps: true, gapColumns: inputs });
    const frameSeconds = seconds(started);
    const lines = [
      `WHO panel: ${frame.space.length} rows with the target, ${withGaps.frame.space.length} with the gaps of the models' ${inputs.length} inputs; frame with gaps built in ${frameSeconds.toFixed(2)} s`,
      '| model | gaps predicted / not predicted | first request s | wall s (best / median of 3) | answer |',
      '|---|---|---|---|---|',
    ];
    for (const model of ['chosen', 'DT', 'KNN']) {
      const times: number[] = [];
      let first = 0;
      let counts = '';
      let bytes = 0;
      for (let attempt = 0; attempt < 4; attempt++) {
        started = performance.now();
        const response = await fetch(`${base}/api/jobs/${job.id}/gaps?model=${model}`, { headers: { cookie } });
        const text = await response.text();
        if (!response.ok) throw new Error(`${model}: ${response.status} ${text}`);
        const elapsed = seconds(started);
        if (attempt === 0) first = elapsed;
        else times.push(elapsed);
        const answer = JSON.parse(text) as GapsResponse;
        counts = `${answer.predictions.length} / ${answer.notPredicted.length}`;
        bytes = text.length;
      }
      times.sort((a, b) => a - b);
      lines.push(`| ${model} (${model === 'chosen' ? results.best : model}) | ${counts} | ${first.toFixed(2)} | ${times[0].toFixed(2)} / ${times[1].toFixed(2)} | ${(bytes / 1e6).toFixed(1)} MB |`);
      process.stderr.write(`${lines[lines.length - 1]}\n`);
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
