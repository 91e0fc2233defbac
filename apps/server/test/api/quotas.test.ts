import type { AddressInfo } from 'node:net';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { panelCsv } from '../jobs/fixtures.ts';

/** Per-user upload bytes and per-session event streams are limited (QUOTA_* settings). */
describe('quotas', () => {
  let server: TestServer;
  let user: SignedIn;
  const csv = panelCsv(10, 4);
  const csvBytes = Buffer.byteLength(csv);

  beforeAll(async () => {
    server = await createTestServer('pglite', { config: { quotas: { activeJobs: 5, uploadBytes: Math.floor(csvBytes * 2.5), eventStreams: 2 } } });
    user = await registerAndLogin(server.app);
  });
  afterAll(async () => server?.close());

  async function upload(who: SignedIn) {
    const form = new FormData();
    form.append('file', new Blob([csv]), 'panel.csv');
    form.append('spatialColumn', 'region');
    form.append('temporalColumn', 'year');
    const encoded = new Response(form);
    return server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...who.headers, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
  }

  it('refuses an upload past QUOTA_UPLOAD_BYTES with 413 and a clear message; deleting one frees room', async () => {
    const first = await upload(user);
    expect(first.statusCode).toBe(201);
    expect((await upload(user)).statusCode).toBe(201);
    const third = await upload(user);
    expect(third.statusCode).toBe(413);
    expect(third.json().error.code).toBe('uploadQuotaExceeded');
    expect(third.json().error.message).toMatch(/^Your uploads would take .+; at most .+ are allowed per person\. Delete uploads you no longer need, then try again\.$/);
    const list = (await server.app.inject({ method: 'GET', url: '/api/uploads', headers: user.headers })).json().uploads;
    expect(list).toHaveLength(2);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/uploads/${first.json().id}`, headers: user.headers })).statusCode).toBe(204);
    expect((await upload(user)).statusCode).toBe(201);
    // Another user has a quota of their own.
    expect((await upload(await registerAndLogin(server.app))).statusCode).toBe(201);
  });

  it('lets a session hold QUOTA_EVENT_STREAMS live-update streams, then answers 429; a closed one frees its place', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const open = async () => {
      const controller = new AbortController();
      const response = await fetch(`${base}/api/events`, { headers: { cookie: user.cookie }, signal: controller.signal });
      return { response, close: () => controller.abort() };
    };
    const a = await open();
    const b = await open();
    expect([a.response.status, b.response.status]).toEqual([200, 200]);
    const c = await open();
    expect(c.response.status).toBe(429);
    expect((await c.response.json()).error.message).toBe('This session already has 2 live-update connections open; at most 2 are allowed. Close other tabs of Indicata, then reload.');
    a.close();
    const deadline = Date.now() + 10_000;
    let again = await open();
    while (again.response.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await open();
    }
    expect(again.response.status).toBe(200);
    b.close();
    again.close();
  });
});
