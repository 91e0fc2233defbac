/**
 * Do refused requests stay cheap? `GET /api/health` latency while 50 connections are being refused.
 *
 * Starts the real server (`apps/server/src/main.ts --role http`, PGlite in a temporary DATA_DIR) on a free loopback
 * port, signs a user in, creates a personal API token and spends its prediction limit (PREDICT_LIMITS, 120 a
 * minute). Then, while a sampler asks `GET /api/health` every 10 ms on its own thread:
 * - idle: nothing else, `--seconds` long;
 * - predict-429: 50 connections (autocannon) of that token's prediction requests, every one refused with 429;
 * - jobs-429 (unless `--no-jobs`): 50 connections of `POST /api/jobs` by a user at QUOTA_ACTIVE_JOBS (1 here,
 *   its one job waits: the http role runs no worker), every one refused with 429 jobQuotaExceeded.
 * Prints p50 / p99 / max of the health latency per phase, the ratio of each loaded p99 to the idle one, and the
 * refused requests' rate and statuses. Everything on 127.0.0.1; each phase runs a fixed time.
 *
 *   node --import tsx bench/refusals.ts [--seconds 10] [--connections 50] [--no-jobs] [--json out.json]
 *
 * Target: health p99 under 20 ms while the 429s are being answered.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { autoJobSettings } from '@indicata/contracts';
import { freePort, percentile, startSampler, waitForServer } from './health-sampler.ts';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'no-jobs': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const seconds = Math.min(120, Math.max(1, Number(options.seconds)));
const connections = Math.min(200, Math.max(1, Number(options.connections)));
const root = path.resolve(import.meta.dirname, '..');
const CSRF = { 'x-indicata-request': '1' };
/** A job id that exists nowhere: the limit counts refused requests too, so any id will do. */
const SOME_JOB_ID = 'AAAAAAAAAAAAAAAAAAAA';

async function signIn(base: string, label: string): Promise<Record<string, string>> {
  const email = `bench-${label}-${Date.now()}@example.org`;
  const password = 'bench-password-1234';
  const json = { 'content-type': 'application/json', ...CSRF };
  const register = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', institution: 'Indicata', email, password }) });
  if (register.status !== 201) throw new Error(`register: ${register.status} ${await register.text()}`);
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (login.status !== 200 || cookie === '') throw new Error(`login: ${login.status}`);
  return { cookie, ...CSRF };
}

/** A small panel (region;year;f1;f2;score), uploaded, and a valid job on it. */
async function jobBody(base: string, headers: Record<string, string>): Promise<string> {
  const lines = ['region;year;f1;f2;score'];
  for (let r = 0; r < 12; r++) for (let y = 2000; y < 2008; y++) lines.push(`R${r};${y};${r + y / 100};${(r * 7) % 5};${2 * r + y / 50}`);
  const form = new FormData();
  form.append('spatialColumn', 'region');
  form.append('temporalColumn', 'year');
  form.append('file', new Blob([`${lines.join('\n')}\n`]), 'bench-panel.csv');
  const uploaded = await fetch(`${base}/api/uploads`, { method: 'POST', headers, body: form });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const upload = (await uploaded.json()) as { id: string; storedName: string };
  const data = {
    ...autoJobSettings(),
    database: upload.storedName,
    uploadId: upload.id,
    codePredictionIndicator: 'score',
    predictionIndicatorDimensions: [],
    predictionIndicatorYear: 2007,
    MLAlgorithms: ['KNN'],
    timeDimension: 'year',
    regionDimension: 'region',
    KNNConfig: 'auto',
  };
  return JSON.stringify({ name: 'bench job', data });
}

function statusesOf(result: autocannon.Result & { statusCodeStats?: Record<string, { count: number }> }): string {
  return Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${count} x ${status}`)
    .join(', ');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'indicata-bench-refusals-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--role', 'http'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false', WHO_SNAPSHOT: 'false', QUOTA_ACTIVE_JOBS: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForServer(base, child);
    const headers = await signIn(base, 'token');
    const created = await fetch(`${base}/api/tokens`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench' }) });
    if (created.status !== 201) throw new Error(`token: ${created.status} ${await created.text()}`);
    const { secret } = (await created.json()) as { secret: string };
    const predictUrl = `${base}/api/jobs/${SOME_JOB_ID}/predict`;
    const bearer = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
    let spent = 0;
    for (let i = 0; i < 1_000 && spent === 0; i++) {
      const response = await fetch(predictUrl, { method: 'POST', headers: bearer, body: '{}' });
      await response.arrayBuffer();
      if (response.status === 429) spent = i;
    }
    if (spent === 0) throw new Error('the prediction limit never answered 429');

    let jobs: { headers: Record<string, string>; body: string } | undefined;
    if (!options['no-jobs']) {
      const jobHeaders = await signIn(base, 'jobs');
      const body = await jobBody(base, jobHeaders);
      const first = await fetch(`${base}/api/jobs`, { method: 'POST', headers: { ...jobHeaders, 'content-type': 'application/json' }, body });
      if (first.status !== 201) throw new Error(`first job: ${first.status} ${await first.text()}`);
      const second = await fetch(`${base}/api/jobs`, { method: 'POST', headers: { ...jobHeaders, 'content-type': 'application/json' }, body });
      if (second.status !== 429) throw new Error(`second job: expected 429, got ${second.status} ${await second.text()}`);
      jobs = { headers: { ...jobHeaders, 'content-type': 'application/json' }, body };
    }

    const sampler = startSampler(base);
    sampler.setPhase('idle');
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    sampler.setPhase('predict-429');
    const predictRun = await autocannon({ url: predictUrl, method: 'POST', headers: bearer, body: '{}', connections, duration: seconds });
    let jobsRun: autocannon.Result | undefined;
    if (jobs) {
      sampler.setPhase('between');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      sampler.setPhase('jobs-429');
      jobsRun = await autocannon({ url: `${base}/api/jobs`, method: 'POST', headers: jobs.headers, body: jobs.body, connections, duration: seconds });
    }
    const { samples, errors } = await sampler.stop();

    const health: Record<string, { n: number; p50: number; p99: number; max: number }> = {};
    for (const [phase, latencies] of samples) {
      if (phase === 'between') continue;
      const sorted = [...latencies].sort((a, b) => a - b);
      health[phase] = { n: sorted.length, p50: Number(percentile(sorted, 50).toFixed(1)), p99: Number(percentile(sorted, 99).toFixed(1)), max: Number(sorted[sorted.length - 1].toFixed(1)) };
    }
    const runs: Record<string, autocannon.Result> = { 'predict-429': predictRun, ...(jobsRun ? { 'jobs-429': jobsRun } : {}) };
    console.log(`refused requests (${connections} connections, ${seconds} s each; the token's limit answered 429 after ${spent} requests):`);
    for (const [phase, run] of Object.entries(runs)) {
      console.log(`  ${phase.padEnd(12)} ${Math.round(run.requests.average).toString().padStart(6)} req/s  p99 ${run.latency.p99} ms  (${statusesOf(run)}; ${run.errors} errors)`);
    }
    console.log('GET /api/health latency (ms), sampled every 10 ms on its own thread:');
    for (const [phase, stats] of Object.entries(health)) {
      const ratio = phase === 'idle' || !health.idle ? '' : `  p99 x${(stats.p99 / health.idle.p99).toFixed(1)} of idle`;
      console.log(`  ${phase.padEnd(12)} n=${String(stats.n).padStart(5)}  p50 ${stats.p50.toFixed(1).padStart(7)}  p99 ${stats.p99.toFixed(1).padStart(7)}  max ${stats.max.toFixed(1).padStart(7)}${ratio}`);
    }
    if (errors.size > 0) console.log(`health requests that failed (socket closed, retried): ${JSON.stringify(Object.fromEntries(errors))}`);
    console.log(`load average: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (options.json) {
      const report = { date: new Date().toISOString(), seconds, connections, health, refused: Object.fromEntries(Object.entries(runs).map(([k, r]) => [k, { rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }])), loadAverage: os.loadavg() };
      writeFileSync(options.json, JSON.stringify(report, null, 2));
    }
  } finally {
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
  process.exitCode = 1;
});
