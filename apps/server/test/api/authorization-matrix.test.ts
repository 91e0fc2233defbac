import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newId } from '@indicata/contracts';
import { jobs, questions } from '../../src/db/schema/index.ts';
import { createTestServer, loginAsDemo, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';

/**
 * Authorization, generated from the server's route table, so a new route cannot be left out: every API route the app
 * registers is called as anonymous, as another user and as the demo account, against the owner's real
 * resources. A new route is covered the moment it exists; one whose parameters the test cannot fill fails
 * here until a fixture is added below.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SECRET = 'SECRET-OF-OWNER-A';

/** The routes anyone may call without a session; a new public route must be added here on purpose. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/config/public',
  // The API's description: no data in it, and a client reads it before it has a token.
  'GET /api/openapi.json',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/demo',
  'POST /api/auth/logout',
  // Public so the spec's checks run in its order; it answers 401 questionNotLoggedIn itself.
  'POST /api/questions',
]);
/** Change routes the demo may call: they act on its own session only. */
const DEMO_MAY_CHANGE = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/demo',
  'POST /api/auth/logout',
  // Predictions store nothing; the demo's own job is its to predict with (someone else's is still a 404).
  'POST /api/jobs/:id/predict',
  // A class preview stores nothing either: the demo may go through every step of the wizard and see its classes.
  'POST /api/preview/target-classes',
]);

async function multipart(name: string, content: Buffer, fields: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') as string };
}

describe('authorization of every route in the route table', () => {
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  let demo: SignedIn;
  const owned: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer('pglite');
    owner = await registerAndLogin(server.app, { firstName: SECRET });
    other = await registerAndLogin(server.app);
    demo = await loginAsDemo(server.app);
    // The owner's upload, through the API.
    const body = await multipart(`owner-a.csv`, fs.readFileSync(path.join(here, '../fixtures/csv/panel.csv')), { spatialColumn: 'country', temporalColumn: 'year' });
    const upload = await server.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...owner.headers, 'content-type': body.contentType }, payload: body.payload });
    expect(upload.statusCode).toBe(201);
    owned.upload = upload.json().id;
    owned.uploadStoredName = upload.json().storedName;
    // A finished job with a model file, and a question, as the worker and the answerer leave them.
    owned.job = newId();
    await server.ctx.database.db.insert(jobs).values({
      id: owned.job,
      userId: owner.user.id,
      name: `${SECRET} job`,
      currentTime: '2026-01-01 00:00:00.000',
      status: 'done',
      data: { database: owned.uploadStoredName, note: SECRET } as never,
      seed: 1,
      results: { note: SECRET },
      modelFiles: [{ file: 'modelDT.json', family: 'DT', bytes: 10 }],
    });
    await server.ctx.storage.put(`models/${owned.job}/modelDT.json`, new TextEncoder().encode(JSON.stringify({ note: SECRET })));
    const token = await server.app.inject({ method: 'POST', url: '/api/tokens', headers: owner.headers, payload: { name: `${SECRET} token` } });
    expect(token.statusCode).toBe(201);
    owned.token = token.json().token.id;
    owned.question = newId();
    await server.ctx.database.db.insert(questions).values({
      id: owned.question,
      userId: owner.user.id,
      database: 'WHO',
      status: 'answered',
      currentTime: '2026-01-01 00:00:00.000',
      data: { question: `${SECRET}?`, answer: SECRET },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The URL of a route pattern with the owner's resources as parameters; throws for an unknown parameter. */
  function urlOf(pattern: string): string {
    return pattern.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'file') return 'modelDT.json';
      if (name === 'model') return 'DT';
      if (name !== 'id') throw new Error(`${pattern}: no fixture for :${name}; add one to authorization-matrix.test.ts`);
      const resource = pattern.split('/')[2];
      const value = { jobs: owned.job, uploads: owned.upload, questions: owned.question, tokens: owned.token }[resource ?? ''];
      if (!value) throw new Error(`${pattern}: no owned fixture for /api/${resource}/:id; add one to authorization-matrix.test.ts`);
      return value;
    });
  }

  /** A body that points at the owner's data wherever a route takes a reference to data. */
  const bodyForOthers = () => ({
    name: 'probe',
    database: owned.uploadStoredName,
    uploadId: owned.upload,
    jobId: owned.job,
    question: 'What is in it?',
    targetCode: 'life',
    discretization: { mode: 'automatic', groups: 3 },
    data: { database: owned.uploadStoredName, uploadId: owned.upload },
  });

  const apiRoutes = () => server.app.routeTable.filter((r) => r.access && r.method !== 'HEAD');

  it('knows every public route: a route is public only on purpose', () => {
    const publicRoutes = apiRoutes().filter((r) => !r.access!.signedIn).map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicRoutes)).toEqual(PUBLIC_ROUTES);
    const demoRoutes = apiRoutes().filter((r) => r.access!.demoMayChange).map((r) => `${r.method} ${r.url}`);
    expect(new Set(demoRoutes)).toEqual(DEMO_MAY_CHANGE);
    expect(apiRoutes().length).toBeGreaterThanOrEqual(20);
  });

  it('refuses anonymous callers on every route that needs a session (401)', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      if (PUBLIC_ROUTES.has(`${route.method} ${route.url}`)) continue;
      const headers = { 'x-indicata-request': '1', 'content-type': 'application/json' };
      const response = await server.app.inject({ method: route.method as 'GET', url: urlOf(route.url), headers, payload: route.method === 'GET' ? undefined : JSON.stringify(bodyForOthers()) });
      if (response.statusCode !== 401 || response.json().error.code !== 'unauthenticated') failures.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ['another user', () => other],
    ['the demo account', () => demo],
  ])('never shows or changes the owner\'s data to %s', async (_label, caller) => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      if (route.url === '/api/events') continue; // a stream; isolation of events is tested in events.test.ts
      if (/^POST \/api\/auth\/(login|demo|logout|register)$/.test(key)) continue; // act on the caller's own session
      const mutating = route.method !== 'GET';
      const response = await server.app.inject({
        method: route.method as 'GET',
        url: urlOf(route.url),
        headers: { ...caller().headers, 'content-type': 'application/json' },
        payload: mutating ? JSON.stringify(bodyForOthers()) : undefined,
      });
      const leaked = response.body.includes(SECRET) || response.body.includes(owned.job!) || response.body.includes(owned.upload!) || response.body.includes(owned.question!);
      if (leaked) failures.push(`${key}: the answer shows the owner's data (${response.statusCode})`);
      if (caller() === demo && mutating && !DEMO_MAY_CHANGE.has(key) && response.statusCode !== 403) failures.push(`${key}: the demo got ${response.statusCode}, not 403`);
      if (route.url.includes(':') && response.statusCode !== 404 && !(caller() === demo && mutating)) failures.push(`${key}: ${response.statusCode} for someone else's resource, not 404`);
      if (response.statusCode >= 500) failures.push(`${key}: ${response.statusCode}`);
      if (mutating && response.statusCode < 300 && route.url.includes(':')) failures.push(`${key}: changed the owner's resource`);
    }
    expect(failures).toEqual([]);
    // The owner's resources are all still there.
    for (const url of [`/api/jobs/${owned.job}`, `/api/uploads/${owned.upload}`, `/api/jobs/${owned.job}/models/modelDT.json`]) {
      expect((await server.app.inject({ method: 'GET', url, headers: owner.headers })).statusCode, url).toBe(200);
    }
    const ownQuestions = await server.app.inject({ method: 'GET', url: '/api/questions', headers: owner.headers });
    expect(ownQuestions.body).toContain(owned.question);
  });

  it('lets the owner reach each of their resources (so the 404s above are about ownership)', async () => {
    for (const route of apiRoutes()) {
      if (route.method !== 'GET' || !route.url.includes(':')) continue;
      const response = await server.app.inject({ method: 'GET', url: urlOf(route.url), headers: owner.headers });
      // The fixture's model file is not a real model: the ONNX writer refuses it with a 409 (a real one is
      // downloaded in predict.test.ts); what matters here is that the owner is not told 404.
      if (route.url === '/api/jobs/:id/onnx/:model') expect(response.statusCode, route.url).toBe(409);
      // Gap filling asks for the chosen model, which the fixture's results do not name: a 400 (real runs in gaps.test.ts).
      else if (route.url === '/api/jobs/:id/gaps') expect(response.statusCode, route.url).toBe(400);
      // An explanation needs the test row it explains (`row`), which the probe does not give: a 400 (real ones in explanations.test.ts).
      else if (route.url === '/api/jobs/:id/explanations') expect(response.statusCode, route.url).toBe(400);
      // Nor are its results an engine's, so no built-in report can be written from them: a 409 (real ones in job-report.test.ts).
      else if (route.url === '/api/jobs/:id/report') expect(response.statusCode, route.url).toBe(409);
      // Nor did an engine record its search: no replay bundle, a 409 with the reason (real ones in job-control.test.ts).
      else if (route.url === '/api/jobs/:id/bundle') expect(response.statusCode, route.url).toBe(409);
      else expect(response.statusCode, route.url).toBe(200);
    }
  });
});
