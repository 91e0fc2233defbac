import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../helpers/free-port.ts';
import { JOBS_AT_TEST_PRIORITY } from '../helpers/job-priority.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@indicata/contracts';
import { outboxMailsAbout, panelCsv, uploadJobData } from './fixtures.ts';
import '../helpers/provided.ts';
import { makeTestTempDir } from '../helpers/temp-dir.ts';
import { serverMainArguments } from '../../src/main-command.mjs';
import { SHORT_JOB_BUDGET_SECONDS } from '../helpers/short-job-budget.ts';

/**
 * Orphaned jobs in the single-process default (PGlite, role all): kill -9 the server while a job runs,
 * start it again on the same DATA_DIR, and the job is back in line at once (not after the queue's expiry)
 * and done within its budget + 60 s of the restart, with exactly one e-mail.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Ceilings, not durations: the job is killed as soon as it runs, and after the restart it only has to finish. Its
// auto search spends the whole budget, so a short one after the restart saves CPU that the other test files use.
const FIRST_BUDGET_SECONDS = 10;
const RESTART_BUDGET_SECONDS = SHORT_JOB_BUDGET_SECONDS;

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

function startServer(dataDir: string, port: number, budgetSeconds: number): Server {
  const child = spawn(process.execPath, [...serverMainArguments(), '--role', 'all'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      JOB_BUDGET_SECONDS: String(budgetSeconds),
      ...JOBS_AT_TEST_PRIORITY,
      // The queue's own expiry is far away: only the start-up recovery can bring the job back in time.
      JOB_EXPIRE_SECONDS: '600',
      QUEUE_POLLING_SECONDS: '1',
      DEMO_SEED: 'false',
      // The job is an upload's: importing the WHO snapshot on this fresh DATA_DIR would only load the cores.
      WHO_SNAPSHOT: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output, exited: new Promise((resolve) => child.on('exit', resolve)) };
}

async function waitUntil(condition: () => Promise<boolean> | boolean, what: string, timeoutMs: number, server?: Server): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (server && server.child.exitCode !== null) throw new Error(`the server exited while waiting for ${what}:\n${server.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server?.output().slice(-3000) ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a job cut off by kill -9 of the single-process server (PGlite)', { timeout: 1_500_000 }, () => {
  const dataDir = makeTestTempDir('indicata-restart-');
  // A migrated database to start from: a new one costs the first start ~4 CPU-seconds, and first starts are not under test here.
  fs.cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'db'), { recursive: true });
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is back in the queue at restart and done within budget + 60 s of it, with one e-mail', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startServer(dataDir, port, FIRST_BUDGET_SECONDS);
    servers.push(first);
    await waitUntil(() => first.output().includes('is running'), 'the server to start', 600_000, first);

    const json = { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' };
    const account = { firstName: 'Kill', lastName: 'Test', institution: 'Lab', email: `kill-${Date.now()}@example.org`, password: 'a long and unusual password 42' };
    expect((await fetch(`${base}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(account) })).status).toBe(201);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(account) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const form = new FormData();
    form.append('file', new Blob([panelCsv()]), 'panel.csv');
    form.append('spatialColumn', 'region');
    form.append('temporalColumn', 'year');
    const upload = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE }, body: form });
    expect(upload.status).toBe(201);
    const data = uploadJobData(await upload.json(), { MLAlgorithms: ['DT', 'KNN', 'RF'], DTConfig: 'auto', KNNConfig: 'auto' });
    const created = await fetch(`${base}/api/jobs`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'cut off', data }) });
    expect(created.status).toBe(201);
    const id: string = (await created.json()).job.id;
    const job = async () => (await (await fetch(`${base}/api/jobs/${id}`, { headers: { cookie } })).json()).job;

    await waitUntil(async () => (await job()).status === 'running', 'the job to run', 180_000, first);
    first.child.kill('SIGKILL');
    await first.exited;

    const restartedAt = Date.now();
    const second = startServer(dataDir, port, RESTART_BUDGET_SECONDS);
    servers.push(second);
    await waitUntil(() => second.output().includes('is running'), 'the restart', 600_000, second);
    const listeningAt = Date.now();
    expect(second.output()).toContain('jobs of a stopped process put back in the queue');
    await waitUntil(async () => ['done', 'error'].includes((await job()).status), 'the job to finish', 300_000, second);
    const doneAt = Date.now();
    console.log(
      `[recovery on PGlite] restart took ${((listeningAt - restartedAt) / 1000).toFixed(1)} s; job done ${((doneAt - listeningAt) / 1000).toFixed(1)} s after the server was up (${((doneAt - restartedAt) / 1000).toFixed(1)} s after the restart began)`,
    );
    const finished = await job();
    expect({ status: finished.status, errorMessage: finished.errorMessage }).toEqual({ status: 'done', errorMessage: null });
    expect((doneAt - listeningAt) / 1000).toBeLessThan(RESTART_BUDGET_SECONDS + 60);
    // The e-mail goes out just after the row says done: wait for it, then check there is exactly one.
    await waitUntil(() => outboxMailsAbout(dataDir, id) > 0, 'the job e-mail', 30_000, second);
    expect(outboxMailsAbout(dataDir, id)).toBe(1);
  });
});
