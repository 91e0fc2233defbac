import os from 'node:os';
import type { AppContext } from '../../context.ts';
import type { Stop } from '../../lifecycle.ts';
import { failAbandonedJob, runJob } from './run-job.ts';
import { seedDemoJobs } from './demo-seed.ts';
import { ORPHAN_MESSAGES, reclaimOrphanedJobs, watchForOrphans } from './orphans.ts';

/**
 * The engine's fit threads: one per core in a worker-only process; one fewer when the web server shares the
 * process (role all), so a job never holds every core while pages are being served.
 * @param role the process's role
 * @param cores the machine's cores
 */
export function engineWorkersFor(role: AppContext['role'], cores = os.availableParallelism()): number | null {
  return role === 'all' ? Math.max(1, cores - 1) : null;
}

/** Context initializer (every role): starts the context's job queue, so http processes can enqueue and workers can claim. */
export async function initJobQueue(ctx: AppContext): Promise<Stop> {
  await ctx.queue.start(true);
  return () => ctx.queue.stop();
}

/** Context initializer (every role): closes the context's mailer at shutdown, after the workers that send. */
export async function initMailer(ctx: AppContext): Promise<Stop> {
  return async () => ctx.mailer.close();
}

/**
 * Worker starter (roles worker and all): claims AutoML jobs and runs them, ends dead-lettered jobs in
 * error, and seeds the demo account's example jobs on first start.
 */
export async function startJobWorker(ctx: AppContext): Promise<Stop> {
  const { queue } = ctx;
  const shutdown = new AbortController();
  ctx.engineWorkers ??= ctx.config.jobs.engineThreads ?? engineWorkersFor(ctx.role);
  const { heartbeatSeconds, staleSeconds } = ctx.config.jobs;
  // On PGlite this process is the only one (DATA_DIR lock): a job still marked running was cut off when the
  // previous process died, so it goes back in line now rather than when its queue entry expires. With
  // PostgreSQL other workers may be alive: only jobs without a recent heartbeat are taken back.
  const onlyProcess = ctx.database.kind === 'pglite';
  const reclaimed = await reclaimOrphanedJobs(ctx, onlyProcess ? 0 : staleSeconds, onlyProcess ? ORPHAN_MESSAGES.restarted : ORPHAN_MESSAGES.stale);
  if (reclaimed.length > 0) ctx.logger.warn({ jobs: reclaimed }, 'jobs of a stopped process put back in the queue');
  const stopWatching = watchForOrphans(ctx, staleSeconds, Math.max(1_000, Math.min(heartbeatSeconds, staleSeconds / 3) * 1000));
  await queue.work(ctx.config.jobs.concurrency, async ({ jobId }) => {
    ctx.logger.info({ jobId }, 'job started');
    await runJob(ctx, jobId, shutdown.signal);
    ctx.logger.info({ jobId }, 'job finished');
  });
  await queue.workDeadLetters(({ jobId }) => failAbandonedJob(ctx, jobId));
  const stopSeeding = ctx.config.jobs.seedDemo ? seedDemoJobs(ctx) : () => {};
  return async () => {
    stopSeeding();
    await stopWatching();
    shutdown.abort();
    await queue.stop();
  };
}
