import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { ensureDemoUser } from '../src/modules/auth/users.ts';
import { postgresUnavailableReason, startPostgresServer, type PostgresServer } from './helpers/postgres-server.ts';
import './helpers/provided.ts';

/**
 * Once per `vitest run` of the server project:
 * - a PostgreSQL 15 server on 127.0.0.1 (or INDICATA_TEST_POSTGRES_URL, an admin URL of your own server),
 *   skipped with a logged reason when the binaries are missing;
 * - a migrated PGlite data dir that createTestServer copies for each test file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: PostgresServer | undefined;
  let adminUrl = process.env.INDICATA_TEST_POSTGRES_URL ?? '';
  let skipReason = '';
  if (!adminUrl) {
    skipReason = postgresUnavailableReason() ?? '';
    if (skipReason) {
      console.warn(`[server tests] PostgreSQL variants skipped: ${skipReason}`);
    } else {
      server = await startPostgresServer();
      adminUrl = server.url;
    }
  }

  const templateRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-pglite-template-'));
  const database = await openDatabase({ dataDir: templateRoot, databaseUrl: undefined });
  try {
    await migrate(database);
    await ensureDemoUser(database.db);
  } finally {
    await database.close();
  }

  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresSkipReason', skipReason);
  project.provide('pgliteTemplateDir', path.join(templateRoot, 'db'));

  return async () => {
    await server?.stop();
    fs.rmSync(templateRoot, { recursive: true, force: true });
  };
}
