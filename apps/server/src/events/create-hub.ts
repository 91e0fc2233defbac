import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { EventHub } from './hub.ts';
import { InProcessEventHub } from './hub.ts';
import { PostgresEventHub } from './postgres-hub.ts';

/**
 * The hub that fits the database: in-process on PGlite (one process), LISTEN/NOTIFY on PostgreSQL.
 * @param database the open database
 * @param options.listen whether this process serves SSE streams (http and all roles); the worker role only publishes
 */
export async function createEventHub(
  database: Database,
  options: { listen: boolean; logger?: Pick<Logger, 'warn' | 'error'> },
): Promise<EventHub> {
  if (database.kind === 'pglite') return new InProcessEventHub();
  return PostgresEventHub.create({
    pool: database.pool,
    connectionString: database.connectionString,
    listen: options.listen,
    logger: options.logger,
  });
}
