import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { ensureDemoUser } from '../src/modules/auth/users.ts';
import { postgresUnavailableReason, startPostgresServer, type PostgresServer } from './helpers/postgres-server.ts';
import './helpers/provided.ts';
import { makeTestTempDir } from './helpers/temp-dir.ts';

/**
 * Once per `vitest run` of the server project:
 * - a PostgreSQL 15 server on 127.0.0.1 (or INDICATA_TEST_POSTGRES_URL, an admin URL of your own server),
 *   skipped with a logged reason when the binaries are missing;
 * - a migrated PGlite data dir that createTestServer copies for each test file, migrated from a copy of an empty
 *   cluster kept between runs (emptyPgliteCluster);
 * - on that PostgreSQL, a migrated template database that each test database is created from (CREATE DATABASE
 *   ... TEMPLATE: about 0.1 s, where migrating a new database took 0.6 s).
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

  const emptyCluster = await emptyPgliteCluster();
  const templateRoot = makeTestTempDir('indicata-pglite-template-');
  fs.cpSync(emptyCluster, path.join(templateRoot, 'db'), { recursive: true });
  const database = await openDatabase({ dataDir: templateRoot, databaseUrl: undefined });
  try {
    await migrate(database);
    await ensureDemoUser(database.db);
  } finally {
    await database.close();
  }

  let postgresTemplate = '';
  if (adminUrl) {
    postgresTemplate = `indicata_template_${process.pid}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${postgresTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplate}`;
    // Its DATA_DIR holds nothing (no PGlite, no files): the session secret at most.
    const dataDir = makeTestTempDir('indicata-postgres-template-');
    const template = await openDatabase({ dataDir, databaseUrl: url.toString() });
    try {
      await migrate(template);
      await ensureDemoUser(template.db);
    } finally {
      // Closed: CREATE DATABASE ... TEMPLATE refuses a template that has connections.
      await template.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplateDatabase', postgresTemplate);
  project.provide('postgresSkipReason', skipReason);
  project.provide('pgliteTemplateDir', path.join(templateRoot, 'db'));
  project.provide('pgliteEmptyDir', emptyCluster);

  return async () => {
    // On a server of your own (INDICATA_TEST_POSTGRES_URL) the template would stay; ours goes with the server.
    if (postgresTemplate && !server) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
    await server?.stop();
    fs.rmSync(templateRoot, { recursive: true, force: true });
  };
}

const PGLITE_DIR = fileURLToPath(new URL('../../../node_modules/@electric-sql/pglite/', import.meta.url));

/**
 * A new, empty PGlite cluster (what PGlite's initdb makes in an empty folder), kept between runs in
 * node_modules/.cache under a key of PGlite's version and its WASM files: initdb costs about 9.6 CPU-s, a copy of
 * its result a fraction of one. The template is then migrated from it afresh on every run, so a changed migration
 * or demo user is never read from the cache. Built in a temp folder and renamed into place, so runs that start
 * together never see half a cluster.
 * @returns the folder of the cluster, to copy (never to open in place)
 */
async function emptyPgliteCluster(): Promise<string> {
  const hash = createHash('sha256').update(fs.readFileSync(path.join(PGLITE_DIR, 'package.json')));
  for (const file of ['pglite.wasm', 'initdb.wasm', 'pglite.data']) {
    const stat = fs.statSync(path.join(PGLITE_DIR, 'dist', file));
    hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
  }
  const cacheRoot = fileURLToPath(new URL('../../../node_modules/.cache/indicata-pglite-cluster/', import.meta.url));
  const cluster = path.join(cacheRoot, hash.digest('hex').slice(0, 16));
  if (fs.existsSync(cluster)) return cluster;
  fs.mkdirSync(cacheRoot, { recursive: true });
  const building = fs.mkdtempSync(path.join(cacheRoot, 'building-'));
  try {
    const pglite = await PGlite.create(path.join(building, 'db'));
    await pglite.close();
    try {
      fs.renameSync(path.join(building, 'db'), cluster);
    } catch (error) {
      // Another run put its own cluster there first: the same files.
      if (!fs.existsSync(cluster)) throw error;
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return cluster;
}

/** One statement on the admin connection. */
async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
