import { whoObservations } from '../../src/db/schema/index.ts';
import { writeCatalog, type CatalogIndicator } from '../../src/modules/who/catalog-writer.ts';
import { catalogStatus } from '../../src/modules/who/catalog.ts';
import { buildWhoFrame } from '../../src/modules/who/frame.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/index.ts';

/**
 * The WHO frame of a request and the catalog's status are read once while the catalog is unchanged: a job's run, its
 * gap filling and every prediction that looks up the target's history ask for the same frame, and every page that
 * offers WHO data asks for the status. A catalog write (import, sync, snapshot) stamps the catalog, and the next
 * request reads the new data; no caller sees another's changes to its copy of a frame.
 */
const COUNTRIES = [
  { code: 'AAA', name: 'Aland', regionCode: 'EUR', regionName: 'Europe' },
  { code: 'BBB', name: 'Borduria', regionCode: 'EUR', regionName: 'Europe' },
];

function indicator(code: string, value: (year: number, country: number) => number): CatalogIndicator {
  return {
    code,
    label: `Indicator ${code}`,
    observations: COUNTRIES.flatMap((country, c) =>
      [2000, 2001, 2002].map((year) => ({ countryCode: country.code, year, dimensionType: '', dimensionValue: '', value: value(year, c), low: null, high: null, period: null, sourceRows: 1 })),
    ),
  };
}

async function write(testDb: TestDatabase, indicators: CatalogIndicator[], fingerprint: string): Promise<void> {
  async function* each() {
    yield* indicators;
  }
  await writeCatalog(testDb.database.db, COUNTRIES, each(), indicators.length, { kind: 'import', location: 'test', fingerprint });
}

describe('WHO frames while the catalog is unchanged', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    await write(testDb, [indicator('TGT', (year, c) => year - 2000 + 10 * c), indicator('FEAT', (year) => year)], 'first');
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('reads the catalog once per request, and again after a catalog write', async () => {
    const db = testDb.database.db;
    const first = await buildWhoFrame(db, { targetCode: 'TGT' });
    expect(first.columns.map((column) => column.name)).toEqual(['TGT', 'FEAT']);
    expect([...first.columns[1]!.values]).toEqual([2000, 2001, 2002, 2000, 2001, 2002]);
    // A row written behind the catalog's back (no stamp) is not read: the frame comes from the cache.
    await db.insert(whoObservations).values({ indicatorCode: 'TGT', countryCode: 'AAA', year: 2003, value: 3 });
    expect((await buildWhoFrame(db, { targetCode: 'TGT' })).time).toEqual(first.time);
    // Another request is read afresh.
    expect((await buildWhoFrame(db, { targetCode: 'TGT', featureCodes: ['TGT'] })).time).toEqual([2000, 2001, 2002, 2003, 2000, 2001, 2002]);
    // A catalog write stamps the catalog: the same request now sees the new values.
    await write(testDb, [indicator('FEAT', (year) => -year)], 'second');
    const after = await buildWhoFrame(db, { targetCode: 'TGT' });
    expect([...after.columns[1]!.values]).toEqual([-2000, -2001, -2002, NaN, -2000, -2001, -2002]);
  });

  it("counts the catalog's observations once per write", async () => {
    const db = testDb.database.db;
    const before = await catalogStatus(db);
    expect(before).toMatchObject({ available: true, countries: 2 });
    await db.insert(whoObservations).values({ indicatorCode: 'FEAT', countryCode: 'BBB', year: 2009, value: 1 });
    expect((await catalogStatus(db)).observations).toBe(before.observations);
    await write(testDb, [indicator('OTHER', (year) => year)], 'status');
    const after = await catalogStatus(db);
    expect(after.observations).toBe(before.observations + 1 + 6);
    expect(after.indicators).toBe(before.indicators + 1);
  });

  it('gives each caller its own copy', async () => {
    const db = testDb.database.db;
    const mine = await buildWhoFrame(db, { targetCode: 'TGT', years: [2000, 2001] });
    const expected = { space: [...mine.space], time: [...mine.time], values: mine.columns.map((column) => [...column.values]) };
    mine.columns[0]!.values.fill(-1);
    mine.space.splice(0);
    (mine.time as number[]).splice(0);
    const theirs = await buildWhoFrame(db, { targetCode: 'TGT', years: [2000, 2001] });
    expect({ space: theirs.space, time: theirs.time, values: theirs.columns.map((column) => [...column.values]) }).toEqual(expected);
  });

  it('shares one read between concurrent requests and forgets a failed one', async () => {
    const db = testDb.database.db;
    const [a, b] = await Promise.all([buildWhoFrame(db, { targetCode: 'TGT', regions: ['Europe'] }), buildWhoFrame(db, { targetCode: 'TGT', regions: ['Europe'] })]);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    await expect(buildWhoFrame(db, { targetCode: 'NEW' })).rejects.toThrow('no values for NEW');
    await write(testDb, [indicator('NEW', (year) => year)], 'third');
    expect((await buildWhoFrame(db, { targetCode: 'NEW' })).targetColumn).toBe('NEW');
  });
});
