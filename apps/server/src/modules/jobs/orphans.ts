import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { JOB_EVENT } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { jobs } from '../../db/schema/index.ts';
import { toListItem } from './job-views.ts';

/** What the owner reads in the progress line of a job taken back from a dead worker. */
export const ORPHAN_MESSAGES = {
  restarted: 'Back in the queue: the server stopped while this job ran, so it starts again from the beginning.',
  stale: 'Back in the queue: the worker running this job stopped answering, so it starts again from the beginning.',
} as const;

/**
 * Takes back the jobs whose worker died and puts them in line again at once, instead of waiting out the queue's
 * expiry (minutes) for a job whose process was killed:
 * every `running` job without a sign of life for `staleSeconds` (0: every running job, for a process that
 * knows it is the only one) goes back to `pending` with `message` as its progress, and its queue entry is
 * failed (retried after a second, counted against JOB_RETRY_LIMIT) or sent again when it has none.
 * The owner hears of it over SSE. Times are the database's, so workers' clocks may differ.
 * @returns the ids of the jobs taken back
 */
export async function reclaimOrphanedJobs(ctx: AppContext, staleSeconds: number, message: string): Promise<string[]> {
  const { queue } = ctx;
  const rows = await ctx.database.db
    .update(jobs)
    .set({ status: 'pending', runToken: null, heartbeatAt: null, progress: { fraction: 0, message } })
    .where(
      and(
        eq(jobs.status, 'running'),
        staleSeconds <= 0 ? undefined : or(isNull(jobs.heartbeatAt), lt(jobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`)),
      ),
    )
    .returning();
  for (const row of rows) {
    const outcome = await queue.requeueOrphan(row.id, message);
    ctx.logger.warn({ jobId: row.id, attempts: row.attempts, lastHeartbeat: row.heartbeatAt, queue: outcome }, 'job taken back from a dead worker');
    await ctx.events.publish(row.userId, { type: JOB_EVENT, data: toListItem(row) });
  }
  return rows.map((row) => row.id);
}

/**
 * Looks for orphaned jobs every `everyMs` until stopped. Each worker process runs one, so a job whose
 * worker died is taken back by any survivor.
 */
export function watchForOrphans(ctx: AppContext, staleSeconds: number, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = reclaimOrphanedJobs(ctx, staleSeconds, ORPHAN_MESSAGES.stale).catch((error) => {
      ctx.logger.warn({ err: error }, 'could not look for orphaned jobs; trying again');
    });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
