import { newId } from '@indicata/contracts';
import { uploads } from '../../src/db/schema/index.ts';
import { lockAndCheckUploadQuota } from '../../src/modules/uploads/quota.ts';
import { allDatabaseKinds, createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { panelCsv, uploadJobData, uploadPanel } from '../jobs/fixtures.ts';

const ACTIVE_JOBS = 5;
const PARALLEL_JOBS = 50;
const UPLOAD_QUOTA = 1_000_000;
const PARALLEL_UPLOADS = 20;

/** A semicolon panel of at least `bytes` bytes (region;year;score;f1 ...). */
function panelOfSize(bytes: number): string {
  let regions = 10;
  let csv = panelCsv(regions, 10);
  while (csv.length < bytes) {
    regions = Math.ceil((regions * bytes) / csv.length) + 1;
    csv = panelCsv(regions, 10);
  }
  return csv;
}

/**
 * The active-job and upload quotas hold when one user sends many requests at once: the count and the insert
 * are one transaction holding the user's row (SELECT ... FOR UPDATE), on PGlite and on PostgreSQL.
 * (Before: 20 parallel submissions gave 17 active jobs against a quota of 5 on PostgreSQL, and 10 parallel
 * 400 kB uploads against a 1 MB quota all answered 201.)
 */
describe.each(allDatabaseKinds())('quotas under concurrent requests ($kind)', ({ kind, skip, reason }) => {
  if (skip) it.skip(`skipped: ${reason}`, () => {});
  describe.skipIf(skip)(kind, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(kind, { initialize: true, config: { quotas: { activeJobs: ACTIVE_JOBS, uploadBytes: UPLOAD_QUOTA, eventStreams: 10 } } });
    });
    afterAll(async () => server?.close());

    it(`lets exactly QUOTA_ACTIVE_JOBS of ${PARALLEL_JOBS} simultaneous submissions in; the rest answer 429`, async () => {
      const user: SignedIn = await registerAndLogin(server.app);
      const data = uploadJobData(await uploadPanel(server.ctx, user.user.id));
      const answers = await Promise.all(
        Array.from({ length: PARALLEL_JOBS }, (_, i) =>
          server.app.inject({ method: 'POST', url: '/api/jobs', headers: { ...user.headers, 'content-type': 'application/json' }, payload: JSON.stringify({ name: `parallel ${i}`, data }) }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(ACTIVE_JOBS);
      expect(statuses.filter((s) => s === 429)).toHaveLength(PARALLEL_JOBS - ACTIVE_JOBS);
      const { rows } = await server.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE user_id = $1 AND status IN ('pending', 'running')`, [user.user.id]);
      expect(rows[0].n).toBe(ACTIVE_JOBS);
    });

    it(`stores no more than QUOTA_UPLOAD_BYTES when ${PARALLEL_UPLOADS} uploads of 400 kB arrive at once`, async () => {
      const user: SignedIn = await registerAndLogin(server.app);
      const csv = panelOfSize(400_000);
      const form = new FormData();
      form.append('spatialColumn', 'region');
      form.append('temporalColumn', 'year');
      form.append('file', new Blob([csv]), 'panel.csv');
      const encoded = new Response(form);
      const contentType = encoded.headers.get('content-type')!;
      const payload = Buffer.from(await encoded.arrayBuffer());
      const answers = await Promise.all(
        Array.from({ length: PARALLEL_UPLOADS }, () =>
          server.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, 'content-type': contentType }, payload }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      const fit = Math.floor(UPLOAD_QUOTA / Buffer.byteLength(csv));
      expect(statuses.filter((s) => s === 201)).toHaveLength(fit);
      expect(statuses.filter((s) => s === 413)).toHaveLength(PARALLEL_UPLOADS - fit);
      for (const refused of answers.filter((a) => a.statusCode === 413)) expect(refused.json().error.code).toBe('uploadQuotaExceeded');
      const { rows } = await server.ctx.database.query<{ total: number }>(`SELECT coalesce(sum(bytes), 0)::float8 AS total FROM uploads WHERE user_id = $1`, [user.user.id]);
      expect(rows[0].total).toBeLessThanOrEqual(UPLOAD_QUOTA);
      expect(rows[0].total).toBe(fit * Buffer.byteLength(csv));
    });

    it('records no more than the quota when uploads reach the database at once through several connections (the locked check alone)', async () => {
      const user: SignedIn = await registerAndLogin(server.app);
      const size = 400_000;
      // Straight to the check in the insert's transaction, with no per-process reservation in front (as when each
      // upload came through another server process), and a pause between the check and the insert.
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          server.ctx.database.db.transaction(async (tx) => {
            await lockAndCheckUploadQuota(tx, user.user.id, size, UPLOAD_QUOTA);
            await new Promise((resolve) => setTimeout(resolve, 50));
            await tx.insert(uploads).values({
              id: newId(),
              userId: user.user.id,
              fileName: `p${i}.csv`,
              storedName: `${Date.now()}_p${i}_${user.user.id}`,
              storageKey: `csvs/none-${i}`,
              columns: [],
              selectedRegionColumn: 'region',
              selectedYearColumn: 'year',
              regionValues: [],
              yearValues: [],
              numericColumns: [],
              nonNumericCells: {},
              rowCount: 1,
              bytes: size,
            });
          }),
        ),
      );
      const fit = Math.floor(UPLOAD_QUOTA / size);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(fit);
      for (const refused of outcomes.filter((o) => o.status === 'rejected')) expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 413, code: 'uploadQuotaExceeded' });
      const { rows } = await server.ctx.database.query<{ total: number }>(`SELECT coalesce(sum(bytes), 0)::float8 AS total FROM uploads WHERE user_id = $1`, [user.user.id]);
      expect(rows[0].total).toBe(fit * size);
    });
  });
});
