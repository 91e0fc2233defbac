import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './helpers/free-port.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { LOCK_FILE_NAME } from '../src/db/lock.ts';
import './helpers/provided.ts';
import { makeTestTempDir } from './helpers/temp-dir.ts';
import { serverMainArguments } from '../src/main-command.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startMain(env: Record<string, string>, args: string[] = []): Started {
  const child = spawn(process.execPath, [...serverMainArguments(), ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', WHO_SNAPSHOT: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Real processes: slow to start on a busy machine (more so through tsx, when the sources changed since the last
// compile), hence the long timeouts.
describe('the server process', { timeout: 200_000 }, () => {
  let dataDir: string;
  const started: Started[] = [];
  beforeAll(() => {
    dataDir = makeTestTempDir('indicata-process-');
    // A migrated database to start from (initialising a new one takes seconds).
    fs.cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'db'), { recursive: true });
  });
  afterAll(async () => {
    for (const { child, exited } of started) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process on the same DATA_DIR, keeps the first running, and shuts down cleanly', async () => {
    // A free port can be taken by another process between the probe and the listen (suites run side by side): then
    // the server stops with EADDRINUSE, and the test starts it again on another port.
    let port = 0;
    let first: ReturnType<typeof startMain> | null = null;
    for (let attempt = 0; attempt < 3; attempt++) {
      port = await freePort();
      const candidate = startMain({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      started.push(candidate);
      await waitFor(() => candidate.output().includes('is running') || candidate.child.exitCode !== null, 'the first server');
      first = candidate;
      if (!candidate.output().includes('EADDRINUSE')) break;
      await candidate.exited;
    }
    if (!first) throw new Error('no server started');
    expect(first.output()).toContain('Indicata (all) is running');
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(first.child.pid));

    const second = startMain({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' }, ['--role', 'http']);
    started.push(second);
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `Another Indicata process (pid ${first.child.pid}) is using DATA_DIR=${path.resolve(dataDir)}; stop it or choose another DATA_DIR.`,
    );

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });

    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('exits 1 with one line per invalid setting', async () => {
    const bad = startMain({ DATA_DIR: dataDir, PORT: 'eighty', CONTACT_EMAIL: 'nobody' });
    started.push(bad);
    expect((await bad.exited).code).toBe(1);
    expect(bad.output()).toContain('Indicata cannot start: fix these settings (environment variables):');
    expect(bad.output()).toContain('  - PORT must be a whole number between 1 and 65535 (for example PORT=3000).');
    expect(bad.output()).toContain('  - CONTACT_EMAIL must be an e-mail address (for example CONTACT_EMAIL=team@example.org).');
  });

  it('refuses an unknown role', async () => {
    const bad = startMain({ DATA_DIR: dataDir }, ['--role', 'cook']);
    started.push(bad);
    expect((await bad.exited).code).toBe(2);
    expect(bad.output()).toContain('Unknown --role cook: use one of all, http, worker.');
  });
});
