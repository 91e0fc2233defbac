import crypto from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { JOB_EVENT, UNFINISHED_JOB_STATUSES, isFinishedStatus, type JobProgress, type JobStatus, type ReplayRecord, type ResultsWithNames } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { jobs, users, type JobRow } from '../../db/schema/index.ts';
import { toListItem } from './job-views.ts';
import { catalogVintages } from '../who/catalog.ts';
import { jobIndicatorNames } from '../who/indicator-names.ts';
import { jobFinishedMail, scoreLinesOf } from '../mail/job-mail.ts';
import { EngineAbortedError, EngineRunError, runEngineInThread } from './engine-runner.ts';
import { buildFrameForJob, JobDataError } from './job-frame.ts';
import { JobConfigError, jobDataToEngineConfig } from './map-config.ts';
import { storeModels } from './model-files.ts';
import { budgetSecondsOf, expireSecondsFor, runSettingsFor } from './settings.ts';
import { writeJobReport } from './job-report.ts';
import { removeJobFiles } from './job-files.ts';
import { watchForCancel } from './cancel-watch.ts';

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
 * Updates a job that is still pending or running (never one cancelled or deleted meanwhile) and tells its owner.
 * With `runToken`, only while that run still owns the running job: a run whose job was taken back (its worker
 * presumed dead) changes nothing, so a job finishes once, with one e-mail.
 * @returns the updated row, or undefined when the job was cancelled, deleted, finished or taken back
 */
async function update(ctx: AppContext, jobId: string, patch: Partial<typeof jobs.$inferInsert>, runToken?: string): Promise<JobRow | undefined> {
  const guard: SQL | undefined = runToken ? and(eq(jobs.runToken, runToken), eq(jobs.status, 'running')) : inArray(jobs.status, [...UNFINISHED_JOB_STATUSES]);
  const [row] = await ctx.database.db.update(jobs).set(patch).where(and(eq(jobs.id, jobId), guard)).returning();
  if (row) await ctx.events.publish(row.userId, { type: JOB_EVENT, data: toListItem(row) });
  return row;
}

/** Finishes a job that is not finished yet (the dead-letter path, which holds no run token). */
async function finishUnfinished(ctx: AppContext, jobId: string, patch: Partial<typeof jobs.$inferInsert>): Promise<JobRow | undefined> {
  const [row] = await ctx.database.db
    .update(jobs)
    .set(patch)
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, [...UNFINISHED_JOB_STATUSES])))
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
  const row = runToken ? await update(ctx, jobId, final, runToken) : await finishUnfinished(ctx, jobId, final);
  if (!row) {
    // Cancelled or deleted while the run was finishing: keep nothing it wrote. (A run whose job was taken back
    // by another worker leaves the files alone: they are that worker's now.)
    const current = await loadJob(ctx, jobId);
    if (!current || current.status === 'cancelled') await removeJobFiles(ctx.storage, jobId);
    return;
  }
  const [owner] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
  if (!owner || row.userId === 'seemore') return;
  const link = `${ctx.config.publicUrl}/results?id=${encodeURIComponent(row.id)}`;
  const locale = row.data.locale === 'pt-BR' ? 'pt-BR' : 'en';
  const results = row.status === 'done' && row.results ? scoreLinesOf(row.results as never, locale) : undefined;
  try {
    await ctx.mailer.send(
      jobFinishedMail({ to: owner.email, jobName: row.name, link, status: row.status === 'done' ? 'done' : 'error', errorMessage: row.errorMessage, scoreLines: results, locale }),
    );
  } catch (error) {
    // The results are stored and shown in the app; a mail server being down must not fail the job.
    ctx.logger.warn({ err: error, jobId }, 'could not send the job e-mail');
  }
}

/**
 * Runs one queued job to its end: builds the frame, runs the engine in a worker thread within the job's
 * budget, stores results, models and report, marks it done (or error with a reason), and tells the owner.
 * A job already finished, cancelled or deleted is left alone (a redelivered message). While it runs, the
 * job's row is watched: when its owner cancels or deletes it the engine thread is stopped and whatever the
 * run had stored is removed. Unexpected failures (database down, a bug) are rethrown so the queue retries.
 * @param ctx app context
 * @param jobId the job to run
 * @param signal aborted when the worker shuts down
 */
export async function runJob(ctx: AppContext, jobId: string, signal?: AbortSignal): Promise<void> {
  const job = await loadJob(ctx, jobId);
  if (!job || isFinishedStatus(job.status)) return;
  const budgetSeconds = budgetSecondsOf(job.data, ctx.config.jobs.budgetSeconds);
  const settings = runSettingsFor(budgetSeconds, expireSecondsFor(budgetSeconds, ctx.config.jobs), ctx.config.jobs.heartbeatSeconds);
  const runToken = crypto.randomUUID();
  const runStartedAt = Date.now();
  const started = await update(ctx, jobId, {
    status: 'running',
    attempts: job.attempts + 1,
    startedAt: new Date(),
    errorMessage: null,
    runToken,
    heartbeatAt: new Date(),
    progress: { fraction: 0, message: 'Preparing the data' },
  });
  if (!started) return;
  const cancel = watchForCancel(ctx, jobId);
  // Signs of life while the run owns the job; when another process took it back (this one was presumed
  // dead), the run stops and leaves the job alone.
  const lostClaim = new AbortController();
  const heartbeat = setInterval(() => {
    ctx.database.db
      .update(jobs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(jobs.id, jobId), eq(jobs.runToken, runToken), eq(jobs.status, 'running')))
      .returning({ id: jobs.id })
      .then(async (rows) => {
        if (rows.length > 0 || cancel.signal.aborted) return;
        // The row no longer says this run holds the job: its owner cancelled or deleted it (the cancel watch
        // may not have looked yet; a cancel must still remove the run's files), or another process took it back.
        if (!(await cancel.checkNow())) lostClaim.abort();
      })
      .catch((error) => ctx.logger.warn({ err: error, jobId }, 'could not record the job heartbeat'));
  }, settings.heartbeatSeconds * 1000);
  heartbeat.unref();
  const runSignal = AbortSignal.any([...(signal ? [signal] : []), cancel.signal, lostClaim.signal]);
  try {
    const { frame, targetColumn } = await buildFrameForJob(ctx, job);
    cancel.signal.throwIfAborted();
    const config = jobDataToEngineConfig(job.data, {
      frame,
      targetColumn,
      seed: job.seed,
      budgetSeconds,
      workers: ctx.engineWorkers ?? null,
    });
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
      signal: runSignal,
      niceness: ctx.config.jobs.threadNiceness ?? 0,
      startedAt: runStartedAt,
      replay: (job.replay as ReplayRecord | null) ?? null,
      onProgress: (fraction, message) => {
        pending = { fraction: Math.max(0, Math.min(1, fraction)), message };
        if (Date.now() - lastWrite > 1000) writeProgress();
      },
    });
    if (lostClaim.signal.aborted) return;
    // WHO jobs record how old the catalog's data is and the names of the indicators they use, for the results page,
    // the report, the e-mail and the download (a later import or sync renames no finished job).
    if (job.data.uploadId === null) {
      results.whoVintages = await catalogVintages(ctx.database.db);
      (results as ResultsWithNames).indicatorNames = await jobIndicatorNames(ctx.database.db, results);
    }
    const modelFiles = await storeModels(ctx.storage, jobId, models);
    await update(ctx, jobId, { progress: { fraction: 1, message: 'Writing the report' } }, runToken);
    const report = await writeJobReport(ctx, results, runSignal, job.data.locale === 'pt-BR' ? 'pt-BR' : 'en');
    cancel.signal.throwIfAborted();
    await finishJob(ctx, jobId, { status: 'done', results, report, modelFiles, lastError: null }, runToken);
  } catch (error) {
    if (cancel.signal.aborted) {
      // Cancelled or deleted by its owner: the row already says so (or is gone); drop what the run stored.
      await removeJobFiles(ctx.storage, jobId);
      ctx.logger.info({ jobId }, 'job cancelled');
      return;
    }
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
    cancel.stop();
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
  if (!job || isFinishedStatus(job.status)) return;
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
