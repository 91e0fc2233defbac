import type { LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@indicata/contracts';
import { allDatabaseKinds, createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from '../jobs/fixtures.ts';

const NUL = '\u0000';
const RLO = '\u202E';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

/** Whether a schema accepts a string (directly, an enum of strings, or one of its alternatives). */
function takesString(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) return true;
  if (schema.enum?.some((v) => typeof v === 'string')) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesString);
}

/** Every place a string can go in a body of `schema`, as a path, with a body that holds NUL there. */
function bodiesWithNul(schema: JsonSchema, at: string[] = []): { field: string; body: unknown }[] {
  const found: { field: string; body: unknown }[] = [];
  const alternatives = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  for (const s of alternatives) {
    if (s.properties) {
      for (const [key, child] of Object.entries(s.properties)) {
        for (const inner of bodiesWithNul(child, [...at, key])) found.push({ field: inner.field, body: inner.body });
      }
    }
    if (s.items) {
      for (const inner of bodiesWithNul(s.items, [...at, '0'])) found.push(inner);
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      for (const inner of bodiesWithNul(s.additionalProperties, [...at, 'anyKey'])) found.push(inner);
    }
  }
  if (takesString(schema) && at.length > 0) found.push({ field: at.join('.'), body: nest(at, NUL) });
  return found;
}

/** `{ a: [{ b: value }] }` for the path a.0.b. */
function nest(at: string[], value: unknown): unknown {
  let result = value;
  for (let i = at.length - 1; i >= 0; i--) result = /^\d+$/.test(at[i]) ? [result] : { [at[i]]: result };
  return result;
}

function expectRefused(response: LightMyRequestResponse, what: string): void {
  expect({ what, status: response.statusCode }).toEqual({ what, status: 400 });
  const error = response.json().error;
  expect(error.code).toBe('textControlCharacter');
  expect(error.message).toMatch(/^The field ".+" contains a control character \(U\+00[0-9A-F]{2}\), which is not allowed\. Remove it and try again\.$/);
}

/**
 * Hostile text never reaches the database: NUL (PostgreSQL: "invalid byte sequence ... 0x00", a 500 before) and the
 * other control characters in any string of any request are a 400 naming the field; bidirectional overrides are
 * removed from stored names; a `__proto__` body and an unclosed quote get precise messages.
 */
describe.each(allDatabaseKinds())('hostile text ($kind)', ({ kind, skip, reason }) => {
  if (skip) it.skip(`skipped: ${reason}`, () => {});
  describe.skipIf(skip)(kind, () => {
    let server: TestServer;
    let owner: SignedIn;
    let jobId: string;
    let data: ReturnType<typeof uploadJobData>;

    beforeAll(async () => {
      server = await createTestServer(kind, { initialize: true });
      owner = await registerAndLogin(server.app);
      data = uploadJobData(await uploadPanel(server.ctx, owner.user.id));
      const created = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name: 'a job', data } });
      expect(created.statusCode).toBe(201);
      jobId = created.json().job.id;
    });
    afterAll(async () => server?.close());

    const json = (method: 'POST' | 'GET' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = owner.headers) =>
      server.app.inject({ method, url, headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' }, payload: payload === undefined ? undefined : JSON.stringify(payload) });

    it('refuses NUL in every string field of every route of the OpenAPI description with 400, never 500', async () => {
      const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> }>();
      let sent = 0;
      for (const [template, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const parameters = operation.parameters ?? [];
          const pathWith = (nul?: string) =>
            template.replace(/\{(\w+)\}/g, (_m, name: string) => (name === nul ? encodeURIComponent(`x${NUL}`) : name === 'id' ? jobId : name === 'model' ? 'KNN' : 'x'));
          const upper = method.toUpperCase() as 'GET' | 'POST' | 'DELETE';
          for (const parameter of parameters) {
            if (!takesString(parameter.schema)) continue;
            const url = parameter.in === 'path' ? pathWith(parameter.name) : `${pathWith()}?${parameter.name}=${encodeURIComponent(NUL)}`;
            const response = await json(upper, url, upper === 'POST' ? {} : undefined);
            expectRefused(response, `${method} ${template} ${parameter.in} ${parameter.name}`);
            sent++;
          }
          const schema = operation.requestBody?.content['application/json']?.schema;
          if (schema) {
            for (const { field, body } of bodiesWithNul(schema)) {
              expectRefused(await json(upper, pathWith(), body), `${method} ${template} body ${field}`);
              sent++;
            }
          }
        }
      }
      expect(sent).toBeGreaterThanOrEqual(8);
      // The raw CSV form of a prediction request.
      const csv = await server.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/predict`, headers: { ...owner.headers, 'content-type': 'text/csv' }, payload: `region;year;f1\nR00${NUL};2007;1\n` });
      expectRefused(csv, 'text/csv prediction');
    });

    it("refuses NUL in the probe's fields of the routes outside the OpenAPI description, with or without a session", async () => {
      const anonymous = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
      const account = { firstName: 'Ada', lastName: 'Lovelace', institution: 'X', email: 'nul@example.org', password: 'a long enough password 1' };
      expectRefused(await json('POST', '/api/auth/register', { ...account, firstName: `Ada${NUL}` }, anonymous), 'register firstName');
      expectRefused(await json('POST', '/api/auth/register', { ...account, email: `nul${NUL}@example.org` }, anonymous), 'register email');
      expectRefused(await json('POST', '/api/auth/login', { email: `nul${NUL}@example.org`, password: 'x' }, anonymous), 'login email');
      expectRefused(await json('POST', '/api/jobs', { name: `job${NUL}`, data }), 'job name');
      expectRefused(await json('POST', '/api/jobs', { name: 'job', data: { ...data, predictionIndicatorRegion: `R01${NUL}` } }), 'job region');
      expectRefused(await json('POST', '/api/jobs', { name: 'job', data: { ...data, codePredictionIndicator: `score${NUL}` } }), 'job target code');
      expectRefused(await json('POST', '/api/jobs', { name: 'job', data: { ...data, [`key${NUL}`]: 1 } }), 'a key with NUL');
      expectRefused(await json('POST', `/api/jobs/${jobId}/rerun`, { name: `again${NUL}` }), 'rerun name');
      expectRefused(await json('POST', '/api/questions', { database: 'WHO', question: `why${NUL}?` }), 'question');
      expectRefused(await json('POST', '/api/tokens', { name: `token${NUL}` }), 'token name');
      expectRefused(await json('POST', '/api/preview/target-classes', { database: data.database, uploadId: data.uploadId, targetCode: `score${NUL}`, discretization: { mode: 'automatic', groups: 3, method: 'quantile' } }), 'preview target code');
      expectRefused(await json('GET', `/api/jobs?page=${encodeURIComponent(NUL)}`), 'query');
      // Other control characters too: ESC, DEL, a C1 control.
      for (const character of ['\u001B', '\u007F', '\u0085']) expectRefused(await json('POST', '/api/jobs', { name: `job${character}`, data }), `job name with ${JSON.stringify(character)}`);
      // Tabs and line ends are text.
      expect((await json('POST', '/api/questions', { database: 'WHO', question: 'line one\nline\ttwo\r\n' })).statusCode).not.toBe(400);
    });

    it('refuses NUL in an upload file name and in its column fields', async () => {
      const upload = async (fileName: string, spatialColumn = 'region') => {
        const form = new FormData();
        form.append('spatialColumn', spatialColumn);
        form.append('temporalColumn', 'year');
        form.append('file', new Blob(['region;year;v\nA;2000;1\nB;2000;2\n']), fileName);
        const encoded = new Response(form);
        return server.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...owner.headers, 'content-type': encoded.headers.get('content-type')! }, payload: Buffer.from(await encoded.arrayBuffer()) });
      };
      expectRefused(await upload(`panel${NUL}.csv`), 'upload file name');
      expectRefused(await upload('panel.csv', `region${NUL}`), 'upload spatial column');
      // Right-to-left override: removed from the stored names, the file is accepted.
      const named = await upload(`invoice${RLO}vsc.csv`);
      expect(named.statusCode).toBe(201);
      expect(named.json().fileName).toBe('invoicevsc.csv');
      expect(named.json().storedName).not.toContain(RLO);
    });

    it('removes bidirectional overrides from job and token names', async () => {
      const job = await json('POST', '/api/jobs', { name: `report${RLO}\u2066fdp.exe\u2069`, data });
      if (job.statusCode === 201) expect(job.json().job.name).toBe('reportfdp.exe');
      else expect(job.statusCode).toBe(429);
      const token = await json('POST', '/api/tokens', { name: `ci${RLO}\u202Abot` });
      expect(token.statusCode).toBe(201);
      expect(token.json().token.name).toBe('cibot');
      const empty = await json('POST', '/api/tokens', { name: `${RLO}${RLO}` });
      expect(empty.statusCode).toBe(400);
    });

    it('names the key of a __proto__ body instead of "Body is not valid JSON"', async () => {
      for (const raw of ['{"name":"x","__proto__":{"isAdmin":true}}', '{"name":"x","data":{"\\u005f_proto__":{}}}', '{"constructor":{"prototype":{"x":1}}}']) {
        const response = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: raw });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('jsonForbiddenKey');
        expect(response.json().error.message).toMatch(/^The request body uses the key "(__proto__|constructor\.prototype)", which is not allowed in any object\. Rename that key and send the request again\.$/);
      }
      const broken = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: '{"name":' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.message).toBe('Body is not valid JSON');
    });
  });
});
