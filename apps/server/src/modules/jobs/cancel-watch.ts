import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { jobs } from '../../db/schema/index.ts';

/** How often a running job's row is read to see whether its owner cancelled or deleted it. */
export const CANCEL_POLL_MS = 1000;

export interface CancelWatch {
  /** Aborted once the job is cancelled or deleted. */
  signal: AbortSignal;
  /** Reads the row now (not at the next tick); resolves true when the job was cancelled or deleted (and aborts). */
  checkNow(): Promise<boolean>;
  stop(): void;
}

/**
 * Watches a running job's row and aborts when it is no longer running (cancelled, or deleted). The row is the
 * one source of truth, so a cancel sent to any http process reaches the worker that runs the job, in any role.
 * @param ctx app context (its database)
 * @param jobId the running job
 * @param intervalMs how often to look
 */
export function watchForCancel(ctx: AppContext, jobId: string, intervalMs = CANCEL_POLL_MS): CancelWatch {
  const controller = new AbortController();
  const look = async (): Promise<boolean> => {
    const [row] = await ctx.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
    if (!row || row.status === 'cancelled') controller.abort(new Error('The job was cancelled by its owner.'));
    return controller.signal.aborted;
  };
  let checking = false;
  const timer = setInterval(() => {
    if (checking || controller.signal.aborted) return;
    checking = true;
    look()
      .catch(() => {
        // A failed look is retried on the next tick; a database that stays down fails the run elsewhere.
      })
      .finally(() => {
        checking = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    signal: controller.signal,
    checkNow: () => (controller.signal.aborted ? Promise.resolve(true) : look()),
    stop: () => clearInterval(timer),
  };
}
