// Does the web server stay fast while a job runs? Starts the real server (role all, PGlite, a WHO import) on a
// free loopback port, times each page's API calls while idle and while an AutoML job searches, and prints the
// ratios. Usage: node --import tsx bench/responsiveness.ts [--variants before,after] [--rounds 9] [--budget 90]
//   before: the job's threads at the web server's priority, one per core (JOB_ENGINE_THREADS=cores, JOB_THREAD_NICENESS=0)
//   after:  the defaults (one core left to the web server in role all, the job's threads 10 nice levels lower)
// Results: the console and bench/out/responsiveness.json. Target: every page within 1.5x its idle time.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './health-sampler.ts';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { CSRF_HEADER, CSRF_HEADER_VALUE, MODEL_FAMILIES, WHO_DATABASE, whoAutoJobData, type JobData, type WhoIndicator } from '@indicata/contracts';

const root = fileURLToPath(new URL('..', import.meta.url));
const WHO_DIR = path.join(root, '../shared/data/who-gho-2018');
/** The e2e server's subset (playwright.config.ts): 8 dense indicators, ~63k values. */
const WHO_INDICATORS = 'GHED_CHEGDP_SHA2011,MDG_0000000001,MDG_0000000007,NCD_BMI_30A,SDGPM25,WHOSIS_000001,WHOSIS_000004,WHS4_100';

const { values: args } = parseArgs({
  options: {
    variants: { type: 'string', default: 'before,after' },
    rounds: { type: 'string', default: '9' },
    budget: { type: 'string', default: '90' },
  },
});
const ROUNDS = Number(args.rounds);
const BUDGET = Number(args.budget);

const VARIANTS: Record<string, Record<string, string>> = {
  before: { JOB_ENGINE_THREADS: String(os.availableParallelism()), JOB_THREAD_NICENESS: '0' },
  after: {},
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Client {
  cookie = '';
  constructor(readonly base: string) {}
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few fields of untyped answers
  async call(method: string, url: string, body?: unknown): Promise<{ status: number; json: () => Promise<any> }> {
    const send = () =>
      fetch(this.base + url, {
        method,
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie: this.cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    // A connection reset right after start-up (the server just began listening) is retried once.
    const response = await send().catch(async () => {
      await sleep(1000);
      return send();
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    return { status: response.status, json: () => response.json() };
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  async ok(method: string, url: string, body?: unknown): Promise<any> {
    const response = await this.call(method, url, body);
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(await response.json())}`);
    return response.status === 204 ? null : response.json();
  }
}

function jobData(target: WhoIndicator, families: JobData['MLAlgorithms'], budgetSeconds: number): JobData {
  return whoAutoJobData(target, { families, seed: 7, budgetSeconds });
}

/** Each page's API calls, fired together as the page does; a page's time is when the last one answered. */
function pages(doneJobId: string, target: WhoIndicator): Record<string, [string, string, unknown?][]> {
  return {
    'home (configure)': [['GET', '/api/auth/me'], ['GET', '/api/config/public'], ['GET', '/api/who/status'], ['GET', '/api/questions']],
    'WHO catalog': [['GET', '/api/who/status'], ['GET', '/api/who/indicators'], ['GET', '/api/who/indicator-labels']],
    'target selection (class preview)': [
      ['POST', '/api/preview/target-classes', { database: WHO_DATABASE, uploadId: null, targetCode: target.code, discretization: { mode: 'automatic', groups: 3, method: 'quantile' } }],
    ],
    'uploads': [['GET', '/api/uploads']],
    'results list': [['GET', '/api/jobs']],
    'result detail': [['GET', `/api/jobs/${doneJobId}`], ['GET', `/api/jobs/${doneJobId}/models`]],
  };
}

/**
 * The class preview is rate-limited per user (PREVIEWS_PER_MINUTE): each measurement phase sends its previews as a
 * user of its own, so the limit never answers 429 in the middle of a phase. Every other call is the main user's.
 */
interface Clients {
  main: Client;
  previewer: Client;
}

async function timePage(clients: Clients, calls: [string, string, unknown?][]): Promise<number> {
  const started = performance.now();
  await Promise.all(calls.map(([method, url, body]) => (url.startsWith('/api/preview/') ? clients.previewer : clients.main).ok(method, url, body)));
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const PAUSE_BETWEEN_PAGES_MS = 100;

/** ROUNDS rounds over every page (pages interleaved, so a disturbance spreads over all of them). */
async function measure(clients: Clients, pageCalls: Record<string, [string, string, unknown?][]>, stillValid: () => Promise<boolean>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(pageCalls).map((p) => [p, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [page, calls] of Object.entries(pageCalls)) {
      times[page].push(await timePage(clients, calls));
      // A person takes longer than this between two pages; without a pause, a page is timed in the wake of the
      // previous one (the class preview's garbage collection fell on the uploads page: 2x its 5 ms, idle or not).
      await sleep(PAUSE_BETWEEN_PAGES_MS);
    }
    if (!(await stillValid())) throw new Error('the job stopped running before the measurement ended: raise --budget');
    await sleep(150);
  }
  return Object.fromEntries(Object.entries(times).map(([page, list]) => [page, median(list)]));
}

async function startServer(env: Record<string, string>, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), '--role', 'all'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      WHO_IMPORT_DIR: WHO_DIR,
      WHO_IMPORT_INDICATORS: WHO_INDICATORS,
      DEMO_SEED: 'false',
      QUEUE_POLLING_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

async function runVariant(name: string): Promise<{ idle: Record<string, number>; busy: Record<string, number> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-bench-'));
  const port = await freePort();
  const server = await startServer(VARIANTS[name], dataDir, port);
  const client = new Client(`http://127.0.0.1:${port}`);
  try {
    await waitUntil('the server (it imports WHO data first)', async () => ((await client.ok('GET', '/api/health')) ? true : undefined), 900_000);
    let accounts = 0;
    const signUp = async (user: Client) => {
      const account = { email: `bench-${Date.now()}-${accounts++}@example.org`, password: 'correct horse battery staple' };
      await user.ok('POST', '/api/auth/register', { firstName: 'Bench', lastName: 'Mark', institution: 'Indicata', ...account });
      await user.ok('POST', '/api/auth/login', account);
      const me = await user.call('GET', '/api/auth/me');
      if (me.status !== 200) throw new Error('not signed in after registering');
      return user;
    };
    await signUp(client);
    const phaseClients = async (): Promise<Clients> => ({ main: client, previewer: await signUp(new Client(client.base)) });
    const target = await waitUntil(
      'the WHO catalog',
      async () => ((await client.ok('GET', '/api/who/indicators')).indicators as WhoIndicator[]).find((i) => i.code === 'WHOSIS_000001'),
      240_000,
    );
    // A finished job for the result page: two quick families.
    const first = (await client.ok('POST', '/api/jobs', { name: 'bench: finished job', data: jobData(target, ['DT', 'KNN'], 30) })).job.id as string;
    await waitUntil('the first job', async () => {
      const job = (await client.ok('GET', `/api/jobs/${first}`)).job;
      if (job.status === 'error') throw new Error(job.errorMessage);
      return job.status === 'done' ? job : undefined;
    }, 600_000);
    const pageCalls = pages(first, target);
    await measure(await phaseClients(), pageCalls, async () => true); // warm-up: caches, JIT
    const idleBefore = await measure(await phaseClients(), pageCalls, async () => true);

    const running = (await client.ok('POST', '/api/jobs', { name: 'bench: running job', data: jobData(target, [...MODEL_FAMILIES], BUDGET) })).job.id as string;
    await waitUntil('the job to search', async () => {
      const job = (await client.ok('GET', `/api/jobs/${running}`)).job;
      return job.status === 'running' && (job.progress?.fraction ?? 0) >= 0.05 ? true : undefined;
    }, 300_000);
    const busy = await measure(await phaseClients(), pageCalls, async () => (await client.ok('GET', `/api/jobs/${running}`)).job.status === 'running');
    await client.ok('POST', `/api/jobs/${running}/cancel`);
    await sleep(3000);
    // Idle again after the job: the machine's other load drifts over minutes, so idle is the mean of both sides.
    const idleAfter = await measure(await phaseClients(), pageCalls, async () => true);
    const idle = Object.fromEntries(Object.keys(idleBefore).map((page) => [page, (idleBefore[page] + idleAfter[page]) / 2]));
    return { idle, busy };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const report: Record<string, unknown> = {
  when: new Date().toISOString(),
  cores: os.availableParallelism(),
  loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
  rounds: ROUNDS,
  budgetSeconds: BUDGET,
  variants: {},
};
for (const name of args.variants.split(',')) {
  if (!VARIANTS[name]) throw new Error(`unknown variant ${name}: use before, after`);
  console.log(`\n== ${name} ${JSON.stringify(VARIANTS[name])}`);
  const { idle, busy } = await runVariant(name);
  const rows = Object.keys(idle).map((page) => ({ page, idleMs: Math.round(idle[page]), busyMs: Math.round(busy[page]), ratio: Number((busy[page] / idle[page]).toFixed(2)) }));
  console.table(rows);
  (report.variants as Record<string, unknown>)[name] = { env: VARIANTS[name], pages: rows, loadAverageAtEnd: os.loadavg().map((l) => Number(l.toFixed(2))) };
}
fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/out/responsiveness.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log('written to bench/out/responsiveness.json');
