import { REPORT_SECTION_TITLES, jobReportSchema, newId } from '@indicata/contracts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { jobs } from '../../src/db/schema/index.ts';
import { resultsFixture } from '../../src/modules/reports/results-fixture.ts';
import { builtinReport } from '../../src/modules/reports/write-report.ts';

/**
 * GET /api/jobs/:id/report?locale=: the built-in analyst's report of a finished job in the reader's language, written
 * from the stored results (the stored report keeps the language the job was submitted in). On PGlite only: the route
 * reads one job row as every other job route does, with no PostgreSQL-specific path.
 */
describe("a finished job's built-in report in the reader's language", () => {
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;
  const done = newId();
  const running = newId();

  beforeAll(async () => {
    server = await createTestServer('pglite');
    owner = await registerAndLogin(server.app);
    other = await registerAndLogin(server.app);
    const results = resultsFixture();
    const row = { userId: owner.user.id, currentTime: '2026-11-27 09:00:00.000', data: { database: 'WHO' } as never, seed: 1 };
    await server.ctx.database.db.insert(jobs).values([
      // Submitted in English, so its stored report is English.
      { ...row, id: done, name: 'Life', status: 'done', results, report: builtinReport(results, 'en') },
      { ...row, id: running, name: 'Still running', status: 'running' },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (url: string, who: SignedIn = owner) => server.app.inject({ method: 'GET', url, headers: who.headers });

  it('writes it in Portuguese for a Portuguese reader, though the job was submitted in English', async () => {
    const response = await get(`/api/jobs/${done}/report?locale=pt-BR`);
    expect(response.statusCode).toBe(200);
    const report = jobReportSchema.parse(response.json().report);
    expect(report.locale).toBe('pt-BR');
    expect(report.provider.kind).toBe('builtin');
    expect(report.sections.map((section) => section.title)).toEqual(Object.values(REPORT_SECTION_TITLES['pt-BR']));
    const limitations = report.sections.find((section) => section.key === 'limitations')!.html;
    expect(limitations).toContain('Treino nos anos antes de 2016');
    expect(limitations).not.toContain('Trained on');
  });

  it('writes it in English when no language is asked for', async () => {
    const response = await get(`/api/jobs/${done}/report`);
    expect(response.statusCode).toBe(200);
    expect(response.json().report.locale).toBe('en');
  });

  it('refuses a language it does not write (400), a job that is not done (409) and someone else\'s job (404)', async () => {
    expect((await get(`/api/jobs/${done}/report?locale=fr`)).statusCode).toBe(400);
    expect((await get(`/api/jobs/${running}/report?locale=en`)).statusCode).toBe(409);
    const foreign = await get(`/api/jobs/${done}/report?locale=en`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Treino');
  });
});
