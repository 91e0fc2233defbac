import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestServer, registerAndLogin, type TestServer } from '../helpers/index.ts';

const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>';

describe('the built web app', () => {
  let distDir: string;
  let server: TestServer;
  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log("app");');
    fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await createTestServer('pglite', { config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('serves index.html at / and for every client route', async () => {
    for (const url of ['/', '/selectmlstep', '/home', '/results?page=2', '/deep/client/route']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(INDEX_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it('serves hashed assets with a long cache and other files as they are', async () => {
    const script = await server.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("app");');
    const icon = await server.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/missing-999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('answers unknown API routes with the API error shape, never the app', async () => {
    const { headers } = await registerAndLogin(server.app);
    const get = await server.app.inject({ method: 'GET', url: '/api/no-such-route', headers });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    const post = await server.app.inject({ method: 'POST', url: '/api/no-such-route', headers, payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });
});

describe('without a web build', () => {
  it('answers pages with a short page saying to run npm run build, and the API as usual', async () => {
    const server = await createTestServer('pglite');
    try {
      for (const url of ['/', '/selectmlstep']) {
        const page = await server.app.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain('npm run build');
      }
      expect((await server.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      await server.close();
    }
  });
});
