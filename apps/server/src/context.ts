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
  /** Interval of SSE keep-alive comments (tests shorten it; default 15 s). */
  sseKeepAliveMs?: number;
}
