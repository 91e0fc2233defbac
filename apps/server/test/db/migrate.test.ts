import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { DEMO_USER_ID } from '@indicata/contracts';
import { openDatabase } from '../../src/db/client.ts';
import { migrate, MIGRATIONS_FOLDER } from '../../src/db/migrate.ts';
import { users } from '../../src/db/schema/index.ts';
import { ensureDemoUser } from '../../src/modules/auth/users.ts';
import { allDatabaseKinds, createTestDatabase, type TestDatabase } from '../helpers/index.ts';

interface Journal {
  entries: { tag: string }[];
}

describe.each(allDatabaseKinds())('migrations on $kind', ({ kind, skip, reason }) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    if (skip) return;
    testDb = await createTestDatabase(kind, { migrated: false });
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it.skipIf(skip)(skip ? `skipped: ${reason}` : 'apply every migration to an empty database, twice without harm', async () => {
    const { database } = testDb;
    await migrate(database);
    await migrate(database);
    const journal = JSON.parse(fs.readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as Journal;
    const applied = await database.query<{ count: string | number }>('SELECT count(*) AS count FROM drizzle.__drizzle_migrations');
    expect(Number(applied.rows[0]?.count)).toBe(journal.entries.length);
    const tables = await database.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['sessions', 'users']));
  });

  it.skipIf(skip)(skip ? `skipped: ${reason}` : 'ensures the demo user once', async () => {
    const { db } = testDb.database;
    await ensureDemoUser(db);
    await ensureDemoUser(db);
    const rows = await db.select().from(users).where(eq(users.id, DEMO_USER_ID));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Demo', passwordHash: '!' });
  });

  it.skipIf(skip || kind !== 'postgres')('lets processes that start together migrate one at a time', async () => {
    const fresh = await createTestDatabase('postgres', { migrated: false });
    const others = await Promise.all([1, 2].map(() => openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl })));
    try {
      await Promise.all([fresh.database, ...others].map((database) => migrate(database)));
      const result = await fresh.database.query<{ count: string }>('SELECT count(*) AS count FROM users');
      expect(Number(result.rows[0]?.count)).toBe(0);
    } finally {
      for (const other of others) await other.close();
      await fresh.close();
    }
  });
});
