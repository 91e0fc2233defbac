/**
 * GET /api/jobs under load, the page every signed-in user opens first: a user with 100 finished jobs whose results are ~700 KB each
 * (as real runs store), 50 connections on /api/jobs and, in the same run, 10 on /api/health, for 10 s each.
 * The server runs in a child process (its own event loop and CPU share), on PGlite in a temporary DATA_DIR.
 *
 *   node --import tsx bench/job-list.ts [--jobs 100] [--seconds 10] [--connections 50]
 *
 * Target: /api/jobs >= 1,000 req/s with p99 < 100 ms. Results in bench/README.md.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    jobs: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});

/** ~700 KB of results, shaped like a real run's (predictions dominate). */
function bulkyResults(seed: number): unknown {
  const predictions = Array.from({ length: 3_500 }, (_, i) => ({
    space: `Country ${i % 190}`,
    region: 'Region',
    time: 2000 + (i % 16),
    actual: `Class ${(i + seed) % 3}`,
    predicted: `Class ${(i * 7 + seed) % 3}`,
    actualValue: (i * 13.37) % 90,
    correct: i % 4 !== 0,
  }));
  return { best: 'RF', models: [{ algorithm: 'RF', predictions }] };
}

async function serve(): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { migrate } = await import('../apps/server/src/db/migrate.ts');
  const { ensureDemoUser } = await import('../apps/server/src/modules/auth/users.ts');
  const { createEventHub } = await import('../apps/server/src/events/create-hub.ts');
  const { createLogger } = await import('../apps/server/src/logger.ts');
  const { buildApp } = await import('../apps/server/src/http/app.ts');
  const { createAppContext } = await import('../apps/server/src/app-context.ts');
  const { jobs } = await import('../apps/server/src/db/schema/index.ts');
  const { newId, CSRF_HEADER, CSRF_HEADER_VALUE } = await import('@indicata/contracts');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'none') });
  const database = await openDatabase(config);
  await migrate(database);
  await ensureDemoUser(database.db);
  const events = await createEventHub(database, { listen: true });
  const app = await buildApp(createAppContext({ config, database, events, logger: createLogger('silent') }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' };
  const account = { firstName: 'Bench', lastName: 'User', institution: 'Bench', email: 'bench@example.org', password: 'a bench password that is long' };
  await fetch(`${address}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify(account) });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify(account) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const me = (await (await fetch(`${address}/api/auth/me`, { headers: { cookie } })).json()) as { user: { id: string } };

  const count = Number(values.jobs);
  for (let i = 0; i < count; i++) {
    const at = new Date(Date.now() - (count - i) * 60_000);
    await database.db.insert(jobs).values({
      id: newId(at.getTime()),
      userId: me.user.id,
      name: `Bench job ${i + 1}`,
      currentTime: '2026-01-01 00:00:00.000',
      status: 'done',
      data: { database: 'WHO' } as never,
      seed: i,
      results: bulkyResults(i),
      report: { sections: [{ html: 'x'.repeat(20_000) }] },
      createdAt: at,
      finishedAt: at,
    });
  }
  process.send?.({ address, cookie });
  process.on('message', async (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMs: (user + system) / 1000 });
      return;
    }
    await app.close();
    await events.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

function summary(label: string, result: autocannon.Result): string {
  const ok = result['2xx'];
  return `${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms (${ok} answers 2xx, ${result.non2xx} other, ${result.errors} errors)`;
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--jobs', String(values.jobs)], { execArgv: ['--import', 'tsx'] });
  const { address, cookie } = await new Promise<{ address: string; cookie: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { address: string; cookie: string }));
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const duration = Number(values.seconds);
  const sample = await fetch(`${address}/api/jobs`, { headers: { cookie } });
  const sampleBytes = (await sample.arrayBuffer()).byteLength;
  console.log(`GET /api/jobs answers ${sample.status} with ${sampleBytes.toLocaleString('en-US')} bytes`);
  const serverCpuMs = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { cpuMs: number }).cpuMs));
      child.send('cpu');
    });
  const cpuBefore = await serverCpuMs();
  const [jobsRun, healthRun] = await Promise.all([
    autocannon({ url: `${address}/api/jobs`, connections: Number(values.connections), duration, headers: { cookie } }),
    autocannon({ url: `${address}/api/health`, connections: 10, duration }),
  ]);
  console.log(summary(`/api/jobs (${values.connections} connections, ${values.jobs} jobs)`, jobsRun));
  console.log(summary('/api/health (10 connections, same run)', healthRun));
  const answered = jobsRun.requests.total + healthRun.requests.total;
  const cpu = (await serverCpuMs()) - cpuBefore;
  console.log(`server CPU: ${(cpu / 1000).toFixed(1)} s for ${answered} answers (${(cpu / Math.max(1, answered)).toFixed(2)} ms per answer, both routes)`);
  console.log(`load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

if (values.serve) await serve();
else await main();
