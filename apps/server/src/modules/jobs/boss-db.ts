import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';

/** Executes SQL the way pg-boss expects: `(text, values) => { rows }`. */
export type SqlExecutor = PgBoss.Db['executeSql'];

/**
 * pg-boss's database adapter over our open database (no second pool).
 * PGlite has a single connection: parameterised statements go through `query`; pg-boss's multi-statement
 * strings (`BEGIN; ...; COMMIT;`, sent without parameters) through `exec`; and a failed statement is
 * followed by ROLLBACK so the one connection is not left inside an aborted transaction.
 */
export function bossDbFor(database: Database): PgBoss.Db {
  if (database.kind === 'postgres') {
    const pool = database.pool;
    return { executeSql: async (text, values) => pool.query(text, values) };
  }
  const pglite = database.pglite;
  return {
    async executeSql(text, values) {
      try {
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await pglite.query(text, values);
        return { rows: result.rows as unknown[] as Record<string, unknown>[] };
      } catch (error) {
        await pglite.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

/**
 * Runs `work` inside one database transaction on either driver, handing it an executor bound to that
 * transaction. Used to insert a job row and enqueue its pg-boss job atomically: both or neither.
 */
export async function withRawTransaction<T>(database: Database, work: (execute: SqlExecutor) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    return database.pglite.transaction(async (tx) =>
      work(async (text, values) => {
        const result = await tx.query(text, values ?? []);
        return { rows: result.rows as Record<string, unknown>[] };
      }),
    );
  }
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const value = await work(async (text, values) => client.query(text, values));
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
