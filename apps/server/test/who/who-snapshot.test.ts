import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeWhoVintages } from '@indicata/contracts';
import { catalogStatus, listIndicators } from '../../src/modules/who/catalog.ts';
import { importWhoFolder, readWhoFolder } from '../../src/modules/who/import-folder.ts';
import { readWhoSnapshot, SHIPPED_WHO_SNAPSHOT_DIR, writeWhoSnapshot } from '../../src/modules/who/snapshot.ts';
import { importSnapshotAtStartup } from '../../src/modules/who/startup.ts';
import { allDatabaseKinds, createTestServer, type TestServer } from '../helpers/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const MINI = path.join(here, '../fixtures/who-mini');
const SHARED_EXPORT = path.resolve(here, '../../../../../shared/data/who-gho-2018');

describe('the shipped WHO snapshot', () => {
  it('holds every indicator, country and observation of the 2018 GHO export, as the import normalises them', async () => {
    const snapshot = await readWhoSnapshot(SHIPPED_WHO_SNAPSHOT_DIR);
    expect(snapshot.meta).toMatchObject({ vintage: '2018-07', title: 'WHO GHO export of 2018-07', indicators: 43, countries: 195, observations: 215_190 });
    const files = ['observations.tsv.gz', 'indicators.tsv', 'countries.tsv'].map((f) => fs.statSync(path.join(SHIPPED_WHO_SNAPSHOT_DIR, f)).size);
    expect(files.reduce((a, b) => a + b)).toBeLessThan(4 * 1024 * 1024);
    for (const required of ['PROVENANCE.txt', 'LICENCE.txt']) expect(fs.existsSync(path.join(SHIPPED_WHO_SNAPSHOT_DIR, required))).toBe(true);

    let observations = 0;
    const byCode = new Map<string, number>();
    for await (const indicator of snapshot.indicators()) {
      observations += indicator.observations.length;
      byCode.set(indicator.code, indicator.observations.length);
    }
    expect(observations).toBe(215_190);
    expect(byCode.size).toBe(43);
    expect(byCode.get('UHC_INDEX_REPORTED')).toBe(0);

    // Where the export itself is at hand (../shared), the snapshot equals what the folder reader gives.
    if (!fs.existsSync(SHARED_EXPORT)) return;
    const folder = await readWhoFolder(SHARED_EXPORT, ['WHOSIS_000001', 'WHS6_102']);
    const fromFolder = new Map<string, unknown>();
    for await (const indicator of folder.indicators()) fromFolder.set(indicator.code, indicator.observations);
    for await (const indicator of snapshot.indicators()) {
      if (fromFolder.has(indicator.code)) expect(indicator.observations).toEqual(fromFolder.get(indicator.code));
    }
  });
});

describe.each(allDatabaseKinds())('the WHO snapshot at start-up on $kind', ({ kind, skip, reason }) => {
  describe.skipIf(skip)(reason ?? '', () => {
    let server: TestServer;
    let dir: string;
    beforeAll(async () => {
      server = await createTestServer(kind);
      // A snapshot of the mini fixture: the same code path as the shipped one, in a fraction of the time.
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-snapshot-'));
      const folder = await readWhoFolder(MINI);
      await writeWhoSnapshot(dir, folder.indicators(), { vintage: '2018-07', title: 'WHO GHO export of 2018-07', source: 'test' });
    });
    afterAll(async () => {
      await server?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('fills an empty catalog once with its vintage, leaves it alone afterwards, and an import extends it', async () => {
      const db = server.ctx.database.db;
      const messages: string[] = [];
      const logger = Object.assign(Object.create(server.ctx.logger), { info: (...args: unknown[]) => messages.push(String(args.at(-1))) });
      const ctx = { ...server.ctx, logger };
      // Two processes starting together (http + worker): one imports, the other finds it done.
      await Promise.all([importSnapshotAtStartup(ctx, dir), importSnapshotAtStartup(ctx, dir)]);
      const status = await catalogStatus(db);
      expect(status).toMatchObject({ available: true, indicators: 2, observations: 10 });
      expect(describeWhoVintages(status.vintages)).toBe('WHO GHO export of 2018-07');
      expect(messages.some((m) => m.includes('WHO snapshot import 100% (2/2 indicators)'))).toBe(true);
      expect(messages.filter((m) => m === 'WHO snapshot imported')).toHaveLength(1);
      expect((await listIndicators(db)).map((i) => i.code)).toEqual(['BEDS', 'LIFE']);

      messages.length = 0;
      await importSnapshotAtStartup(ctx, dir);
      expect(messages).toEqual([]);

      // An import on top keeps the snapshot's data and adds its own vintage line.
      await importWhoFolder(db, MINI, { indicators: ['BEDS'] });
      const after = await catalogStatus(db);
      expect(after.vintages.map((v) => v.kind).sort()).toEqual(['import', 'snapshot']);
      expect(describeWhoVintages(after.vintages)).toMatch(/^WHO GHO export imported on \d{4}-\d{2}-\d{2}; WHO GHO export of 2018-07$/);
      // With an import in the catalog, a changed snapshot is not forced upon it.
      const changed = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-snapshot-'));
      try {
        await writeWhoSnapshot(changed, (await readWhoFolder(MINI, ['LIFE'])).indicators(), { vintage: '2019-01', title: 'x', source: 'test' });
        await importSnapshotAtStartup(ctx, changed);
        expect(describeWhoVintages((await catalogStatus(db)).vintages)).toContain('2018-07');
      } finally {
        fs.rmSync(changed, { recursive: true, force: true });
      }
    });
  });
});
