import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './free-port.ts';
import os from 'node:os';
import path from 'node:path';

/** Debian's PostgreSQL 15 binaries (installed by .ci/run). */
export const POSTGRES_BIN_DIR = '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  /** Admin URL to the `postgres` database (superuser, trust auth). */
  url: string;
  stop(): Promise<void>;
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresUnavailableReason(): string | undefined {
  for (const binary of ['initdb', 'pg_ctl', 'postgres']) {
    if (!fs.existsSync(path.join(POSTGRES_BIN_DIR, binary))) {
      return `${path.join(POSTGRES_BIN_DIR, binary)} not found (install Debian's postgresql package, as .ci/run does)`;
    }
  }
  return undefined;
}

/**
 * A detached shell that stops the server and removes its folder once this process is gone, so a test run that
 * is killed (timeout, Ctrl-C) leaves no PostgreSQL behind.
 */
function startWatchdog(dir: string, dataDir: string, isRoot: boolean): void {
  const pgCtl = path.join(POSTGRES_BIN_DIR, 'pg_ctl');
  const stop = isRoot ? `runuser -u postgres -- ${pgCtl}` : pgCtl;
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 2; done; [ -d '${dataDir}' ] && ${stop} -D '${dataDir}' -m immediate stop >/dev/null 2>&1; rm -rf '${dir}'`;
  const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.unref();
}

/**
 * Starts a throw-away PostgreSQL 15 on 127.0.0.1 in a temp dir (initdb --auth=trust; fsync off: test data only).
 * As root it runs as the `postgres` user, which PostgreSQL requires.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (binary: string, args: string[]) => {
    const command = path.join(POSTGRES_BIN_DIR, binary);
    const [file, fileArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, fileArgs, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  try {
    run('initdb', ['-D', dataDir, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const serverOptions = `-k ${dir} -h 127.0.0.1 -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    run('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', logFile, '-w', '-t', '60', 'start']);
    startWatchdog(dir, dataDir, isRoot);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        try {
          run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
    fs.rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`Could not start PostgreSQL for the tests: ${(error as Error).message}\n${stderr}\n${log}`);
  }
}
