import crypto from 'node:crypto';
import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { JOB_EVENT, type JobProgress, type JobStatus } from '@indicata/contracts';
import type { AppContext } from '../context.ts';
import { jobs, users, type JobRow } from '../db/schema/index.ts';
import { toListItem } from '../modules/jobs/job-views.ts';
import { jobFinishedMail, scoreLinesOf } from '../modules/mail/job-mail.ts';
import { EngineAbortedError, EngineRunError, runEngineInThread } from './engine-runner.ts';
import { buildFrameForJob, JobDataError } from './job-frame.ts';
import { JobConfigError, jobDataToEngineConfig } from './map-config.ts';
import { storeModels } from './model-files.ts';
import type { JobRunSettings } from './settings.ts';
import { writeJobReport } from './job-report.ts';

/** Errors that end a job with a message for its owner instead of a retry. */
function ownerMessage(error: unknown): string | null {
  if (error instanceof EngineRunError || error instanceof JobConfigError || error instanceof JobDataError) return error.message;
  return null;
}

async function loadJob(ctx: AppContext, jobId: string): Promise<JobRow | undefined> {
  const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return row;
}

/**
 * Updates a job and tells its owner. With `runToken`, only while that run still owns the running job: a run
 * whose job was taken back (its worker presumed dead) changes nothing, so a job finishes once, with one e-mail.
 */
async function update(ctx: AppContext, jobId: string, patch: Partial<typeof jobs.$inferInsert>, runToken?: string): Promise<JobRow | undefined> {
  const owned: SQL | undefined = runToken ? and(eq(jobs.runToken, runToken), eq(jobs.status, 'running')) : undefined;
  const [row] = await ctx.database.db.update(jobs).set(patch).where(and(eq(jobs.id, jobId), owned)).returning();
  if (row) await ctx.events.publish(row.userId, { type: JOB_EVENT, data: toListItem(row) });
  return row;
}

/** Finishes a job that is not finished yet (the dead-letter path, which holds no run token). */
async function finishUnfinished(ctx: AppContext, jobId: string, patch: Partial<typeof jobs.$inferInsert>): Promise<JobRow | undefined> {
  const [row] = await ctx.database.db
    .update(jobs)
    .set(patch)
    .where(and(eq(jobs.id, jobId), notInArray(jobs.status, ['done', 'error'])))
    .returning();
  if (row) await ctx.events.publish(row.userId, { type: JOB_EVENT, data: toListItem(row) });
  return row;
}

/**
 * Marks a job finished with `status` and tells its owner (SSE and e-mail). Safe to call once per job.
 * @param ctx app context (database, events, mailer)
 * @param jobId the job
 * @param patch the final fields (status, results, report, errorMessage ...)
 * @param runToken the finishing run's token: nothing happens when that run no longer owns the job
 */
export async function finishJob(
  ctx: AppContext,
  jobId: string,
  patch: Partial<typeof jobs.$inferInsert> & { status: JobStatus },
  runToken?: string,
): Promise<void> {
  const final = { ...patch, finishedAt: new Date(), progress: null, runToken: null, heartbeatAt: null };
  const row = runToken
    ? await update(ctx, jobId, final, runToken)
    : await finishUnfinished(ctx, jobId, final);
  if (!row || !ctx.mailer) return;
  const [owner] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
  if (!owner || row.userId === 'seemore') return;
  const link = `${ctx.config.publicUrl}/results?id=${encodeURIComponent(row.id)}`;
  const results = row.status === 'done' && row.results ? scoreLinesOf(row.results as never) : undefined;
  try {
    await ctx.mailer.send(
      jobFinishedMail({ to: owner.email, jobName: row.name, link, status: row.status === 'done' ? 'done' : 'error', errorMessage: row.errorMessage, scoreLines: results }),
    );
  } catch (error) {
    // The results are stored and shown in the app; a mail server being down must not fail the job.
    ctx.logger.warn({ err: error, jobId }, 'could not send the job e-mail');
  }
}

/**
 * Runs one queued job to its end: builds the frame, runs the engine in a worker thread within the
 * budget, stores results, models and report, marks it done (or error with a reason), and tells the owner.
 * A job already finished is left alone (a redelivered message). Unexpected failures (database down, a bug)
 * are rethrown so the queue retries the job.
 * @param ctx app context
 * @param jobId the job to run
 * @param settings budget and time limits
 * @param signal aborted when the worker shuts down
 */
export async function runJob(ctx: AppContext, jobId: string, settings: JobRunSettings, signal?: AbortSignal): Promise<void> {
  const job = await loadJob(ctx, jobId);
  if (!job || job.status === 'done' || job.status === 'error') return;
  const runToken = crypto.randomUUID();
  await update(ctx, jobId, {
    status: 'running',
    attempts: job.attempts + 1,
    startedAt: new Date(),
    errorMessage: null,
    runToken,
    heartbeatAt: new Date(),
    progress: { fraction: 0, message: 'Preparing the data' },
  });
  // Signs of life while the run owns the job; when another process took it back (this one was presumed
  // dead), the run stops and leaves the job alone.
  const lostClaim = new AbortController();
  const heartbeat = setInterval(() => {
    ctx.database.db
      .update(jobs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(jobs.id, jobId), eq(jobs.runToken, runToken), eq(jobs.status, 'running')))
      .returning({ id: jobs.id })
      .then((rows) => {
        if (rows.length === 0) lostClaim.abort();
      })
      .catch((error) => ctx.logger.warn({ err: error, jobId }, 'could not record the job heartbeat'));
  }, settings.heartbeatSeconds * 1000);
  heartbeat.unref();
  const stop = signal ? AbortSignal.any([signal, lostClaim.signal]) : lostClaim.signal;
  try {
    const { frame, targetColumn } = await buildFrameForJob(ctx, job);
    const config = jobDataToEngineConfig(job.data, { frame, targetColumn, seed: job.seed, budgetSeconds: settings.budgetSeconds });
    let lastWrite = 0;
    let pending: JobProgress | null = null;
    const writeProgress = () => {
      if (!pending) return;
      const progress = pending;
      pending = null;
      lastWrite = Date.now();
      void update(ctx, jobId, { progress }, runToken).catch(() => {});
    };
    const { results, models } = await runEngineInThread(frame, config, {
      timeoutMs: settings.hardLimitSeconds * 1000,
      signal: stop,
      onProgress: (fraction, message) => {
        pending = { fraction: Math.max(0, Math.min(1, fraction)), message };
        if (Date.now() - lastWrite > 1000) writeProgress();
      },
    });
    if (lostClaim.signal.aborted) return;
    const modelFiles = ctx.storage ? await storeModels(ctx.storage, jobId, models) : [];
    await update(ctx, jobId, { progress: { fraction: 1, message: 'Writing the report' } }, runToken);
    const report = await writeJobReport(ctx, results, signal);
    await finishJob(ctx, jobId, { status: 'done', results, report, modelFiles, lastError: null }, runToken);
  } catch (error) {
    if (lostClaim.signal.aborted) {
      ctx.logger.warn({ jobId }, 'job taken back by another worker while it ran here; this run stops');
      return;
    }
    if (error instanceof EngineAbortedError) {
      // Back to the queue: another worker (or this one after a restart) runs it again from the start.
      await update(ctx, jobId, { status: 'pending', runToken: null, heartbeatAt: null, progress: { fraction: 0, message: 'Waiting for a worker (the previous one stopped)' } }, runToken);
      throw error;
    }
    const message = ownerMessage(error);
    if (message !== null) {
      await finishJob(ctx, jobId, { status: 'error', errorMessage: message }, runToken);
      return;
    }
    // Unexpected (a bug, the database gone): logged with the stack, kept as the job's last error, and
    // rethrown so the queue retries it; if it is given up, the owner reads this cause (failAbandonedJob).
    const cause = error instanceof Error ? error.message : String(error);
    ctx.logger.error({ err: error, jobId, attempt: job.attempts + 1 }, 'job failed unexpectedly');
    await update(
      ctx,
      jobId,
      { status: 'pending', runToken: null, heartbeatAt: null, lastError: cause.slice(0, 2_000), progress: { fraction: 0, message: `Attempt ${job.attempts + 1} failed (${cause.slice(0, 300)}); trying again.` } },
      runToken,
    ).catch(() => {});
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Ends a job that failed past its last retry (its worker kept dying or timing out).
 * @param ctx app context
 * @param jobId the job
 */
export async function failAbandonedJob(ctx: AppContext, jobId: string): Promise<void> {
  const job = await loadJob(ctx, jobId);
  if (!job || job.status === 'done' || job.status === 'error') return;
  ctx.logger.error({ jobId, attempts: job.attempts, lastError: job.lastError }, 'job given up after its last retry');
  await finishJob(ctx, jobId, { status: 'error', errorMessage: abandonedMessage(job.attempts, job.lastError) });
}

/** Why a job was given up, in words its owner can act on: the real cause when one was recorded. */
export function abandonedMessage(attempts: number, lastError: string | null): string {
  if (lastError) {
    return `The job failed ${attempts} time(s) with the same problem and was given up: ${lastError}. Check the configuration and submit it again; if it keeps failing, tell the people who run this installation.`;
  }
  return `The job was interrupted ${attempts} time(s) (the worker running it stopped: a restart, a crash or too little memory) and was given up. Submit it again, perhaps with fewer models or a smaller data set.`;
}
