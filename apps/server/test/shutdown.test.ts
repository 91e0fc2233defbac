import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './helpers/free-port.ts';
import { JOBS_AT_TEST_PRIORITY } from './helpers/job-priority.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@indicata/contracts';
import { LOCK_FILE_NAME } from '../src/db/lock.ts';
import { panelCsv, uploadJobData } from './jobs/fixtures.ts';
import './helpers/provided.ts';
import { makeTestTempDir } from './helpers/temp-dir.ts';
import { serverMainArguments } from '../src/main-command.mjs';
import { SHORT_JOB_BUDGET_SECONDS } from './helpers/short-job-budget.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number>;
}

/** Starts `command` in its own process group with piped output, as a supervisor or a shell pipe would. */
function start(command: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', WHO_SNAPSHOT: 'false', DEMO_SEED: 'false', ...JOBS_AT_TEST_PRIORITY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on('exit', () => resolve(Date.now())));
  started.push(child);
  return { child, output: () => output, exited };
}
const started: ChildProcess[] = [];

/** Every process of a group (the server included), from /proc. */
function groupMembers(group: number): number[] {
  const members: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === group && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return members;
}

async function waitFor<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 180_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A DATA_DIR holding a migrated database (a copy of the suite's template). */
function newDataDir(): string {
  const dir = makeTestTempDir('indicata-shutdown-');
  fs.cpSync(inject('pgliteTemplateDir'), path.join(dir, 'db'), { recursive: true });
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];

/** Sends `signal`, stops reading the output (the reader is gone), and resolves once every process of the group ended. */
async function signalAndWait(group: number, target: number, signal: NodeJS.Signals, app: Started): Promise<number> {
  const sent = Date.now();
  process.kill(target, signal);
  app.child.stdout?.destroy();
  app.child.stderr?.destroy();
  await waitFor(() => groupMembers(group).length === 0, 'every process of the group to end', 30_000);
  return Date.now() - sent;
}

/** A small HTTP client with the session cookie and the CSRF header. */
function client(base: string) {
  let cookie = '';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies of several routes, read field by field
  return async function call(method: string, url: string, body?: unknown): Promise<{ status: number; json: () => Promise<any> }> {
    const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${url}`, { method, headers, body: payload });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0];
    return response;
  };
}

afterAll(() => {
  for (const child of started) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// Real processes through npm and scripts/start.mjs: slow to start on a busy machine, hence the long timeouts.
describe('graceful shutdown of the real process', { timeout: 400_000 }, () => {
  it('SIGTERM mid-job: exits within 10 s without a reader, hands the job back, and a restart on the same DATA_DIR finishes it', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A budget long enough that the job is surely still running when the signal comes.
    const env = { DATA_DIR: dataDir, PORT: String(port), JOB_BUDGET_SECONDS: '60', SESSION_SECRET: 'shutdown-test-secret-of-32-characters-at-least' };
    const first = start(process.execPath, serverMainArguments(), env);
    await waitFor(() => first.output().includes('is running') || first.child.exitCode !== null, 'the first server');
    expect(first.output()).toContain('Indicata (all) is running');

    const call = client(base);
    const email = 'shutdown@example.org';
    const password = 'a long enough password 1';
    expect((await call('POST', '/api/auth/register', { firstName: 'Ada', lastName: 'Lovelace', institution: 'Test', email, password })).status).toBe(201);
    expect((await call('POST', '/api/auth/login', { email, password })).status).toBe(200);
    const form = new FormData();
    form.append('spatialColumn', 'region');
    form.append('temporalColumn', 'year');
    form.append('file', new Blob([panelCsv(40, 10)], { type: 'text/csv' }), 'panel.csv');
    const uploaded = await call('POST', '/api/uploads', form);
    expect(uploaded.status).toBe(201);
    const upload = await uploaded.json();
    const data = uploadJobData(upload, { predictionIndicatorYear: 2009, MLAlgorithms: ['RF', 'KNN', 'DT'], DTConfig: 'auto', KNNConfig: 'auto' });
    const submitted = await call('POST', '/api/jobs', { name: 'cut off by SIGTERM', data });
    expect(submitted.status).toBe(201);
    const jobId: string = (await submitted.json()).job.id;
    const jobStatus = async () => (await (await call('GET', `/api/jobs/${jobId}`)).json()).job.status as string;
    await waitFor(async () => (await jobStatus()) === 'running', 'the job to run');

    const took = await signalAndWait(first.child.pid!, first.child.pid!, 'SIGTERM', first);
    expect(took).toBeLessThan(10_000);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    // Another process on the same DATA_DIR opens cleanly and finishes the handed-back job.
    // The handed-back job only has to finish: a short budget, since its auto search spends all of it.
    const second = start(process.execPath, serverMainArguments(), { ...env, JOB_BUDGET_SECONDS: String(SHORT_JOB_BUDGET_SECONDS) });
    await waitFor(() => second.output().includes('is running') || second.child.exitCode !== null, 'the restarted server');
    expect(second.output()).toContain('Indicata (all) is running');
    expect((await call('POST', '/api/auth/login', { email, password })).status).toBe(200);
    await waitFor(async () => ['done', 'error'].includes(await jobStatus()), 'the job to finish after the restart');
    const job = (await (await call('GET', `/api/jobs/${jobId}`)).json()).job;
    expect({ status: job.status, error: job.errorMessage ?? null }).toEqual({ status: 'done', error: null });
    // The log line may reach the pipe a moment after the row says done.
    await waitFor(() => second.output().includes(`"jobId":"${jobId}","msg":"job finished"`), 'the job-finished log line', 15_000);
    const stopped = await signalAndWait(second.child.pid!, second.child.pid!, 'SIGINT', second);
    expect(stopped).toBeLessThan(10_000);
  });

  // The worker role needs no web build, so scripts/start.mjs starts straight away. Both run at once.
  it('stops npm start:worker within 10 s when SIGTERM reaches only npm, or the whole group, with nobody reading', async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const run = async (target: 'npm' | 'group') => {
      const app = start(npm, ['run', 'start:worker'], { DATA_DIR: newDataDir() });
      await waitFor(() => app.output().includes('is running') || app.child.exitCode !== null, `the worker (${target})`);
      expect(app.output()).toContain('Indicata (worker) is running');
      const group = app.child.pid!;
      expect(groupMembers(group).length).toBeGreaterThanOrEqual(3);
      return signalAndWait(group, target === 'npm' ? group : -group, 'SIGTERM', app);
    };
    const [npmOnly, wholeGroup] = await Promise.all([run('npm'), run('group')]);
    expect(npmOnly).toBeLessThan(10_000);
    expect(wholeGroup).toBeLessThan(10_000);
  });
});
