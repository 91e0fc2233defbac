import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@indicata/contracts';
import { LOCK_FILE_NAME } from '../../src/db/lock.ts';
import { serverMainArguments } from '../../src/main-command.mjs';
import { freePort } from '../helpers/free-port.ts';
import '../helpers/provided.ts';
import { makeTestTempDir } from '../helpers/temp-dir.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const BOUNDARY = '----indicata-shutdown-boundary';

/**
 * SIGTERM while an upload is still arriving: the upload is aborted at once, the database closed (the DATA_DIR lock
 * released) and the process exits 0 well within 10 s. Before: the shutdown waited for the upload until its forced
 * exit 8 s after the signal, with code 1 and the database left open.
 */
describe('SIGTERM during a slow upload', { timeout: 180_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('aborts the upload, closes the database and exits 0 within a few seconds', async () => {
    const dataDir = makeTestTempDir('indicata-upload-shutdown-');
    dirs.push(dataDir);
    fs.cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'db'), { recursive: true });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, serverMainArguments(), {
      cwd: repoRoot,
      env: {
        ...process.env,
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WHO_SNAPSHOT: 'false',
        DEMO_SEED: 'false',
        SESSION_SECRET: 'upload-shutdown-secret-of-32-characters-at-least',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
    try {
      const deadline = Date.now() + 120_000;
      while (!output.includes('is running') && child.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output).toContain('is running');

      const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' };
      const account = { firstName: 'Ada', lastName: 'Lovelace', institution: 'Test', email: 'slow-upload@example.org', password: 'a long enough password 1' };
      expect((await fetch(`${base}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify(account) })).status).toBe(201);
      const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email: account.email, password: account.password }) });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0];

      // A 40 MB upload sent at about 1 MB/s: far from done when the signal comes.
      const request = http.request(`${base}/api/uploads`, {
        method: 'POST',
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': 40_000_000 },
      });
      const uploadEnded = new Promise<string>((resolve) => {
        request.on('response', (response) => resolve(`answered ${response.statusCode}`));
        request.on('error', (error) => resolve(`connection ${(error as NodeJS.ErrnoException).code ?? error.message}`));
      });
      request.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\nContent-Type: text/csv\r\n\r\ncountry;year;v\n`);
      const line = 'P0;2000;1.5\n'.repeat(2000);
      const writer = setInterval(() => request.write(line), 20);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const signalled = Date.now();
        child.kill('SIGTERM');
        const { code, at } = await exited;
        const tookMs = at - signalled;
        expect({ code, fast: tookMs < 5_000 }).toEqual({ code: 0, fast: true });
        expect(await uploadEnded).toMatch(/^connection|^answered 5\d\d$/);
        expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
        expect(output).toContain('upload aborted: the server is shutting down');
      } finally {
        clearInterval(writer);
        request.destroy();
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
