import type { AppContext } from './context.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { JobQueue } from './modules/jobs/queue.ts';
import { createStorage } from './storage/index.ts';

/** What a context is made from: the services that exist before any module is set up. */
export type ContextBase = Pick<AppContext, 'config' | 'database' | 'events' | 'logger'>;

/**
 * The context of one process with every required service made from the configuration: the file storage, the mailer
 * and the job queue, idle until roles.ts's initializers start it. Nothing here connects or listens yet.
 * @param base the configuration, the open database, the event hub and the logger
 * @param overrides members to use instead (tests pass their own mailer or storage)
 */
export function createAppContext(base: ContextBase, overrides: Partial<AppContext> = {}): AppContext {
  const { config, database } = base;
  const jobs = config.jobs;
  return {
    ...base,
    storage: overrides.storage ?? createStorage(config),
    mailer: overrides.mailer ?? createMailer(config.mail),
    queue: overrides.queue ?? new JobQueue(database, {
      expireSeconds: jobs.expireSeconds,
      retryLimit: jobs.retryLimit,
      retryDelaySeconds: 1,
      maintenanceSeconds: jobs.maintenanceSeconds,
      pollingSeconds: jobs.pollingSeconds,
    }),
    ...overrides,
  };
}
