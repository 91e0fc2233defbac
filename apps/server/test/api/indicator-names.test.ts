import { strFromU8, unzipSync } from 'fflate';
import { jobReportSchema, newId, type ResultsWithNames } from '@indicata/contracts';
import { jobs } from '../../src/db/schema/index.ts';
import { htmlToText } from '../../src/modules/assistant/sanitize.ts';
import { resultsFixture } from '../../src/modules/reports/results-fixture.ts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';

/**
 * A finished WHO job's stored names reach what the routes write from its results: the built-in report in the
 * reader's language and the download's README. On PGlite only: the routes read one job row, as every job route does.
 */
describe("a WHO job's indicator names in the routes that write from its results", () => {
  let server: TestServer;
  let owner: SignedIn;
  const id = newId();

  beforeAll(async () => {
    server = await createTestServer('pglite');
    owner = await registerAndLogin(server.app);
    const json = JSON.stringify(resultsFixture()).replace(/"LIFE"/g, '"WHOSIS_000001-SEX_FMLE"').replace(/"GDP"/g, '"WHS9_93"');
    const results: ResultsWithNames = { ...JSON.parse(json), indicatorNames: { WHOSIS_000001: 'Life expectancy at birth (years)', WHS9_93: 'Gross national income per capita (PPP int. $)' } };
    await server.ctx.database.db.insert(jobs).values({ id, userId: owner.user.id, currentTime: '2026-11-27 09:00:00.000', data: { database: 'WHO' } as never, seed: 1, name: 'Life', status: 'done', results });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: owner.headers });

  it("writes the built-in report with the names, the dimension in the reader's language", async () => {
    const report = jobReportSchema.parse((await get(`/api/jobs/${id}/report?locale=pt-BR`)).json().report);
    const text = report.sections.map((section) => htmlToText(section.html)).join('\n');
    expect(text).toContain('Expectativa de vida ao nascer (anos), feminino');
    expect(text).toContain('Renda nacional bruta per capita (PPC, dólares internacionais)');
    expect(text).not.toMatch(/WHOSIS_000001|WHS9_93/);
  });

  it("gives each column's name in the download's README", async () => {
    const response = await get(`/api/jobs/${id}/archive`);
    expect(response.statusCode).toBe(200);
    const readme = strFromU8(unzipSync(new Uint8Array(response.rawPayload))['README.md']!);
    expect(readme).toContain('- Predicted: `WHOSIS_000001-SEX_FMLE`: Life expectancy at birth (years), female');
    expect(readme).toContain('  - `WHS9_93`: Gross national income per capita (PPP int. $)');
  });
});
