/**
 * Does the server stay responsive while it reads a big CSV? Other users' requests must not wait for it.
 *
 * Starts the real server (`apps/server/src/main.ts --role all`, PGlite in a temporary DATA_DIR) on a free loopback
 * port, registers and signs in a user, uploads a generated ~45 MB semicolon CSV, then runs three class previews of
 * it one after another (three different columns, so each reads the whole file), while a sampler asks `GET /api/health` every 10 ms. Prints p50 / p99 / max of the health
 * latency per phase (idle, upload, previews) and the upload and preview times.
 *
 *   node --import tsx bench/server-responsiveness.ts [--mb 45] [--busy] [--json out.json]
 *
 * `--busy` runs it beside a job: one busy loop per core at a job's nice level (`JOB_THREAD_NICENESS`, 10), as a
 * job's fit threads are in a worker process.
 *
 * Target: `/api/health` p99 under 100 ms during the upload and during the previews.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DEFAULT_JOB_THREAD_NICENESS as JOB_NICENESS } from '../apps/server/src/config.ts';
import { freePort, percentile, startSampler, waitForServer } from './health-sampler.ts';

const { values: options } = parseArgs({ options: { mb: { type: 'string', default: '45' }, busy: { type: 'boolean', default: false }, json: { type: 'string' } } });
const targetBytes = Number(options.mb) * 1_000_000;
const root = path.resolve(import.meta.dirname, '..');
const CSRF = { 'x-indicata-request': '1' };

/** A semicolon panel of places x 20 years with a target and 19 features, about `bytes` long. */
function generateCsv(bytes: number): { text: string; rows: number } {
  const header = ['country', 'year', 'target', ...Array.from({ length: 19 }, (_, i) => `f${i + 1}`)].join(';');
  const lines = [header];
  let size = header.length + 1;
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  for (let place = 0; size < bytes; place++) {
    for (let year = 2000; year < 2020 && size < bytes; year++) {
      const cells = [`Place ${place}`, String(year), (50 + random() * 30).toFixed(3)];
      for (let f = 0; f < 19; f++) cells.push((random() * 1000).toFixed(4));
      const line = cells.join(';');
      lines.push(line);
      size += line.length + 1;
    }
  }
  return { text: `${lines.join('\n')}\n`, rows: lines.length - 1 };
}

/** One endless loop per core at a job's nice level, standing in for a running job's fit threads. */
function startBusyLoops(): ChildProcess[] {
  return Array.from({ length: os.availableParallelism() }, () => {
    const loop = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    if (loop.pid) os.setPriority(loop.pid, JOB_NICENESS);
    return loop;
  });
}

async function main(): Promise<void> {
  const busyLoops = options.busy ? startBusyLoops() : [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'indicata-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const csv = generateCsv(targetBytes);
  const csvBytes = Buffer.byteLength(csv.text);
  console.log(`CSV: ${(csvBytes / 1e6).toFixed(1)} MB, ${csv.rows} rows x 22 columns${busyLoops.length ? `; beside ${busyLoops.length} busy loops at nice ${JOB_NICENESS}` : ''}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--role', 'all'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      UPLOAD_MAX_BYTES: String(Math.max(50 * 1024 * 1024, csvBytes + 1024 * 1024)),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForServer(base, child);
    const email = `bench-${Date.now()}@example.org`;
    const password = 'bench-password-1234';
    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CSRF },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', institution: 'Indicata', email, password }),
    });
    if (register.status !== 201) throw new Error(`register: ${register.status} ${await register.text()}`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CSRF },
      body: JSON.stringify({ email, password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (login.status !== 200 || cookie === '') throw new Error(`login: ${login.status}`);
    const headers = { cookie, ...CSRF };

    // The body is encoded before the sampling starts (encoding 45 MB blocks this thread for a moment).
    const form = new FormData();
    form.append('file', new Blob([csv.text]), 'bench-panel.csv');
    const sampler = startSampler(base);
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    sampler.setPhase('upload');
    form.append('spatialColumn', 'country');
    form.append('temporalColumn', 'year');
    let start = performance.now();
    const upload = await fetch(`${base}/api/uploads`, { method: 'POST', headers, body: form });
    const uploadMs = performance.now() - start;
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const record = (await upload.json()) as { id: string; storedName: string; rowCount: number };

    sampler.setPhase('previews');
    const previewMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      start = performance.now();
      const preview = await fetch(`${base}/api/preview/target-classes`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          database: record.storedName,
          uploadId: record.id,
          // A different column each time: the server caches the last columns it read, and each preview here
          // should read the whole file.
          targetCode: ['target', 'f1', 'f2'][i],
          discretization: { mode: 'automatic', groups: 3, method: 'equal-width' },
        }),
      });
      previewMs.push(performance.now() - start);
      if (preview.status !== 200) throw new Error(`preview ${i + 1}: ${preview.status} ${await preview.text()}`);
      await preview.arrayBuffer();
    }
    const { samples, errors } = await sampler.stop();

    const report: Record<string, unknown> = {
      date: new Date().toISOString(),
      busyLoops: busyLoops.length,
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      csvMB: Number((csvBytes / 1e6).toFixed(1)),
      rows: record.rowCount,
      uploadMs: Math.round(uploadMs),
      previewMs: previewMs.map(Math.round),
      health: {} as Record<string, { n: number; p50: number; p99: number; max: number }>,
      healthErrors: Object.fromEntries(errors),
    };
    for (const [phase, latencies] of samples) {
      const sorted = [...latencies].sort((a, b) => a - b);
      (report.health as Record<string, unknown>)[phase] = {
        n: sorted.length,
        p50: Number(percentile(sorted, 50).toFixed(1)),
        p99: Number(percentile(sorted, 99).toFixed(1)),
        max: Number(sorted[sorted.length - 1].toFixed(1)),
      };
    }
    console.log(`upload: ${report.uploadMs} ms (${record.rowCount} rows); previews: ${previewMs.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
    console.log('GET /api/health latency (ms):');
    for (const [phase, stats] of Object.entries(report.health as Record<string, { n: number; p50: number; p99: number; max: number }>)) {
      console.log(`  ${phase.padEnd(9)} n=${String(stats.n).padStart(4)}  p50 ${stats.p50.toFixed(1).padStart(7)}  p99 ${stats.p99.toFixed(1).padStart(7)}  max ${stats.max.toFixed(1).padStart(7)}`);
    }
    if (errors.size > 0) console.log(`health requests that failed (socket closed, retried): ${JSON.stringify(Object.fromEntries(errors))}`);
    console.log(`load average: ${(report.loadAverage as number[]).join(' ')}`);
    if (options.json) writeFileSync(options.json, JSON.stringify(report, null, 2));
  } finally {
    for (const loop of busyLoops) loop.kill('SIGKILL');
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(undefined);
      else child.once('exit', resolve);
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
