import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { EventHub } from './events/hub.ts';
import type { JobQueue } from './modules/jobs/queue.ts';
import type { FileStorage } from './storage/types.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { Assistant } from './modules/assistant/assistant.ts';

/**
 * What every route registrar and worker receives: every service is listed here. The configuration, database, event
 * hub, logger and file storage exist from the start; the optional ones are set by the context initializers (see
 * roles.ts) before the roles start, and tests leave out what they do not exercise.
 */
export interface AppContext {
  config: Config;
  database: Database;
  events: EventHub;
  logger: Logger;
  /**
   * The AutoML job queue (pg-boss), set at start in every role and unset at shutdown (an HTTP request then gets a
   * 503); the code that runs jobs reads it through JobsContext.
   */
  queue?: JobQueue;
  /** Uploaded CSVs (`csvs/...`) and model files (`models/{jobId}/...`): made from the configuration with the context. */
  storage: FileStorage;
  /** Sends result e-mails (SMTP or the outbox), set at start in every role; JobsContext has it for sure. */
  mailer?: Mailer;
  /** Answers questions and writes report prose (LLM_PROVIDER); the built-in analyst when unset. */
  assistant?: Assistant;
  /** Fit threads of each job's engine run; null: one per core (see jobs/worker.ts engineWorkersFor). */
  engineWorkers?: number | null;
  /** The process's role (set by startRole): 'all' shares the process between the web server and the jobs. */
  role?: 'all' | 'http' | 'worker';
  /** Interval of SSE keep-alive comments (tests shorten it; default 15 s). */
  sseKeepAliveMs?: number;
}

/** The context of the code that claims and runs jobs: its queue and mailer are there (the worker role's services). */
export type JobsContext = AppContext & { queue: JobQueue; mailer: Mailer };

/**
 * The context as JobsContext, once the initializers have set the queue and the mailer (roles.ts runs them before any
 * worker starts).
 * @throws Error naming the initializer that did not run
 */
export function jobsContext(ctx: AppContext): JobsContext {
  const { queue, mailer } = ctx;
  if (!queue) throw new Error('initJobQueue must run before the job worker starts');
  if (!mailer) throw new Error('initMailer must run before the job worker starts');
  // The same object, typed by what was just checked: what the worker sets on it later, the routes see too.
  return Object.assign(ctx, { queue, mailer });
}
