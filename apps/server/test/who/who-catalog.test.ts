import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { WHO_HOW_TO_FILL, whoIndicatorsResponseSchema, whoStatusSchema } from '@indicata/contracts';
import { whoCountries, whoObservations } from '../../src/db/schema/index.ts';
import { buildWhoFrame, WhoFrameError } from '../../src/modules/who/frame.ts';
import { importWhoFolder } from '../../src/modules/who/import-folder.ts';
import { allDatabaseKinds, createTestServer, fastestDatabaseKind, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const MINI = path.join(here, '../fixtures/who-mini');

describe.each(allDatabaseKinds())('WHO catalog on $kind', ({ kind, skip, reason }) => {
  let server: TestServer;
  let user: SignedIn;
  beforeAll(async () => {
    if (skip) return;
    server = await createTestServer(kind);
    user = await registerAndLogin(server.app);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'reads and import', () => {
    it('needs a session for every catalog read', async () => {
      for (const url of ['/api/who/status', '/api/who/indicators', '/api/who/indicator-labels']) {
        const response = await server.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(401);
      }
    });

    it('says how to fill an empty catalog instead of failing', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/who/status', headers: user.headers });
      expect(response.statusCode).toBe(200);
      const status = whoStatusSchema.parse(response.json());
      expect(status).toMatchObject({ available: false, indicators: 0, howToFill: WHO_HOW_TO_FILL });
      const list = await server.app.inject({ method: 'GET', url: '/api/who/indicators', headers: user.headers });
      expect(list.json()).toEqual({ indicators: [] });
    });

    it('imports countries only, averages repeated rows, keeps periods at their end year and drops constant dimensions', async () => {
      const summary = await importWhoFolder(server.ctx.database.db, MINI);
      expect(summary).toMatchObject({ indicators: 2, countries: 4 });
      const db = server.ctx.database.db;
      const countries = await db.select().from(whoCountries).orderBy(whoCountries.code);
      expect(countries).toEqual([
        { code: 'BRA', name: 'Brazil', regionCode: 'AMR', regionName: 'Americas' },
        { code: 'FRA', name: 'France', regionCode: 'EUR', regionName: 'Europe' },
        { code: 'KEN', name: 'Kenya', regionCode: 'AFR', regionName: 'Africa' },
        // Not mapped in all_countries.csv: the REGION column of its rows gives the region.
        { code: 'SDF', name: 'Sudan (former)', regionCode: 'EMR', regionName: 'Eastern Mediterranean' },
      ]);
      const life = await db.select().from(whoObservations).where(eq(whoObservations.indicatorCode, 'LIFE'));
      // 8 country rows with a number, BRA 2000 twice -> 7 observations; aggregates (region, income group, world) never stored.
      expect(life).toHaveLength(7);
      const brazil = life.find((o) => o.countryCode === 'BRA' && o.year === 2000);
      expect(brazil).toMatchObject({ value: 71, sourceRows: 2, dimensionType: 'SEX', dimensionValue: 'BTSX' });
      expect(life.some((o) => o.countryCode === 'BRA' && o.year === 2001)).toBe(false);
      const france = life.find((o) => o.countryCode === 'FRA' && o.year === 2000 && o.dimensionValue === 'BTSX');
      expect(france).toMatchObject({ value: 79, low: 78, high: 80 });
      const [beds] = await db
        .select()
        .from(whoObservations)
        .where(and(eq(whoObservations.indicatorCode, 'BEDS'), eq(whoObservations.countryCode, 'FRA'), eq(whoObservations.year, 2000)));
      expect(beds).toMatchObject({ value: 70, period: '1999-2000', dimensionType: '', dimensionValue: '' });
    });

    it('gives the same catalog when imported again', async () => {
      const before = await server.app.inject({ method: 'GET', url: '/api/who/indicators', headers: user.headers });
      await importWhoFolder(server.ctx.database.db, MINI);
      const after = await server.app.inject({ method: 'GET', url: '/api/who/indicators', headers: user.headers });
      expect(after.json()).toEqual(before.json());
    });

    it('lists indicators in the indicatorsNew shape with coverage, and code -> label', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/who/indicators', headers: user.headers });
      const { indicators } = whoIndicatorsResponseSchema.parse(response.json());
      expect(indicators.map((i) => i.code)).toEqual(['BEDS', 'LIFE']);
      const life = indicators[1];
      expect(life).toEqual({
        code: 'LIFE',
        indicator: 'Life expectancy at birth (years)',
        years: [2000, 2001],
        regions: ['Africa', 'Americas', 'Eastern Mediterranean', 'Europe'],
        dimensions: ['SEX_BTSX', 'SEX_FMLE', 'SEX_MLE'],
        // BTSX cells: FRA 2000, FRA 2001, BRA 2000, KEN 2000, SDF 2001 = 5 of 4 countries x 2 years.
        coverage: { countries: 4, years: 2, observations: 7, fill: 0.625 },
      });
      const labels = await server.app.inject({ method: 'GET', url: '/api/who/indicator-labels', headers: user.headers });
      expect(labels.json()).toEqual({ BEDS: 'Hospital beds (per 10 000 population)', LIFE: 'Life expectancy at birth (years)' });
      const status = whoStatusSchema.parse((await server.app.inject({ method: 'GET', url: '/api/who/status', headers: user.headers })).json());
      expect(status).toMatchObject({ available: true, indicators: 2, countries: 4, observations: 10, howToFill: null });
      expect(status.source).toBe(`import:${path.basename(MINI)}`);
      // No server path in an API answer: any signed-in user reads it.
      expect(JSON.stringify(status)).not.toContain(path.dirname(MINI));
    });

    it('builds a frame: one row per country and year of the target, one column per indicator and dimension', async () => {
      const frame = await buildWhoFrame(server.ctx.database.db, { targetCode: 'LIFE' });
      expect(frame.targetColumn).toBe('LIFE-SEX_BTSX');
      expect(frame.spaceColumn).toBe('countryName');
      expect(frame.timeColumn).toBe('year');
      expect(frame.regionColumn).toBe('regionName');
      expect(frame.space).toEqual(['Brazil', 'France', 'France', 'Kenya', 'Sudan (former)']);
      expect(frame.time).toEqual([2000, 2000, 2001, 2000, 2001]);
      expect(frame.region).toEqual(['Americas', 'Europe', 'Europe', 'Africa', 'Eastern Mediterranean']);
      // The target's other dimensions are never default features (near-copies of the target).
      expect(frame.columns.map((c) => c.name)).toEqual(['LIFE-SEX_BTSX', 'BEDS']);
      expect([...frame.columns[0].values]).toEqual([71, 79, 79.5, 55, 60]);
      expect([...frame.columns[1].values]).toEqual([24, 70, 68, NaN, NaN]);
    });

    it('honours dimension, years, regions, explicit features and the coverage threshold', async () => {
      const db = server.ctx.database.db;
      const female = await buildWhoFrame(db, { targetCode: 'LIFE', targetDimension: 'FMLE' });
      expect(female.targetColumn).toBe('LIFE-SEX_FMLE');
      expect(female.space).toEqual(['France']);
      const europe = await buildWhoFrame(db, { targetCode: 'LIFE', regions: ['Europe'], years: [2001] });
      expect(europe.space).toEqual(['France']);
      expect(europe.time).toEqual([2001]);
      const strict = await buildWhoFrame(db, { targetCode: 'LIFE', maxMissingPercent: 30 });
      expect(strict.columns.map((c) => c.name)).toEqual(['LIFE-SEX_BTSX']);
      const withOwnDimensions = await buildWhoFrame(db, { targetCode: 'LIFE', featureCodes: ['LIFE'] });
      expect(withOwnDimensions.columns.map((c) => c.name)).toEqual(['LIFE-SEX_BTSX', 'LIFE-SEX_FMLE', 'LIFE-SEX_MLE']);
      await expect(buildWhoFrame(db, { targetCode: 'LIFE', targetDimension: 'URB' })).rejects.toThrow(WhoFrameError);
      await expect(buildWhoFrame(db, { targetCode: 'NOPE' })).rejects.toThrow('no values for NOPE');
    });

    it('adds the country-years with indicators but no target for gap filling, choosing the same columns', async () => {
      const db = server.ctx.database.db;
      // Kenya's beds in 2002 and France's in 2003: no life expectancy published for them.
      await db.insert(whoObservations).values([
        { indicatorCode: 'BEDS', countryCode: 'KEN', year: 2002, value: 15 },
        { indicatorCode: 'BEDS', countryCode: 'FRA', year: 2003, value: 66 },
      ]);
      const plain = await buildWhoFrame(db, { targetCode: 'LIFE' });
      expect(plain.space).toEqual(['Brazil', 'France', 'France', 'Kenya', 'Sudan (former)']);
      const gaps = await buildWhoFrame(db, { targetCode: 'LIFE', withGaps: true });
      expect(gaps.space).toEqual(['Brazil', 'France', 'France', 'France', 'Kenya', 'Kenya', 'Sudan (former)']);
      expect(gaps.time).toEqual([2000, 2000, 2001, 2003, 2000, 2002, 2001]);
      expect(gaps.region).toEqual(['Americas', 'Europe', 'Europe', 'Europe', 'Africa', 'Africa', 'Eastern Mediterranean']);
      expect(gaps.columns.map((c) => c.name)).toEqual(plain.columns.map((c) => c.name));
      expect([...gaps.columns[0].values]).toEqual([71, 79, 79.5, NaN, 55, NaN, 60]);
      expect([...gaps.columns[1].values]).toEqual([24, 70, 68, 66, NaN, 15, NaN]);
      // Regions and years still apply.
      expect((await buildWhoFrame(db, { targetCode: 'LIFE', withGaps: true, regions: ['Africa'] })).time).toEqual([2000, 2002]);
      expect((await buildWhoFrame(db, { targetCode: 'LIFE', withGaps: true, years: [2000, 2001] })).space).toEqual(plain.space);
      // Only the model's columns make a gap.
      expect((await buildWhoFrame(db, { targetCode: 'LIFE', withGaps: true, gapColumns: ['BEDS'] })).time).toEqual(gaps.time);
      expect((await buildWhoFrame(db, { targetCode: 'LIFE', withGaps: true, gapColumns: ['LIFE-SEX_FMLE'] })).space).toEqual(plain.space);
    });
  });
});

const SHARED = path.resolve(here, '../../../../../shared/data/who-gho-2018');
const hasShared = fs.existsSync(path.join(SHARED, 'source'));

// Both kinds import the small fixture above; the full export runs once, on the native server when there is one (its
// import took 9.8 s here against 15.2 s in PGlite's WebAssembly build, which also holds the test worker's thread).
const bigKind = fastestDatabaseKind();
describe.skipIf(!hasShared)(hasShared ? `WHO GHO 2018 export (43 indicators) on ${bigKind}` : `skipped: ${SHARED} is absent`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(bigKind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('imports every indicator with its years, regions and dimensions, and builds a frame', { timeout: 300_000 }, async () => {
    const started = performance.now();
    const summary = await importWhoFolder(server.ctx.database.db, SHARED);
    console.info(`[who import] 43 indicators, ${summary.observations} observations in ${Math.round(performance.now() - started)} ms`);
    expect(summary).toMatchObject({ indicators: 43, countries: 195 });
    const user = await registerAndLogin(server.app);
    const { indicators } = whoIndicatorsResponseSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/who/indicators', headers: user.headers })).json(),
    );
    expect(indicators).toHaveLength(43);
    const life = indicators.find((i) => i.code === 'WHOSIS_000001');
    expect(life).toMatchObject({ indicator: 'Life expectancy at birth (years)', dimensions: ['SEX_BTSX', 'SEX_FMLE', 'SEX_MLE'] });
    expect(life?.years[0]).toBe(2000);
    expect(life?.regions).toHaveLength(6);
    expect(indicators.find((i) => i.code === 'SDGPM25')?.dimensions).toEqual(['RESIDENCEAREATYPE_RUR', 'RESIDENCEAREATYPE_TOTL', 'RESIDENCEAREATYPE_URB']);
    // Only the display string has values: listed, with no coverage.
    expect(indicators.find((i) => i.code === 'UHC_INDEX_REPORTED')?.coverage.observations).toBe(0);
    const frame = await buildWhoFrame(server.ctx.database.db, { targetCode: 'WHOSIS_000001', years: [2010, 2011, 2012, 2013, 2014, 2015] });
    expect(frame.space.length).toBeGreaterThan(1000);
    expect(frame.columns.length).toBeGreaterThan(15);
    expect(frame.columns.some((c) => c.name === 'NCD_BMI_30A-SEX_FMLE')).toBe(true);
  });
});
