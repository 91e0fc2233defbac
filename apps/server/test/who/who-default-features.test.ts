import { autoJobSettings, jobDataSchema, type JobDataInput } from '@indicata/contracts';
import type { AppContext } from '../../src/context.ts';
import type { JobRow } from '../../src/db/schema/index.ts';
import { whoCountries, whoIndicators, whoObservations } from '../../src/db/schema/index.ts';
import { buildFrameForJob } from '../../src/modules/jobs/job-frame.ts';
import { buildWhoFrame } from '../../src/modules/who/frame.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/index.ts';

/**
 * A WHO job without chosen indicators gets the catalog's indicators within the job's own Missing Data threshold,
 * counted on the target's rows (20 years 2000-2019, two countries): the catalog must not drop a column the user
 * allowed (it dropped every indicator more than 50% missing, whatever the setting).
 */
const YEARS = Array.from({ length: 20 }, (_, k) => 2000 + k);
const range = (from: number, to: number) => YEARS.filter((year) => year >= from && year <= to);
const FEATURES: Record<string, number[]> = {
  // 15% filled.
  RARE: range(2017, 2019),
  // 45% filled.
  LATE: range(2011, 2019),
  // 75% filled.
  MOST: range(2000, 2014),
  // Every year.
  FULL: YEARS,
};

describe("default WHO features follow the job's missing-data threshold", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    const db = testDb.database.db;
    await db.insert(whoCountries).values([
      { code: 'AAA', name: 'Aland', regionCode: 'EUR', regionName: 'Europe' },
      { code: 'BBB', name: 'Borduria', regionCode: 'EUR', regionName: 'Europe' },
    ]);
    await db.insert(whoIndicators).values(['TGT', ...Object.keys(FEATURES)].map((code) => ({ code, label: `Indicator ${code}` })));
    const observations = ['AAA', 'BBB'].flatMap((countryCode, c) => [
      ...YEARS.map((year) => ({ indicatorCode: 'TGT', countryCode, year, value: 50 + c + (year - 2000) / 2 })),
      ...Object.entries(FEATURES).flatMap(([indicatorCode, years]) => years.map((year) => ({ indicatorCode, countryCode, year, value: year - 1990 + c }))),
    ]);
    await db.insert(whoObservations).values(observations);
  });
  afterAll(async () => {
    await testDb?.close();
  });

  const featureNames = (frame: { columns: { name: string }[]; targetColumn: string }) =>
    frame.columns.map((column) => column.name).filter((name) => name !== frame.targetColumn);

  it('keeps a column at most the threshold missing, the threshold itself included', async () => {
    const db = testDb.database.db;
    expect(featureNames(await buildWhoFrame(db, { targetCode: 'TGT' }))).toEqual(['FULL', 'MOST']);
    expect(featureNames(await buildWhoFrame(db, { targetCode: 'TGT', maxMissingPercent: 25 }))).toEqual(['FULL', 'MOST']);
    expect(featureNames(await buildWhoFrame(db, { targetCode: 'TGT', maxMissingPercent: 24 }))).toEqual(['FULL']);
    expect(featureNames(await buildWhoFrame(db, { targetCode: 'TGT', maxMissingPercent: null }))).toEqual(['FULL', 'LATE', 'MOST', 'RARE']);
  });

  it("uses the job's own Missing Data setting", async () => {
    const frameOf = async (overrides: Partial<JobDataInput>) => {
      const data = jobDataSchema.parse({ ...jobData(), ...overrides });
      const ctx = { database: testDb.database } as unknown as AppContext;
      const { frame, targetColumn } = await buildFrameForJob(ctx, { data, userId: 1 } as unknown as JobRow);
      return featureNames({ columns: frame.columns, targetColumn });
    };
    expect(await frameOf({})).toEqual(['FULL', 'MOST']);
    // "More than 60%": LATE (55% missing) is kept too; the catalog dropped it at 50% before.
    expect(await frameOf({ maxPercentMissingDatasToPrediction: 60 })).toEqual(['FULL', 'LATE', 'MOST']);
    // Never removed for missing data: every column with a value.
    expect(await frameOf({ maxPercentMissingDatasToPrediction: 'No' })).toEqual(['FULL', 'LATE', 'MOST', 'RARE']);
    expect(await frameOf({ maxPercentMissingDatasToPrediction: 20 })).toEqual(['FULL']);
    // Chosen indicators are taken as they are, whatever their missing share.
    expect(await frameOf({ indicatorsAnalyzingCode: ['RARE', 'LATE'] })).toEqual(['LATE', 'RARE']);
  });
});

/** An all-auto WHO job on TGT with 30% of the rows for testing. */
function jobData(): JobDataInput {
  return {
    ...autoJobSettings(),
    database: 'WHO',
    uploadId: null,
    codePredictionIndicator: 'TGT',
    predictionIndicatorDimensions: [],
    predictionIndicatorYear: null,
    fracUsedToTest: 30,
    MLAlgorithms: ['DT'],
    timeDimension: 'year',
    regionDimension: 'regionName',
  };
}
