import { eq } from 'drizzle-orm';
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

async function update(ctx: AppContext, jobId: string, patch: Partial<typeof jobs.$inferInsert>): Promise<JobRow | undefined> {
  const [row] = await ctx.database.db.update(jobs).set(patch).where(eq(jobs.id, jobId)).returning();
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
  if (!row || !ctx.mailer) return;
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
  await update(ctx, jobId, {
    status: 'running',
    attempts: job.attempts + 1,
    startedAt: new Date(),
    errorMessage: null,
    progress: { fraction: 0, message: 'Preparing the data' },
  });
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
      void update(ctx, jobId, { progress }).catch(() => {});
    };
    const { results, models } = await runEngineInThread(frame, config, {
      timeoutMs: settings.hardLimitSeconds * 1000,
      signal,
      onProgress: (fraction, message) => {
        pending = { fraction: Math.max(0, Math.min(1, fraction)), message };
        if (Date.now() - lastWrite > 1000) writeProgress();
      },
    });
    const modelFiles = ctx.storage ? await storeModels(ctx.storage, jobId, models) : [];
    await update(ctx, jobId, { progress: { fraction: 1, message: 'Writing the report' } });
    const report = await writeJobReport(ctx, results, signal, job.data.locale === 'pt-BR' ? 'pt-BR' : 'en');
    await finishJob(ctx, jobId, { status: 'done', results, report, modelFiles });
  } catch (error) {
    if (error instanceof EngineAbortedError) {
      // Back to the queue: another worker (or this one after a restart) runs it again from the start.
      await update(ctx, jobId, { status: 'pending', progress: { fraction: 0, message: 'Waiting for a worker (the previous one stopped)' } });
      throw error;
    }
    const message = ownerMessage(error);
    if (message === null) throw error;
    await finishJob(ctx, jobId, { status: 'error', errorMessage: message });
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
  await finishJob(ctx, jobId, {
    status: 'error',
    errorMessage: `The job was interrupted ${job.attempts} time(s) (a worker stopped or ran out of time or memory) and was given up. Submit it again, perhaps with fewer models or a smaller data set.`,
  });
}
