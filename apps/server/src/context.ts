import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { EventHub } from './events/hub.ts';
import type { JobQueue } from './modules/jobs/queue.ts';
import type { FileStorage } from './storage/types.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { Assistant } from './modules/assistant/assistant.ts';

/**
 * What every route registrar and worker receives: every service is listed here. createAppContext (app-context.ts)
 * makes the required ones; the optional ones are set by the context initializers (see roles.ts) before the roles
 * start, and tests leave out what they do not exercise.
 */
export interface AppContext {
  config: Config;
  database: Database;
  events: EventHub;
  logger: Logger;
  /**
   * The AutoML job queue (pg-boss): made idle with the context, started by roles.ts's initializer in every role and
   * stopped at shutdown. Enqueueing on a queue that is not running answers 503.
   */
  queue: JobQueue;
  /** Uploaded CSVs (`csvs/...`) and model files (`models/{jobId}/...`): made from the configuration with the context. */
  storage: FileStorage;
  /** Sends result e-mails (SMTP or the outbox): made from the configuration with the context, closed at shutdown. */
  mailer: Mailer;
  /** Answers questions and writes report prose (LLM_PROVIDER); the built-in analyst when unset. */
  assistant?: Assistant;
  /** Fit threads of each job's engine run; null: one per core (see modules/jobs/worker.ts engineWorkersFor). */
  engineWorkers?: number | null;
  /** The process's role (set by startRole): 'all' shares the process between the web server and the jobs. */
  role?: 'all' | 'http' | 'worker';
  /** Interval of SSE keep-alive comments (tests shorten it; default 15 s). */
  sseKeepAliveMs?: number;
}
