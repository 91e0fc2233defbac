import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { EventHub } from './events/hub.ts';

/**
 * What every route registrar and worker receives. Modules add their service as one optional member
 * (storage, queue, mailer, assistant ...), set by a context initializer (see roles.ts) before the roles start.
 */
export interface AppContext {
  config: Config;
  database: Database;
  events: EventHub;
  logger: Logger;
  /** The process's role (set by startRole): 'all' shares the process between the web server and the jobs. */
  role?: 'all' | 'http' | 'worker';
  /** Interval of SSE keep-alive comments (tests shorten it; default 15 s). */
  sseKeepAliveMs?: number;
}
