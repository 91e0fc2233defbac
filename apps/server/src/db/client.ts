import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema/index.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';

export type Schema = typeof schema;

/**
 * The Drizzle instance, typed over the whole schema; the same API on PGlite and on PostgreSQL:
 * `db.select().from(t)`, `db.insert(t).values(...)`, `db.transaction(async (tx) => ...)`, `db.query.<table>`.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface RawQueryResult<Row> {
  rows: Row[];
}

interface DatabaseBase {
  db: Db;
  /** Raw parameterised SQL ($1, $2 ...) outside Drizzle, on either driver. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<RawQueryResult<Row>>;
  /** Raw SQL that may hold several statements and no parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface PgliteDatabase extends DatabaseBase {
  kind: 'pglite';
  /** The embedded instance (one connection; pg-boss's adapter needs `query` and `exec`). */
  pglite: PGlite;
  /** Folder of the PGlite files. */
  dataDir: string;
}

export interface PostgresDatabase extends DatabaseBase {
  kind: 'postgres';
  /** The connection pool (pg-boss can reuse it, LISTEN needs its own client from `connectionString`). */
  pool: pg.Pool;
  connectionString: string;
}

export type Database = PgliteDatabase | PostgresDatabase;
export type DatabaseKind = Database['kind'];

/**
 * Opens the database the configuration names: PostgreSQL when `databaseUrl` is set, otherwise PGlite under
 * `dataDir/db`, holding the DATA_DIR lock for as long as it is open (one process per embedded database).
 * Does not migrate: call `migrate(database)` next.
 * @param config only `databaseUrl` and `dataDir` are read
 * @throws DataDirLockedError when another live process owns the embedded database
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(config.dataDir);
}

async function openPglite(dataDir: string): Promise<PgliteDatabase> {
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  try {
    const dbDir = path.join(dataDir, 'db');
    fs.mkdirSync(dataDir, { recursive: true });
    const pglite = await PGlite.create(dbDir);
    const db = drizzlePglite(pglite, { schema }) as unknown as Db;
    let closed = false;
    return {
      kind: 'pglite',
      db,
      pglite,
      dataDir: dbDir,
      async query<Row>(sql: string, params: unknown[] = []) {
        const result = await pglite.query<Row>(sql, params);
        return { rows: result.rows };
      },
      async exec(sql: string) {
        await pglite.exec(sql);
      },
      async close() {
        if (closed) return;
        closed = true;
        try {
          await pglite.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPostgres(connectionString: string): Promise<PostgresDatabase> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const probe = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  probe.release();
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pool,
    connectionString,
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
