import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';

const BOUNDARY = '----indicata-test-boundary';

/** The multipart head of an upload up to the file's first byte. */
function multipartHead(fileName = 'big.csv'): string {
  return [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="spatialColumn"',
    '',
    'country',
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="temporalColumn"',
    '',
    'year',
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
    'Content-Type: text/csv',
    '',
    'country;year;v\n',
  ].join('\r\n');
}

interface Answer {
  status: number;
  body: string;
  /** Milliseconds from the request's start to the answer's end. */
  afterMs: number;
  /** Bytes of the file the client had sent when the answer came. */
  sentBytes: number;
}

/**
 * Sends an upload slowly (64 KiB every 20 ms) announcing `declaredBytes` (or chunked when undefined), and resolves
 * with the answer as soon as it comes, whether or not the body is complete. Gives up after `totalBytes`.
 */
function slowUpload(base: string, who: SignedIn, declaredBytes: number | undefined, totalBytes: number): Promise<Answer> {
  const started = Date.now();
  const url = new URL('/api/uploads', base);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const headers: Record<string, string | number> = { ...who.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    if (declaredBytes !== undefined) headers['content-length'] = declaredBytes;
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        clearInterval(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, afterMs: Date.now() - started, sentBytes: sent });
      });
    });
    request.on('error', (error) => {
      clearInterval(timer);
      // The server may close the connection right after its answer; the answer has been resolved then.
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET' && (error as NodeJS.ErrnoException).code !== 'EPIPE') reject(error);
    });
    request.write(multipartHead());
    const line = 'P0;2000;1.5\n'.repeat(5462);
    const timer: NodeJS.Timeout = setInterval(() => {
      if (sent >= totalBytes || request.destroyed) {
        clearInterval(timer);
        return;
      }
      request.write(line);
      sent += line.length;
    }, 20);
  });
}

/**
 * The upload quota and UPLOAD_MAX_BYTES are judged from the request's Content-Length before the file is read, and
 * while it streams when there is none (a chunked body). Before: a 45 MB upload past the quota was read to its end
 * (4.6 s at 10 MB/s) before the 413.
 */
describe('uploads refused before the file is read', () => {
  let server: TestServer;
  let user: SignedIn;
  let base: string;

  beforeAll(async () => {
    server = await createTestServer('pglite', { config: { uploadMaxBytes: 50 * 1024 * 1024, quotas: { activeJobs: 5, uploadBytes: 20 * 1024 * 1024, eventStreams: 10 } } });
    user = await registerAndLogin(server.app);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => server?.close());

  it('answers 413 uploadQuotaExceeded from Content-Length, before the body has arrived', async () => {
    // 45 MB announced against a 20 MiB quota; the client sends at most 10 MB and then waits.
    const answer = await slowUpload(base, user, 45_000_000, 10_000_000);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('uploadQuotaExceeded');
    expect(answer.sentBytes).toBeLessThan(2_000_000);
  });

  it('answers 413 csvTooLarge from Content-Length over UPLOAD_MAX_BYTES, before the body has arrived', async () => {
    const answer = await slowUpload(base, user, 60_000_000, 10_000_000);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('csvTooLarge');
    expect(answer.sentBytes).toBeLessThan(2_000_000);
  });

  it('answers 413 uploadQuotaExceeded while a chunked body streams, once it passes the quota', async () => {
    const answer = await slowUpload(base, user, undefined, 40_000_000);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('uploadQuotaExceeded');
    // Refused at the quota (20 MiB), not at the end of the body (40 MB).
    expect(answer.sentBytes).toBeLessThan(25_000_000);
  });

  it('still accepts a small upload afterwards (nothing stays reserved)', async () => {
    const form = new FormData();
    form.append('spatialColumn', 'country');
    form.append('temporalColumn', 'year');
    form.append('file', new Blob(['country;year;v\nA;2000;1\nB;2000;2\n']), 'small.csv');
    const response = await fetch(`${base}/api/uploads`, { method: 'POST', headers: user.headers, body: form });
    expect(response.status).toBe(201);
  });
});
