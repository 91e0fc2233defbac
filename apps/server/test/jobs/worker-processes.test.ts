import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../src/config.ts';
import { allDatabaseKinds, createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from './fixtures.ts';

// Separate worker processes on one PostgreSQL (the scale-out deployment): a job is never run twice,
// and a job whose worker is killed is retried by another worker, or ends in error after its last retry.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainFile = path.join(serverDir, 'src/main.ts');
const postgres = allDatabaseKinds().find((k) => k.kind === 'postgres')!;

interface Worker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

function jobSettings(overrides: Partial<Config['jobs']>): Config['jobs'] {
  return {
    budgetSeconds: 20,
    concurrency: 1,
    retryLimit: 2,
    expireSeconds: 600,
    maintenanceSeconds: 1,
    pollingSeconds: 1,
    seedDemo: false,
    heartbeatSeconds: 10,
    staleSeconds: 30,
    ...overrides,
  };
}

function startWorker(server: TestServer, jobs: Config['jobs']): Worker {
  const database = server.ctx.database;
  if (database.kind !== 'postgres') throw new Error('worker processes need PostgreSQL');
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile, '--role', 'worker'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: database.connectionString,
      DATA_DIR: server.ctx.config.dataDir,
      SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
      LOG_LEVEL: 'info',
      JOB_BUDGET_SECONDS: String(jobs.budgetSeconds),
      JOB_RETRY_LIMIT: String(jobs.retryLimit),
      JOB_EXPIRE_SECONDS: String(jobs.expireSeconds),
      QUEUE_MAINTENANCE_SECONDS: String(jobs.maintenanceSeconds),
      QUEUE_POLLING_SECONDS: String(jobs.pollingSeconds),
      JOB_HEARTBEAT_SECONDS: String(jobs.heartbeatSeconds),
      JOB_STALE_SECONDS: String(jobs.staleSeconds),
      DEMO_SEED: 'false',
      WHO_SNAPSHOT: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const worker: Worker = { child, output: () => output, exited: new Promise((resolve) => child.on('exit', resolve)) };
  running.push(worker);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return worker;
}

async function stopWorker(worker: Worker): Promise<void> {
  const index = running.indexOf(worker);
  if (index >= 0) running.splice(index, 1);
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
  await worker.exited;
}

async function jobRow(server: TestServer, id: string) {
  const { rows } = await server.ctx.database.query<{ status: string; attempts: number; error_message: string | null }>(
    'SELECT status, attempts, error_message FROM jobs WHERE id = $1',
    [id],
  );
  return rows[0];
}

const running: Worker[] = [];

/** Result e-mails about a job written to DATA_DIR/outbox (no SMTP_URL in these processes). */
function mailsAbout(dataDir: string, jobId: string): number {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return 0;
  // Quoted-printable bodies wrap long lines with a soft break ("=" at the end of a line).
  const text = (file: string) => fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
  return fs.readdirSync(outbox).filter((file) => text(file).includes(jobId)).length;
}

async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    const died = running.find((w) => w.child.exitCode !== null);
    if (died) throw new Error(`a worker exited (${died.child.exitCode}) while waiting for ${what}:\n${died.output().slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const startedLines = (output: string, jobId: string) =>
  output.split('\n').filter((line) => line.includes('"msg":"job started"') && line.includes(`"jobId":"${jobId}"`)).length;

describe.skipIf(postgres.skip)('worker processes on one PostgreSQL', { timeout: 240_000 }, () => {
  let server: TestServer | undefined;
  const workers: Worker[] = [];
  let owner: SignedIn;

  async function setUp(jobs: Config['jobs']): Promise<TestServer> {
    // The test's own process only submits (its queue is initialised with the workers' settings, no workers).
    server = await createTestServer('postgres', { initialize: true, config: { jobs } });
    owner = await registerAndLogin(server.app);
    return server;
  }

  async function submit(s: TestServer, name: string, overrides = {}): Promise<string> {
    const upload = await uploadPanel(s.ctx, owner.user.id);
    const response = await s.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name, data: uploadJobData(upload, overrides) } });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().job.id;
  }

  /** Submits a job, starts a worker, and SIGKILLs that worker once the job is running. */
  async function submitAndKillItsWorker(s: TestServer, jobs: Config['jobs'], name: string): Promise<string> {
    // Three families on auto: the run lasts most of its 20 s budget (two engines share the cores), long enough to kill it mid-way.
    const id = await submit(s, name, { MLAlgorithms: ['DT', 'KNN', 'RF'], DTConfig: 'auto', KNNConfig: 'auto' });
    const doomed = startWorker(s, jobs);
    workers.push(doomed);
    await waitUntil(async () => (await jobRow(s, id)).status === 'running', 'the job to start', 120_000);
    running.splice(running.indexOf(doomed), 1);
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    return id;
  }

  afterEach(async () => {
    for (const worker of workers.splice(0)) await stopWorker(worker);
    await server?.close();
    server = undefined;
  });

  it('two workers share the queue and never run a job twice', async () => {
    const jobs = jobSettings({});
    const s = await setUp(jobs);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await submit(s, `job ${i}`));
    workers.push(startWorker(s, jobs), startWorker(s, jobs));
    await waitUntil(async () => (await Promise.all(ids.map((id) => jobRow(s, id)))).every((r) => r.status === 'done' || r.status === 'error'), 'all jobs to finish', 200_000);
    for (const id of ids) {
      const row = await jobRow(s, id);
      expect({ status: row.status, error: row.error_message }).toEqual({ status: 'done', error: null });
      expect(row.attempts).toBe(1);
      const runs = workers.reduce((sum, w) => sum + startedLines(w.output(), id), 0);
      expect(runs).toBe(1);
    }
  });

  it('takes a killed worker\'s job back within about 30 s (heartbeats, not the 10-minute expiry); another worker finishes it, one e-mail', async () => {
    // The queue's expiry (600 s) cannot be what rescues it: only the missing heartbeats can.
    const jobs = jobSettings({ expireSeconds: 600, retryLimit: 1 });
    const s = await setUp(jobs);
    // The rescuer starts once the doomed worker holds the job (started earlier, it could take the job itself).
    const id = await submitAndKillItsWorker(s, jobs, 'killed mid-run');
    const killedAt = Date.now();
    const rescuer = startWorker(s, jobs);
    workers.push(rescuer);
    await waitUntil(async () => startedLines(rescuer.output(), id) === 1, 'the job to be taken back', 120_000);
    const takenBackSeconds = (Date.now() - killedAt) / 1000;
    await waitUntil(async () => ['done', 'error'].includes((await jobRow(s, id)).status), 'the retried job to finish', 200_000);
    const doneSeconds = (Date.now() - killedAt) / 1000;
    console.log(`[recovery on PostgreSQL] taken back ${takenBackSeconds.toFixed(1)} s after kill -9, done ${doneSeconds.toFixed(1)} s after it`);
    // Stale after 30 s without a heartbeat, looked for every 10 s; slack for a busy machine.
    expect(takenBackSeconds).toBeLessThan(60);
    expect(doneSeconds).toBeLessThan(takenBackSeconds + jobs.budgetSeconds + 60);
    const row = await jobRow(s, id);
    expect({ status: row.status, error: row.error_message }).toEqual({ status: 'done', error: null });
    expect(row.attempts).toBe(2);
    expect(rescuer.output()).toContain('job taken back from a dead worker');
    // The e-mail goes out just after the row says done.
    await waitUntil(async () => mailsAbout(s.ctx.config.dataDir, id) > 0, 'the job e-mail', 30_000);
    expect(mailsAbout(s.ctx.config.dataDir, id)).toBe(1);
  });

  it('ends the job in error with a readable reason once its retries are used up', async () => {
    const jobs = jobSettings({ expireSeconds: 8, retryLimit: 0 });
    const s = await setUp(jobs);
    const id = await submitAndKillItsWorker(s, jobs, 'killed, no retries');
    workers.push(startWorker(s, jobs));
    await waitUntil(async () => ['done', 'error'].includes((await jobRow(s, id)).status), 'the job to be given up', 120_000);
    const row = await jobRow(s, id);
    expect(row.status).toBe('error');
    expect(row.attempts).toBe(1);
    expect(row.error_message).toMatch(/interrupted 1 time/);
  });
});
