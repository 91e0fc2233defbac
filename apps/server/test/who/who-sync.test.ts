import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { whoCountries, whoObservations } from '../../src/db/schema/index.ts';
import { createGhoClient, WhoApiError, WhoApiUnreachableError } from '../../src/modules/who/api-client.ts';
import { factYearText, syncWhoApi } from '../../src/modules/who/api-source.ts';
import { catalogStatus, listIndicators } from '../../src/modules/who/catalog.ts';
import { allDatabaseKinds, createTestDatabase, type TestDatabase } from '../helpers/index.ts';
import { startFakeGhoServer, type FakeGhoServer } from './fake-gho-server.ts';

const FAST = { minIntervalMs: 0, initialBackoffMs: 5 };

describe.each(allDatabaseKinds())('WHO live sync on $kind', ({ kind, skip, reason }) => {
  let testDb: TestDatabase;
  let gho: FakeGhoServer;
  beforeAll(async () => {
    if (skip) return;
    testDb = await createTestDatabase(kind);
    gho = await startFakeGhoServer();
  });
  afterAll(async () => {
    await gho?.close();
    await testDb?.close();
  });

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'sync', () => {
    it('pages, retries 429 and 500s, keeps country rows and numeric values only', async () => {
      const retries: string[] = [];
      const progress: string[] = [];
      const summary = await syncWhoApi(testDb.database.db, {
        baseUrl: gho.baseUrl,
        ...FAST,
        onRetry: (r) => retries.push(`${new URL(r.url).pathname} ${r.reason}`),
        onProgress: (p) => progress.push(`${p.index}/${p.total} ${p.code} ${p.observations}`),
      });
      expect(summary).toEqual({ indicators: 2, observations: 5, failed: [] });
      expect(progress).toEqual(['1/2 BEDS 2', '2/2 LIFE 3']);
      expect(retries).toEqual(['/api/BEDS HTTP 500', '/api/BEDS HTTP 503', '/api/LIFE HTTP 429']);
      expect(gho.requests).toContain('/api/LIFE?$skip=4');

      const db = testDb.database.db;
      expect(await db.select().from(whoCountries).orderBy(whoCountries.code)).toEqual([
        { code: 'BRA', name: 'Brazil', regionCode: 'AMR', regionName: 'Americas' },
        { code: 'FRA', name: 'France', regionCode: 'EUR', regionName: 'Europe' },
      ]);
      const life = await db.select().from(whoObservations).where(eq(whoObservations.indicatorCode, 'LIFE')).orderBy(whoObservations.countryCode, whoObservations.dimensionValue);
      expect(life.map((o) => [o.countryCode, o.year, o.dimensionType, o.dimensionValue, o.value, o.sourceRows])).toEqual([
        ['BRA', 2000, 'SEX', 'BTSX', 71, 2],
        ['FRA', 2000, 'SEX', 'BTSX', 79, 1],
        ['FRA', 2000, 'SEX', 'FMLE', 83, 1],
      ]);
      expect(life[1]).toMatchObject({ low: 78, high: 80 });
      const [range] = await db
        .select()
        .from(whoObservations)
        .where(and(eq(whoObservations.indicatorCode, 'BEDS'), eq(whoObservations.countryCode, 'FRA')));
      expect(range).toMatchObject({ year: 2015, period: '2010-2015', value: 60 });

      const indicators = await listIndicators(db);
      expect(indicators.map((i) => [i.code, i.indicator, i.dimensions])).toEqual([
        ['BEDS', 'Hospital beds (per 10 000 population)', []],
        ['LIFE', 'Life expectancy at birth (years)', ['SEX_BTSX', 'SEX_FMLE']],
      ]);
      expect((await catalogStatus(db)).source).toBe(`sync:${new URL(gho.baseUrl).hostname}`);
    });

    it('syncs a chosen subset and refuses codes the API does not list', async () => {
      const summary = await syncWhoApi(testDb.database.db, { baseUrl: gho.baseUrl, ...FAST, indicators: ['BEDS'] });
      expect(summary.indicators).toBe(1);
      await expect(syncWhoApi(testDb.database.db, { baseUrl: gho.baseUrl, ...FAST, indicators: ['NOPE'] })).rejects.toThrow(
        'does not list these indicators: NOPE',
      );
    });
  });
});

describe('GHO client', () => {
  it('says clearly when the API cannot be reached', async () => {
    // A port that was just free: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const client = createGhoClient({ baseUrl: `http://127.0.0.1:${port}/api`, ...FAST });
    const error = await client.getAll('Indicator').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhoApiUnreachableError);
    expect((error as Error).message).toMatch(/Cannot reach the WHO GHO API at http:\/\/127\.0\.0\.1:\d+\/api \(ECONNREFUSED\)\. This machine may be offline/);
  });

  it('gives up after its attempts with doubling delays, and does not retry a 404', async () => {
    const delays: number[] = [];
    let calls = 0;
    const client = createGhoClient({
      baseUrl: 'http://gho.test/api',
      minIntervalMs: 0,
      initialBackoffMs: 100,
      attempts: 5,
      sleep: async (ms) => void delays.push(ms),
      fetch: (async (url: string) => {
        calls++;
        return new Response('{}', { status: String(url).endsWith('/missing') ? 404 : 502 });
      }) as typeof fetch,
    });
    await expect(client.getAll('x')).rejects.toThrow('kept failing (HTTP 502) after 5 attempts');
    expect(delays).toEqual([100, 200, 400, 800]);
    calls = 0;
    await expect(client.getAll('missing')).rejects.toBeInstanceOf(WhoApiError);
    expect(calls).toBe(1);
  });

  it('spaces requests by the throttle interval', async () => {
    const waits: number[] = [];
    const client = createGhoClient({
      baseUrl: 'http://gho.test/api',
      minIntervalMs: 1000,
      sleep: async (ms) => void waits.push(ms),
      fetch: (async () => Response.json({ value: [1] })) as unknown as typeof fetch,
    });
    await client.getAll('a');
    await client.getAll('b');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(900);
  });

  it('reads years, periods and end dates', () => {
    expect(factYearText({ TimeDimType: 'YEAR', TimeDim: 2005 })).toBe('2005');
    expect(factYearText({ TimeDimType: 'YEAR', TimeDim: null, TimeDimensionValue: '2010-2015' })).toBe('2010-2015');
    expect(factYearText({ TimeDimType: 'MONTH', TimeDimensionValue: '2015-06', TimeDimensionEnd: '2015-06-30T00:00:00' })).toBe('2015');
    expect(factYearText({})).toBeNull();
  });
});
