import { CSRF_ONLY, createTestServer, databaseKinds, loginAsDemo, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { writeCatalog } from '../../src/modules/who/catalog-writer.ts';
import type { Observation } from '../../src/modules/who/normalise.ts';
import { createUpload } from '../../src/modules/uploads/service.ts';
import { createStorage } from '../../src/storage/index.ts';
import { PREVIEWS_PER_MINUTE } from '../../src/modules/preview/routes.ts';

const observation = (countryCode: string, year: number, dimensionValue: string, value: number): Observation => ({
  countryCode,
  year,
  dimensionType: dimensionValue ? 'SEX' : '',
  dimensionValue,
  value,
  low: null,
  high: null,
  period: null,
  sourceRows: 1,
});

describe.each(databaseKinds())('POST /api/preview/target-classes on %s', (kind) => {
  let server: TestServer;
  let user: SignedIn;

  beforeAll(async () => {
    server = await createTestServer(kind);
    user = await registerAndLogin(server.app);
    // Life expectancy for two sexes: both-sexes values 50..59 (one per country-year) and female values far above.
    const countries = [
      { code: 'AAA', name: 'Alpha', regionCode: 'EUR', regionName: 'Europe' },
      { code: 'BBB', name: 'Beta', regionCode: 'AFR', regionName: 'Africa' },
    ];
    const both = [0, 1, 2, 3, 4].flatMap((i) => [observation('AAA', 2010 + i, 'BTSX', 50 + i), observation('BBB', 2010 + i, 'BTSX', 55 + i)]);
    const female = [0, 1, 2, 3, 4].map((i) => observation('AAA', 2010 + i, 'FMLE', 90 + i));
    async function* indicators() {
      yield { code: 'LIFE', label: 'Life expectancy', observations: [...both, ...female] };
    }
    await writeCatalog(server.ctx.database.db, countries, indicators(), 1, { kind: 'import', location: 'test', fingerprint: 'x' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (payload: Record<string, unknown>, headers: Record<string, string> = user.headers) =>
    server.app.inject({ method: 'POST', url: '/api/preview/target-classes', headers, payload });

  it('counts the rows of each automatic equal-width class on the default (both sexes) dimension', async () => {
    const response = await post({ database: 'WHO', targetCode: 'LIFE', discretization: { mode: 'automatic', groups: 3, method: 'equal-width' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Values 50..54 and 55..59: width 3 over [50, 59] -> [50,53) [53,56) [56,59].
    expect(body.rows).toBe(10);
    expect(body.missing).toBe(0);
    expect(body.classes.map((c: { count: number }) => c.count)).toEqual([3, 3, 4]);
    expect(body.classes[0]).toMatchObject({ index: 0, min: 50, max: 53 });
  });

  it('previews the classes for the read-only demo account too: it stores nothing', async () => {
    const demo = await loginAsDemo(server.app);
    const response = await post({ database: 'WHO', targetCode: 'LIFE', discretization: { mode: 'automatic', groups: 3, method: 'equal-width' } }, demo.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().classes.map((c: { count: number }) => c.count)).toEqual([3, 3, 4]);
  });

  it('uses the chosen dimension and quantile method', async () => {
    const response = await post({
      database: 'WHO',
      targetCode: 'LIFE',
      targetDimension: 'SEX_FMLE',
      discretization: { mode: 'automatic', groups: 2, method: 'quantile' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.rows).toBe(5);
    // The female series (90..94), not the default dimension's values, split at its median.
    expect(body.classes).toHaveLength(2);
    expect(body.classes[0].min).toBe(90);
    expect(body.classes[1].max).toBe(94);
    // Five whole numbers: the preview offers them as classes of their own (targetCodes).
    expect(body.codes).toEqual([90, 91, 92, 93, 94]);
    expect(body.classes.map((c: { count: number }) => c.count).reduce((a: number, b: number) => a + b, 0)).toBe(5);
  });

  it('counts manual classes and the values outside them', async () => {
    const response = await post({
      database: 'WHO',
      targetCode: 'LIFE',
      discretization: { mode: 'manual', classes: [{ title: 'Low', min: 50, max: 52 }, { title: 'Mid', min: 52, max: 56 }] },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.classes.map((c: { title: string; count: number }) => [c.title, c.count])).toEqual([
      ['Low', 2],
      ['Mid', 5],
    ]);
    // The last class includes its maximum (56); 57, 58 and 59 fall outside every manual class.
    expect(body.unassigned).toBe(3);
  });

  it('counts the classes of an uploaded column, and only for its owner', async () => {
    const storage = (server.ctx.storage ??= createStorage(server.ctx.config));
    const csv = ['Country;Year;Life;GDP', ...[0, 1, 2, 3, 4, 5].map((i) => `C${i % 2};${2000 + i};${60 + i};${i === 5 ? '' : 100 * i}`)].join('\n');
    const upload = await createUpload(server.ctx.database.db, storage, {
      userId: user.user.id,
      fileName: 'life.csv',
      bytes: new TextEncoder().encode(csv),
      spatialColumn: 'Country',
      temporalColumn: 'Year',
    });
    const payload = { database: upload.storedName, uploadId: upload.id, targetCode: 'GDP', discretization: { mode: 'automatic', groups: 2, method: 'equal-width' } };
    const response = await post(payload);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // GDP 0, 100, 200, 300, 400 and one empty cell: [0, 200) holds 2, [200, 400] holds 3.
    expect(body).toMatchObject({ rows: 5, missing: 1 });
    expect(body.classes.map((c: { count: number }) => c.count)).toEqual([2, 3]);
    expect((await post({ ...payload, targetCode: 'Nope' })).statusCode).toBe(404);
    const other = await registerAndLogin(server.app);
    expect((await post(payload, other.headers)).statusCode).toBe(404);
  });

  it('with a test year and region, fits the classes on the earlier years and counts each class in the training and test rows', async () => {
    const response = await post({
      database: 'WHO',
      targetCode: 'LIFE',
      discretization: { mode: 'automatic', groups: 2, method: 'equal-width' },
      split: { mode: 'year', year: 2014, region: 'Europe' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Training values 2010-2013: Alpha 50..53, Beta 55..58 -> [50, 54) and [54, 58]; Alpha's 54 of 2014 is the test.
    expect(body.split).toEqual({ trainYears: [2010, 2011, 2012, 2013], testYears: [2014], trainRows: 8, testRows: 1, testRegion: 'Europe' });
    expect(body.classes.map((c: { min: number; max: number; count: number; train: number; test: number }) => [c.min, c.max, c.count, c.train, c.test])).toEqual([
      [50, 54, 4, 4, 0],
      [54, 58, 6, 4, 1],
    ]);
  });

  it('with a percentage, tests the latest whole years of an upload and counts each class there', async () => {
    const storage = (server.ctx.storage ??= createStorage(server.ctx.config));
    const csv = ['Country;Year;Life', ...[0, 1, 2, 3, 4, 5].map((i) => `C${i % 2};${2000 + i};${60 + i}`)].join('\n');
    const upload = await createUpload(server.ctx.database.db, storage, { userId: user.user.id, fileName: 'split.csv', bytes: new TextEncoder().encode(csv), spatialColumn: 'Country', temporalColumn: 'Year' });
    const response = await post({
      database: upload.storedName,
      uploadId: upload.id,
      targetCode: 'Life',
      discretization: { mode: 'automatic', groups: 2, method: 'equal-width' },
      split: { mode: 'percent', percent: 34 },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // One row a year: 2 of 6 years is closest to 34 %. Classes from 60..63: 64 and 65 fall in the upper one.
    expect(body.split).toMatchObject({ trainYears: [2000, 2001, 2002, 2003], testYears: [2004, 2005], trainRows: 4, testRows: 2, testRegion: null });
    expect(body.classes.map((c: { train: number; test: number }) => [c.train, c.test])).toEqual([
      [2, 0],
      [2, 2],
    ]);
  });

  it('gives an uploaded target already coded 1-5 (most rows 1) classes of its codes under the default quantile groups', async () => {
    const storage = (server.ctx.storage ??= createStorage(server.ctx.config));
    // 20 places over 2 years: codes 1 on 32 rows, 2 on 4, then 3, 4 and 5 on one or two rows each.
    const codes = [...Array(32).fill(1), 2, 2, 2, 2, 3, 3, 4, 5];
    const csv = ['Country;Year;Class', ...codes.map((code, i) => `P${i % 20};${2000 + Math.floor(i / 20)};${code}`)].join('\n');
    const upload = await createUpload(server.ctx.database.db, storage, { userId: user.user.id, fileName: 'coded.csv', bytes: new TextEncoder().encode(csv), spatialColumn: 'Country', temporalColumn: 'Year' });
    const preview = async (groups: number) =>
      (await post({ database: upload.storedName, uploadId: upload.id, targetCode: 'Class', discretization: { mode: 'automatic', groups, method: 'quantile' } })).json();
    // Every quantile edge falls on the code 1; the classes are 1, 2 and 3-5 rather than one class the run would refuse.
    expect((await preview(3)).classes.map((c: { min: number; max: number; count: number }) => [c.min, c.max, c.count])).toEqual([
      [1, 1.5, 32],
      [1.5, 2.5, 4],
      [2.5, 5, 4],
    ]);
    expect((await preview(5)).classes.map((c: { count: number }) => c.count)).toEqual([32, 4, 2, 1, 1]);
  });

  it('answers 404 for an indicator the catalog does not have, 400 for a bad body, 401 without a session', async () => {
    expect((await post({ database: 'WHO', targetCode: 'NOPE', discretization: { mode: 'automatic', groups: 2 } })).statusCode).toBe(404);
    const bad = await post({ database: 'WHO', targetCode: 'LIFE', discretization: { mode: 'automatic', groups: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_argument');
    expect((await post({ database: 'WHO', targetCode: 'LIFE', discretization: { mode: 'automatic', groups: 2 } }, CSRF_ONLY)).statusCode).toBe(401);
  });

  it('limits previews per user: beyond PREVIEWS_PER_MINUTE a 429 with Retry-After, other users unaffected', async () => {
    const busy = await registerAndLogin(server.app);
    const payload = { database: 'WHO', targetCode: 'LIFE', discretization: { mode: 'automatic', groups: 2 } };
    for (let i = 0; i < PREVIEWS_PER_MINUTE; i++) expect((await post(payload, busy.headers)).statusCode).toBe(200);
    const refused = await post(payload, busy.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const calm = await registerAndLogin(server.app);
    expect((await post(payload, calm.headers)).statusCode).toBe(200);
  });
});
