import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase as DrizzlePglite } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';

/** apps/server/drizzle: the drizzle-kit output, one folder for both drivers. */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Any number that is the same in every Indicata process: the advisory lock serialising migrations. */
const MIGRATION_LOCK_KEY = 4_815_162_342;

/**
 * Applies every pending migration of apps/server/drizzle. Idempotent. On PostgreSQL, processes that start
 * together (http + worker) take turns through an advisory lock, so a migration never runs twice.
 * @param database an open database
 * @param migrationsFolder override for tests
 */
export async function migrate(database: Database, migrationsFolder: string = MIGRATIONS_FOLDER): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as DrizzlePglite, { migrationsFolder });
    return;
  }
  const lockClient = await database.pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
}
