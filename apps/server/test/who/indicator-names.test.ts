import type { ResultsWithNames } from '@indicata/contracts';
import type { AppContext } from '../../src/context.ts';
import { htmlToText } from '../../src/modules/assistant/sanitize.ts';
import { whoIndicators } from '../../src/db/schema/index.ts';
import { writeJobReport } from '../../src/modules/jobs/job-report.ts';
import { withIndicatorNames } from '../../src/modules/who/indicator-names.ts';
import { resultsFixture } from '../../src/modules/reports/results-fixture.ts';
import { allDatabaseKinds, createTestDatabase, type TestDatabase } from '../helpers/index.ts';

/** The report fixture as a WHO job's results: its target and first input are catalog codes. */
function whoResults(): ResultsWithNames {
  const json = JSON.stringify(resultsFixture()).replace(/"LIFE"/g, '"LIFE-SEX_FMLE"').replace(/"GDP"/g, '"GNI"');
  return { ...(JSON.parse(json) as ResultsWithNames), whoVintages: [] };
}

describe.each(allDatabaseKinds())('a finished WHO job keeps the names of its indicators on $kind', ({ kind, skip, reason }) => {
  let testDb: TestDatabase;
  let ctx: AppContext;
  beforeAll(async () => {
    if (skip) return;
    testDb = await createTestDatabase(kind);
    await testDb.database.db.insert(whoIndicators).values([
      { code: 'LIFE', label: 'Life expectancy at birth (years)' },
      { code: 'GNI', label: 'Gross national income per capita (PPP int. $)' },
      { code: 'BEDS', label: 'Hospital beds (per 10 000 population)' },
    ]);
    ctx = { database: testDb.database } as AppContext;
  });
  afterAll(async () => testDb?.close());

  it.skipIf(skip)(`stores the catalog's labels of the codes its results use, and its report says them ${reason}`, async () => {
    // What runJob stores with a WHO job's results (and what a job finished before names were stored is given on reading).
    const results = await withIndicatorNames(testDb.database.db, whoResults());
    const report = await writeJobReport(ctx, results, undefined, 'en');
    // Only the codes the results use: the catalog's other indicators are not copied into every job.
    expect(results.indicatorNames).toEqual({ LIFE: 'Life expectancy at birth (years)', GNI: 'Gross national income per capita (PPP int. $)' });
    const text = report.sections.map((section) => htmlToText(section.html)).join('\n');
    expect(text).toContain('Life expectancy at birth (years), female');
    expect(text).toContain('The most informative indicator is Gross national income per capita (PPP int. $)');
    expect(text).not.toMatch(/\bGNI\b|LIFE-SEX_FMLE/);
    // Stored names are kept as they are: a later import that renames an indicator renames no finished job.
    const stored = { ...results, indicatorNames: { LIFE: 'Life expectancy (old label)', GNI: 'GNI (old label)' } };
    expect((await withIndicatorNames(testDb.database.db, stored)).indicatorNames).toEqual(stored.indicatorNames);
  });

  it.skipIf(skip)(`leaves an upload's results without names (its columns are names already) ${reason}`, async () => {
    const results = await withIndicatorNames(testDb.database.db, resultsFixture());
    await writeJobReport(ctx, results, undefined, 'en');
    expect(results.indicatorNames).toBeUndefined();
  });
});
