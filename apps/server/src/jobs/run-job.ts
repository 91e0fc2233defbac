import { and, eq, inArray } from 'drizzle-orm';
import { JOB_EVENT, isFinishedStatus, type JobProgress, type JobStatus } from '@indicata/contracts';
import type { AppContext } from '../context.ts';
import { jobs, users, type JobRow } from '../db/schema/index.ts';
import { toListItem } from '../modules/jobs/job-views.ts';
import { catalogVintages } from '../modules/who/catalog.ts';
import { jobFinishedMail, scoreLinesOf } from '../modules/mail/job-mail.ts';
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
 * @returns the updated row, or undefined when the job was cancelled, deleted or already finished
 */
async function update(ctx: AppContext, jobId: string, patch: Partial<typeof jobs.$inferInsert>): Promise<JobRow | undefined> {
  const [row] = await ctx.database.db
    .update(jobs)
    .set(patch)
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['pending', 'running'])))
    .returning();
  if (row) await ctx.events.publish(row.userId, { type: JOB_EVENT, data: toListItem(row) });
  return row;
}

/**
 * Marks a job finished with `status` and tells its owner (SSE and e-mail). Safe to call once per job.
 * @param ctx app context (database, events, mailer)
 * @param jobId the job
 * @param patch the final fields (status, results, report, errorMessage ...)
 */
export async function finishJob(ctx: AppContext, jobId: string, patch: Partial<typeof jobs.$inferInsert> & { status: JobStatus }): Promise<void> {
  const row = await update(ctx, jobId, { ...patch, finishedAt: new Date(), progress: null });
  if (!row) {
    // Cancelled or deleted while the run was finishing: keep nothing it wrote.
    if (ctx.storage) await removeJobFiles(ctx.storage, jobId);
    return;
  }
  if (!ctx.mailer) return;
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
  const settings = runSettingsFor(budgetSeconds, expireSecondsFor(budgetSeconds, ctx.config.jobs));
  const started = await update(ctx, jobId, {
    status: 'running',
    attempts: job.attempts + 1,
    startedAt: new Date(),
    errorMessage: null,
    progress: { fraction: 0, message: 'Preparing the data' },
  });
  if (!started) return;
  const cancel = watchForCancel(ctx, jobId);
  const runSignal = signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal;
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
      void update(ctx, jobId, { progress }).catch(() => {});
    };
    const { results, models } = await runEngineInThread(frame, config, {
      timeoutMs: settings.hardLimitSeconds * 1000,
      signal: runSignal,
      niceness: ctx.config.jobs.threadNiceness ?? 0,
      onProgress: (fraction, message) => {
        pending = { fraction: Math.max(0, Math.min(1, fraction)), message };
        if (Date.now() - lastWrite > 1000) writeProgress();
      },
    });
    // WHO jobs record how old the catalog's data is, for the results page and the report.
    if (job.data.uploadId === null) results.whoVintages = await catalogVintages(ctx.database.db);
    const modelFiles = ctx.storage ? await storeModels(ctx.storage, jobId, models) : [];
    await update(ctx, jobId, { progress: { fraction: 1, message: 'Writing the report' } });
    const report = await writeJobReport(ctx, results, runSignal, job.data.locale === 'pt-BR' ? 'pt-BR' : 'en');
    cancel.signal.throwIfAborted();
    await finishJob(ctx, jobId, { status: 'done', results, report, modelFiles });
  } catch (error) {
    if (cancel.signal.aborted) {
      // Cancelled or deleted by its owner: the row already says so (or is gone); drop what the run stored.
      if (ctx.storage) await removeJobFiles(ctx.storage, jobId);
      ctx.logger.info({ jobId }, 'job cancelled');
      return;
    }
    if (error instanceof EngineAbortedError) {
      // Back to the queue: another worker (or this one after a restart) runs it again from the start.
      await update(ctx, jobId, { status: 'pending', progress: { fraction: 0, message: 'Waiting for a worker (the previous one stopped)' } });
      throw error;
    }
    const message = ownerMessage(error);
    if (message === null) throw error;
    await finishJob(ctx, jobId, { status: 'error', errorMessage: message });
  } finally {
    cancel.stop();
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
  await finishJob(ctx, jobId, {
    status: 'error',
    errorMessage: `The job was interrupted ${job.attempts} time(s) (a worker stopped or ran out of time or memory) and was given up. Submit it again, perhaps with fewer models or a smaller data set.`,
  });
}
