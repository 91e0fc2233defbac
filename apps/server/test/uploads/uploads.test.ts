import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES, newId, uploadRecordSchema } from '@indicata/contracts';
import { inArray } from 'drizzle-orm';
import { jobs, uploads } from '../../src/db/schema/index.ts';
import { buildUploadFrame } from '../../src/modules/uploads/frame.ts';
import { allDatabaseKinds, createTestServer, loginAsDemo, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => fs.readFileSync(path.join(here, '../fixtures/csv', name));

/** A multipart/form-data body as a browser sends it. */
async function multipart(file: { name: string; content: Uint8Array | string } | null, fields: Record<string, string>) {
  const form = new FormData();
  if (file) form.append('file', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)]), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') as string,
  };
}

const COLUMNS = { spatialColumn: 'country', temporalColumn: 'year' };

describe.each(allDatabaseKinds())('CSV uploads on $kind', ({ kind, skip, reason }) => {
  let server: TestServer;
  let owner: SignedIn;
  let filesDir: string;
  beforeAll(async () => {
    if (skip) return;
    server = await createTestServer(kind, { config: { uploadMaxBytes: 4096 } });
    filesDir = path.join(server.ctx.config.dataDir, 'files');
    owner = await registerAndLogin(server.app);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = async (user: SignedIn, file: { name: string; content: Uint8Array | string } | null, fields: Record<string, string> = COLUMNS) => {
    const body = await multipart(file, fields);
    return server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...user.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const storedFiles = () => (fs.existsSync(path.join(filesDir, 'csvs')) ? fs.readdirSync(path.join(filesDir, 'csvs')) : []);
  const recordCount = async () => (await server.ctx.database.db.select().from(uploads)).length;

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'upload', () => {
    it('stores a semicolon CSV at csvs/{timestamp}_{sanitised name} and records its columns and values', async () => {
      const before = Date.now();
      const response = await post(owner, { name: 'my panel #1.csv', content: fixture('panel.csv') });
      expect(response.statusCode).toBe(201);
      const record = uploadRecordSchema.parse(response.json());
      expect(record.storedName).toMatch(/^\d{13}_my_panel_1csv$/);
      expect(Number(record.storedName.split('_')[0])).toBeGreaterThanOrEqual(before);
      expect(record).toMatchObject({
        fileName: 'my panel #1.csv',
        fileUrl: `csvs/${record.storedName}`,
        columns: ['country', 'year', 'life', 'beds', 'note'],
        selectedRegionColumn: 'country',
        selectedYearColumn: 'year',
        regionValues: ['Brazil', 'France', 'Kenya'],
        yearValues: [2000, 2001],
        numericColumns: ['life', 'beds'],
        nonNumericCells: { beds: 1 },
        rowCount: 6,
      });
      // The bytes are stored unchanged; formula-like cells stay text.
      const stored = fs.readFileSync(path.join(filesDir, record.fileUrl));
      expect(stored.equals(fixture('panel.csv'))).toBe(true);

      const one = await server.app.inject({ method: 'GET', url: `/api/uploads/${record.id}`, headers: owner.headers });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(record);
      const list = await server.app.inject({ method: 'GET', url: '/api/uploads', headers: owner.headers });
      expect(list.json().uploads.map((u: { id: string }) => u.id)).toContain(record.id);

      const frame = await buildUploadFrame(server.ctx.storage!, record);
      expect(frame.space).toEqual(['France', 'France', 'Brazil', 'Brazil', 'Kenya', 'Kenya']);
      expect(frame.columns.map((c) => c.name)).toEqual(['life', 'beds']);
      expect(frame.columns[0].values[0]).toBe(79.5);
      expect(frame.textColumns).toEqual(['note']);
    });

    it('exports an upload with formula-like cells escaped', async () => {
      const created = (await post(owner, { name: 'formulas.csv', content: fixture('panel.csv') })).json();
      const response = await server.app.inject({ method: 'GET', url: `/api/uploads/${created.id}/download`, headers: owner.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe('country;year;life;beds;note');
      expect(lines[1]).toBe('France;2000;79,5;70;"first; with semicolon"');
      expect(response.body).toContain(`Brazil;2000;70.2;24;"'=HYPERLINK(""http://x"")"`);
      expect(response.body).toContain("Brazil;2001;70.9;;'+cmd");
      expect(response.body).toContain("Kenya;2000;55.3;14;'@SUM(A1)");
      expect(response.body).toContain("Kenya;2001;56;13;'-x");
      const other = await registerAndLogin(server.app);
      const hidden = await server.app.inject({ method: 'GET', url: `/api/uploads/${created.id}/download`, headers: other.headers });
      expect(hidden.statusCode).toBe(404);
    });

    it('accepts a BOM and CRLF line ends', async () => {
      const response = await post(owner, { name: 'bom.csv', content: fixture('bom-crlf.csv') });
      expect(response.statusCode).toBe(201);
      expect(response.json().columns).toEqual(['country', 'year', 'value']);
    });

    it("keeps another user's uploads hidden (404) and refuses the demo account (403)", async () => {
      const created = await post(owner, { name: 'private.csv', content: 'country;year;v\nA;2000;1\n' });
      const other = await registerAndLogin(server.app);
      const response = await server.app.inject({ method: 'GET', url: `/api/uploads/${created.json().id}`, headers: other.headers });
      expect(response.statusCode).toBe(404);
      const list = await server.app.inject({ method: 'GET', url: '/api/uploads', headers: other.headers });
      expect(list.json()).toEqual({ uploads: [] });
      const demo = await loginAsDemo(server.app);
      const files = storedFiles().length;
      const refused = await post(demo, { name: 'demo.csv', content: 'country;year;v\nA;2000;1\n' });
      expect(refused.statusCode).toBe(403);
      expect(storedFiles()).toHaveLength(files);
    });

    const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe]);
    const refusals: [string, { name: string; content: Uint8Array | string } | null, Record<string, string>, string][] = [
      ['no file', null, COLUMNS, MESSAGES.csvNeedsFileAndColumns],
      ['an empty file', { name: 'e.csv', content: '' }, COLUMNS, MESSAGES.csvEmptyOrMalformed],
      ['a header only', { name: 'h.csv', content: 'country;year;v\r\n' }, COLUMNS, MESSAGES.csvEmptyOrMalformed],
      ['a name not ending in .csv', { name: 'data.txt', content: 'country;year;v\nA;2000;1' }, COLUMNS, MESSAGES.csvNotCsv],
      ['commas', { name: 'c.csv', content: 'country,year,v\nA,2000,1' }, COLUMNS, 'The delimiter "," was detected. Only files with the ";" delimiter are accepted.'],
      ['tabs', { name: 't.csv', content: 'country\tyear\tv\nA\t2000\t1' }, COLUMNS, 'The delimiter "\\t" was detected. Only files with the ";" delimiter are accepted.'],
      ['colons', { name: 'k.csv', content: 'country:year:v\nA:2000:1' }, COLUMNS, 'The delimiter ":" was detected. Only files with the ";" delimiter are accepted.'],
      ['an unclosed quote', { name: 'q.csv', content: 'country;year;v\nB;1999;2\n"A;2000;1\n' }, COLUMNS, 'CSV file is empty or malformed. Line 3 opens a quoted value (") that is never closed. Close the quote or remove it, then try again.'],
      ['duplicate column names', { name: 'd.csv', content: 'country;year;year\nA;2000;1' }, COLUMNS, 'CSV file is empty or malformed. The column name "year" appears more than once. Each column needs its own name.'],
      ['an empty column name', { name: 'n.csv', content: 'country;year;\nA;2000;1' }, COLUMNS, 'CSV file is empty or malformed. Column 3 has no name. Every column needs a name in the first line.'],
      ['binary content', { name: 'image.csv', content: binary }, COLUMNS, 'CSV file is empty or malformed. The file is not text. Save it as a semicolon-separated CSV (UTF-8) and try again.'],
      ['no spatial column chosen', { name: 'x.csv', content: 'country;year;v\nA;2000;1' }, { temporalColumn: 'year' }, MESSAGES.csvNeedsFileAndColumns],
      ['a chosen column that does not exist', { name: 'x.csv', content: 'country;year;v\nA;2000;1' }, { spatialColumn: 'region', temporalColumn: 'year' }, 'The column "region" is not in the file.'],
      ['a non-numeric temporal column', { name: 'x.csv', content: 'country;year;v\nA;2000;1\nB;soon;2' }, COLUMNS, 'The temporal column "year" must hold numbers such as years; line 3 has "soon".'],
      ['a repeated place and time', { name: 'x.csv', content: 'country;year;v\nA;2000;1\nA;2000;2' }, COLUMNS, 'The pair "A" / "2000" appears on lines 2 and 3; each place and time must appear once.'],
      ['no numeric column', { name: 'x.csv', content: 'country;year;v\nA;2000;x' }, COLUMNS, 'Besides the spatial and temporal columns the file needs at least one numeric column.'],
    ];
    it.each(refusals)('refuses %s with its message and leaves nothing stored', async (_label, file, fields, message) => {
      const [files, records] = [storedFiles().length, await recordCount()];
      const response = await post(owner, file, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
      expect(storedFiles()).toHaveLength(files);
      expect(await recordCount()).toBe(records);
    });

    it('refuses a file over UPLOAD_MAX_BYTES with 413 and a clear message', async () => {
      const [files, records] = [storedFiles().length, await recordCount()];
      const big = `country;year;v\n${Array.from({ length: 600 }, (_, i) => `C${i};2000;${i}`).join('\n')}\n`;
      const response = await post(owner, { name: 'big.csv', content: big });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toEqual({ code: 'csvTooLarge', message: 'The file is larger than the 4 KiB limit.' });
      expect(storedFiles()).toHaveLength(files);
      expect(await recordCount()).toBe(records);
    });

    it('needs a session and the CSRF header', async () => {
      const body = await multipart({ name: 'a.csv', content: 'country;year;v\nA;2000;1' }, COLUMNS);
      const anonymous = await server.app.inject({ method: 'POST', url: '/api/uploads', headers: { 'content-type': body.contentType, 'x-indicata-request': '1' }, payload: body.payload });
      expect(anonymous.statusCode).toBe(401);
      const noCsrf = await server.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: owner.cookie, 'content-type': body.contentType }, payload: body.payload });
      expect(noCsrf.statusCode).toBe(403);
    });

    it('refuses to delete an upload that a queued or running job reads, and deletes it once those jobs ended', async () => {
      const created = (await post(owner, { name: 'busy.csv', content: 'country;year;v\nA;2000;1\n' })).json();
      const jobOf = (status: 'pending' | 'running' | 'done') => ({
        id: newId(),
        userId: owner.user.id,
        name: status,
        currentTime: '2026-01-01 00:00:00.000',
        status,
        data: { database: created.storedName, uploadId: created.id } as never,
        seed: 1,
      });
      const [queued, running, finished] = [jobOf('pending'), jobOf('running'), jobOf('done')];
      await server.ctx.database.db.insert(jobs).values([queued, running, finished]);
      const refused = await server.app.inject({ method: 'DELETE', url: `/api/uploads/${created.id}`, headers: owner.headers });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'uploadInUse', message: MESSAGES.uploadInUse });
      expect(fs.existsSync(path.join(filesDir, created.fileUrl))).toBe(true);
      expect((await server.app.inject({ method: 'GET', url: `/api/uploads/${created.id}`, headers: owner.headers })).statusCode).toBe(200);
      await server.ctx.database.db.update(jobs).set({ status: 'cancelled' }).where(inArray(jobs.id, [queued.id, running.id]));
      const deleted = await server.app.inject({ method: 'DELETE', url: `/api/uploads/${created.id}`, headers: owner.headers });
      expect(deleted.statusCode).toBe(204);
      expect(fs.existsSync(path.join(filesDir, created.fileUrl))).toBe(false);
    });

    it('deletes an upload with its file', async () => {
      const created = (await post(owner, { name: 'gone.csv', content: 'country;year;v\nA;2000;1\n' })).json();
      expect(fs.existsSync(path.join(filesDir, created.fileUrl))).toBe(true);
      const response = await server.app.inject({ method: 'DELETE', url: `/api/uploads/${created.id}`, headers: owner.headers });
      expect(response.statusCode).toBe(204);
      expect(fs.existsSync(path.join(filesDir, created.fileUrl))).toBe(false);
      const again = await server.app.inject({ method: 'GET', url: `/api/uploads/${created.id}`, headers: owner.headers });
      expect(again.statusCode).toBe(404);
    });
  });
});
