import { PREDICT_LIMITS } from '@indicata/contracts';
import type { PgliteDatabase } from '../../src/db/client.ts';
import { REFUSED_ANSWER_DELAY_MS } from '../../src/http/refusal-delay.ts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';

/**
 * Counts the statements PGlite runs (query, exec, transaction) from now on; `stop()` puts the originals back.
 * Drizzle and the raw helpers all go through these three methods of the one PGlite instance.
 */
function countStatements(database: PgliteDatabase): { count: () => number; stop: () => void } {
  const pglite = database.pglite as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  const originals = { query: pglite.query, exec: pglite.exec, transaction: pglite.transaction };
  let statements = 0;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = originals[name];
    pglite[name] = function (this: unknown, ...args: unknown[]) {
      statements += 1;
      return original.apply(this, args);
    };
  }
  return {
    count: () => statements,
    stop: () => Object.assign(pglite, originals),
  };
}

/**
 * A refused request costs no database work: a personal token's prediction requests past the per-minute limit are
 * answered 429 before the token is looked up (before: a token SELECT and a lastUsedAt UPDATE for each of them), and
 * a second later, so that a client flooding past its limit is slowed to one refusal a second per connection.
 */
describe('rate limits answer before any database work', () => {
  let server: TestServer;
  let owner: SignedIn;

  beforeAll(async () => {
    server = await createTestServer('pglite');
    owner = await registerAndLogin(server.app);
  });
  afterAll(async () => server?.close());

  it(`answers a token's prediction requests past ${PREDICT_LIMITS.requestsPerMinute}/min with 429 and no statement`, async () => {
    const created = await server.app.inject({ method: 'POST', url: '/api/tokens', headers: owner.headers, payload: { name: 'script' } });
    expect(created.statusCode).toBe(201);
    const secret: string = created.json().secret;
    const bearer = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
    // Any job id: the limit counts refused requests too.
    const predict = () => server.app.inject({ method: 'POST', url: '/api/jobs/AAAAAAAAAAAAAAAAAAAA/predict', headers: bearer, payload: '{}' });
    for (let i = 0; i < PREDICT_LIMITS.requestsPerMinute; i++) expect((await predict()).statusCode).not.toBe(429);

    const counter = countStatements(server.ctx.database as PgliteDatabase);
    try {
      const started = Date.now();
      const statuses = (await Promise.all(Array.from({ length: 50 }, () => predict()))).map((r) => r.statusCode);
      expect(statuses.every((s) => s === 429)).toBe(true);
      expect(counter.count()).toBe(0);
      // Each refusal is answered after REFUSED_ANSWER_DELAY_MS, so a flood of them costs one answer a second per connection.
      expect(Date.now() - started).toBeGreaterThanOrEqual(REFUSED_ANSWER_DELAY_MS - 50);
    } finally {
      counter.stop();
    }
  });

  it('records a token\'s use at most once a minute (the UPDATE is not paid on every request)', async () => {
    const created = await server.app.inject({ method: 'POST', url: '/api/tokens', headers: owner.headers, payload: { name: 'reader' } });
    const secret: string = created.json().secret;
    const list = () => server.app.inject({ method: 'GET', url: '/api/jobs', headers: { authorization: `Bearer ${secret}` } });
    expect((await list()).statusCode).toBe(200);
    const tokens = (await server.app.inject({ method: 'GET', url: '/api/tokens', headers: owner.headers })).json().tokens as { name: string; lastUsedAt: string | null }[];
    expect(tokens.find((t) => t.name === 'reader')?.lastUsedAt).not.toBeNull();

    const counter = countStatements(server.ctx.database as PgliteDatabase);
    try {
      expect((await list()).statusCode).toBe(200);
      const again = counter.count();
      // The token look-up and the list itself; no UPDATE of lastUsedAt within the minute.
      expect(again).toBeLessThanOrEqual(2);
    } finally {
      counter.stop();
    }
  });
});
