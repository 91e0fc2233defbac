import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { whoCatalogSources } from '../../src/db/schema/index.ts';
import { catalogStatus } from '../../src/modules/who/catalog.ts';
import { importWhoAtStartup } from '../../src/modules/who/startup.ts';
import { createTestServer, type TestServer } from '../helpers/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const MINI = path.join(here, '../fixtures/who-mini');

describe('WHO_IMPORT_DIR at start-up (pglite)', () => {
  let server: TestServer;
  let copy: string;
  beforeAll(async () => {
    server = await createTestServer('pglite');
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-who-'));
    fs.cpSync(MINI, copy, { recursive: true });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(copy, { recursive: true, force: true });
  });

  const stamp = async () => (await server.ctx.database.db.select().from(whoCatalogSources))[0]?.finishedAt.getTime();

  it('imports when the catalog is empty, skips an unchanged folder and re-imports a changed one', async () => {
    const ctx = { ...server.ctx, config: { ...server.ctx.config, whoImportDir: copy, whoImportIndicators: [] } };
    await importWhoAtStartup(ctx);
    expect(await catalogStatus(ctx.database.db)).toMatchObject({ available: true, indicators: 2 });
    const first = await stamp();

    await importWhoAtStartup(ctx);
    expect(await stamp()).toBe(first);

    const beds = path.join(copy, 'source/BEDS.csv');
    fs.appendFileSync(beds, '"BEDS","PUBLISHED","2002","AFR","KEN","9","9.0","","",""\n');
    await importWhoAtStartup(ctx);
    expect(await stamp()).toBeGreaterThan(first as number);
    expect((await catalogStatus(ctx.database.db)).observations).toBe(11);

    // A different subset is a change too.
    const subset = { ...ctx, config: { ...ctx.config, whoImportIndicators: ['BEDS'] } };
    const before = await stamp();
    await importWhoAtStartup(subset);
    expect(await stamp()).toBeGreaterThan(before as number);
  });

  it('logs and carries on when the folder is not a WHO export', async () => {
    const errors: unknown[] = [];
    const logger = Object.assign(Object.create(server.ctx.logger), { error: (...args: unknown[]) => errors.push(args) });
    const ctx = { ...server.ctx, logger, config: { ...server.ctx.config, whoImportDir: path.join(copy, 'nope') } };
    await expect(importWhoAtStartup(ctx)).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
