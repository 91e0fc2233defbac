import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../../src/config.ts';
import { allDatabaseKinds, createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../../helpers/index.ts';
import { outboxMailsAbout, uploadJobData, uploadPanel } from '../fixtures.ts';
import { serverMainArguments } from '../../../src/main-command.mjs';
import { JOBS_AT_TEST_PRIORITY } from '../../helpers/job-priority.ts';
import { SHORT_JOB_BUDGET_SECONDS } from '../../helpers/short-job-budget.ts';

/**
 * Separate worker processes on one PostgreSQL (the scale-out deployment). Each scenario is its own test file so
 * Vitest runs them side by side: most of their time is spent waiting for child processes, not computing.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const postgres = allDatabaseKinds().find((k) => k.kind === 'postgres')!;

export interface Worker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

/** The queue settings of a scenario: the product's defaults except where a scenario needs them shorter. */
export function jobSettings(overrides: Partial<Config['jobs']>): Config['jobs'] {
  return {
    // A ceiling, not a duration: a scenario's job only has to run long enough to be killed once it starts (it is
    // killed as soon as its row says running), and its retry only has to finish; the auto search spends all of its
    // budget, on both cores (a short budget instead of 10 here and in the restart tests: 42 -> 26 CPU-s over those
    // five files with 4 s).
    budgetSeconds: SHORT_JOB_BUDGET_SECONDS,
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

/** One scenario's server (the test's own process only submits: its queue has the workers' settings, no workers) and workers. */
export class WorkerScenario {
  server: TestServer | undefined;
  owner!: SignedIn;
  /** Workers still alive: a wait fails at once when one of them exits. */
  private readonly alive: Worker[] = [];
  private readonly started: Worker[] = [];

  async setUp(jobs: Config['jobs']): Promise<TestServer> {
    this.server = await createTestServer('postgres', { initialize: true, config: { jobs } });
    this.owner = await registerAndLogin(this.server.app);
    return this.server;
  }

  async submit(name: string, overrides = {}): Promise<string> {
    const s = this.server!;
    const upload = await uploadPanel(s.ctx, this.owner.user.id);
    const response = await s.app.inject({ method: 'POST', url: '/api/jobs', headers: this.owner.headers, payload: { name, data: uploadJobData(upload, overrides) } });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json().job.id;
  }

  startWorker(jobs: Config['jobs']): Worker {
    const database = this.server!.ctx.database;
    if (database.kind !== 'postgres') throw new Error('worker processes need PostgreSQL');
    const child = spawn(process.execPath, [...serverMainArguments(), '--role', 'worker'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: database.connectionString,
        DATA_DIR: this.server!.ctx.config.dataDir,
        SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
        LOG_LEVEL: 'info',
        JOB_BUDGET_SECONDS: String(jobs.budgetSeconds),
        JOB_RETRY_LIMIT: String(jobs.retryLimit),
        JOB_EXPIRE_SECONDS: String(jobs.expireSeconds),
        QUEUE_MAINTENANCE_SECONDS: String(jobs.maintenanceSeconds),
        QUEUE_POLLING_SECONDS: String(jobs.pollingSeconds),
        JOB_HEARTBEAT_SECONDS: String(jobs.heartbeatSeconds),
        JOB_STALE_SECONDS: String(jobs.staleSeconds),
        ...JOBS_AT_TEST_PRIORITY,
        DEMO_SEED: 'false',
        WHO_SNAPSHOT: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const worker: Worker = { child, output: () => output, exited: new Promise((resolve) => child.on('exit', resolve)) };
    this.alive.push(worker);
    this.started.push(worker);
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    return worker;
  }

  /** Submits a job, starts a worker, and SIGKILLs that worker once the job is running. */
  async submitAndKillItsWorker(jobs: Config['jobs'], name: string): Promise<string> {
    // Three families on auto: the run lasts a good part of its budget, long enough to kill it mid-way.
    const id = await this.submit(name, { MLAlgorithms: ['DT', 'KNN', 'RF'], DTConfig: 'auto', KNNConfig: 'auto' });
    const doomed = this.startWorker(jobs);
    await this.waitUntil(async () => (await this.jobRow(id)).status === 'running', 'the job to start', 120_000);
    this.alive.splice(this.alive.indexOf(doomed), 1);
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    return id;
  }

  async jobRow(id: string) {
    const { rows } = await this.server!.ctx.database.query<{ status: string; attempts: number; error_message: string | null }>(
      'SELECT status, attempts, error_message FROM jobs WHERE id = $1',
      [id],
    );
    return rows[0]!;
  }

  async waitUntil(condition: () => Promise<boolean> | boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      const died = this.alive.find((w) => w.child.exitCode !== null);
      if (died) throw new Error(`a worker exited (${died.child.exitCode}) while waiting for ${what}:\n${died.output().slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Result e-mails about a job in the scenario's outbox (no SMTP_URL in these processes). */
  mailsAbout(jobId: string): number {
    return outboxMailsAbout(this.server!.ctx.config.dataDir, jobId);
  }

  /** Stops every worker still running and closes the server. */
  async tearDown(): Promise<void> {
    for (const worker of this.started.splice(0)) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM');
      await worker.exited;
    }
    this.alive.splice(0);
    await this.server?.close();
    this.server = undefined;
  }
}

/** How many times a worker's log says it started the job. */
export const startedLines = (output: string, jobId: string) =>
  output.split('\n').filter((line) => line.includes('"msg":"job started"') && line.includes(`"jobId":"${jobId}"`)).length;
