import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  JOB_LIMIT_MESSAGES,
  formatMessage,
  jobSizeProblem,
  MESSAGES,
  createJobRequestSchema,
  newId,
  replayRecordSchema,
  runAutoMLChecks,
  RUN_CHECK_FIELDS,
  type CreateJobRequest,
  type ReplayRecord,
  type JobData,
  type JobListItem,
  type JobListResponse,
} from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { jobs, uploads, whoIndicators, type JobRow } from '../../db/schema/index.ts';
import { ApiError, zodFields } from '../../http/errors.ts';
import { withRawTransaction } from './boss-db.ts';
import { QueueStoppedError } from './queue.ts';
import { localTimestamp } from '../../db/local-time.ts';
import { refuseUnjudgeableClasses } from './class-checks.ts';
import { refuseBadHyperParameters, refuseMisfitToData } from './data-checks.ts';
import { toListItem } from './job-views.ts';
import { earlierSubmission, type Submission } from './idempotency.ts';
import { JOB_DELETED_EVENT, JOB_EVENT, UNFINISHED_JOB_STATUSES } from '@indicata/contracts';
import { budgetSecondsOf, expireSecondsFor } from './settings.ts';
import { removeJobFiles } from './job-files.ts';

/** The upload a job's `database` names must be the caller's own. */
async function resolveDatabase(ctx: AppContext, userId: string, request: CreateJobRequest): Promise<CreateJobRequest['data'] & { columns: string[] | null }> {
  const { db } = ctx.database;
  const data = request.data;
  if (data.database === 'WHO') {
    const [any] = await db.select({ code: whoIndicators.code }).from(whoIndicators).limit(1);
    if (!any) {
      const message = 'The WHO catalog is empty on this installation: import it (npm run who:import) or choose an imported database.';
      throw new ApiError(400, 'who_unavailable', message, { 'data.database': message });
    }
    return { ...data, uploadId: null, columns: null };
  }
  const where = data.uploadId
    ? and(eq(uploads.id, data.uploadId), eq(uploads.userId, userId))
    : and(eq(uploads.storedName, data.database), eq(uploads.userId, userId));
  const [upload] = await db.select({ id: uploads.id, storedName: uploads.storedName, columns: uploads.numericColumns }).from(uploads).where(where).limit(1);
  if (!upload) {
    // Named but gone (deleted since, or another user's id): the spec's noDatabase would say none was chosen.
    if (data.uploadId) throw new ApiError(400, 'uploadMissing', MESSAGES.uploadMissing, { 'data.uploadId': MESSAGES.uploadMissing });
    throw new ApiError(400, 'noDatabase', MESSAGES.noDatabase, { 'data.database': MESSAGES.noDatabase });
  }
  return { ...data, uploadId: upload.id, database: upload.storedName, columns: upload.columns };
}

/** Names in a message: at most five, then "and N more". */
function listed(names: string[]): string {
  const shown = names.slice(0, 5).map((n) => `"${n.slice(0, 60)}"`).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

/**
 * The target and the hand-picked indicators must exist in the chosen data: WHO indicator codes in the
 * catalog, or numeric columns of the upload. Caught here, before queueing, instead of failing in the worker.
 */
async function checkIndicatorsExist(ctx: AppContext, data: JobData, uploadColumns: string[] | null): Promise<void> {
  const wanted = [...new Set([data.codePredictionIndicator, ...data.indicatorsAnalyzingCode])];
  let known: Set<string>;
  if (uploadColumns) {
    known = new Set(uploadColumns);
  } else {
    const rows = await ctx.database.db.select({ code: whoIndicators.code }).from(whoIndicators).where(inArray(whoIndicators.code, wanted));
    known = new Set(rows.map((r) => r.code));
  }
  if (!known.has(data.codePredictionIndicator)) {
    const message = formatMessage(JOB_LIMIT_MESSAGES.jobUnknownTarget, { code: `"${data.codePredictionIndicator.slice(0, 60)}"` });
    throw new ApiError(400, 'jobUnknownTarget', message, { 'data.codePredictionIndicator': message });
  }
  const missing = data.indicatorsAnalyzingCode.filter((code) => !known.has(code));
  if (missing.length > 0) {
    const message = formatMessage(JOB_LIMIT_MESSAGES.jobUnknownIndicators, { codes: listed(missing) });
    throw new ApiError(400, 'jobUnknownIndicators', message, { 'data.indicatorsAnalyzingCode': message });
  }
}

/** SQL: the caller's jobs that wait or run. */
const ACTIVE_JOBS_SQL = `SELECT count(*)::int AS n FROM jobs WHERE user_id = $1 AND status IN (${UNFINISHED_JOB_STATUSES.map((status) => `'${status}'`).join(', ')})`;

function jobQuotaError(active: number, max: number): ApiError {
  return new ApiError(429, 'jobQuotaExceeded', formatMessage(JOB_LIMIT_MESSAGES.jobQuotaExceeded, { count: active, max }));
}

/**
 * At most QUOTA_ACTIVE_JOBS jobs of one user wait or run at once. This early look (one count, before the
 * configuration's own look-ups) only spares a refused request the rest of the work; the count that decides is
 * taken again inside the insert's transaction, under the lock on the user's row (insertAndEnqueueJob).
 */
async function checkActiveJobQuota(ctx: AppContext, userId: string): Promise<void> {
  const max = ctx.config.quotas.activeJobs;
  const { rows } = await ctx.database.query<{ n: number }>(ACTIVE_JOBS_SQL, [userId]);
  const active = rows[0]?.n ?? 0;
  if (active >= max) throw jobQuotaError(active, max);
}

/** A submission's answer: the job, and whether this request queued it (false: a repeat got the earlier job back). */
export interface Submitted {
  job: JobListItem;
  created: boolean;
}

async function repeated(ctx: AppContext, userId: string, jobId: string): Promise<Submitted> {
  const row = await findOwnJob(ctx, userId, jobId);
  if (!row) throw ApiError.of(404, 'not_found');
  return { job: toListItem(row), created: false };
}

/**
 * Validates and queues a job: the Run AutoML checks in the spec's order (their exact messages), then the
 * schema, then the owner of the data, the job against its data, and what its split and classes leave to train and
 * test on. The job row and its queue entry commit in one transaction.
 * @param ctx app context with the queue
 * @param userId the owner
 * @param body the request body as received
 * @param submission its Idempotency-Key and body hash: a repeat of the request gets the job the key already
 *   queued, before any check (a full quota must not refuse the repeat of an accepted job)
 */
export async function createJob(ctx: AppContext, userId: string, body: unknown, submission: Submission | null = null, replay: ReplayRecord | null = null): Promise<Submitted> {
  if (submission) {
    const earlier = await earlierSubmission(ctx, userId, submission);
    if (earlier) return repeated(ctx, userId, earlier);
  }
  const raw = (body ?? {}) as { name?: unknown; data?: unknown };
  const failed = runAutoMLChecks(raw.data, raw.name);
  if (failed) throw new ApiError(400, failed, MESSAGES[failed], { [RUN_CHECK_FIELDS[failed]]: MESSAGES[failed] });
  const tooBig = jobSizeProblem(raw.name, raw.data);
  if (tooBig) throw new ApiError(400, tooBig.key, tooBig.message, { [tooBig.field === 'name' ? 'name' : `data.${tooBig.field}`]: tooBig.message });
  refuseBadHyperParameters(raw.data);
  const parsed = createJobRequestSchema.safeParse(body);
  if (!parsed.success) {
    const fields = zodFields(parsed.error);
    throw new ApiError(400, 'invalid_argument', `The job configuration is not valid: ${Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('; ')}`, fields);
  }
  await checkActiveJobQuota(ctx, userId);
  const { columns, ...data } = await resolveDatabase(ctx, userId, parsed.data);
  await checkIndicatorsExist(ctx, data, columns);
  await refuseMisfitToData(ctx, userId, data);
  await refuseUnjudgeableClasses(ctx, userId, data);
  return insertAndEnqueueJob(ctx, userId, parsed.data.name, data, { activeJobQuota: ctx.config.quotas.activeJobs, submission, replay });
}

/**
 * Inserts a validated job (status pending) and enqueues it in one transaction, then tells the owner.
 * @param ctx app context with the queue
 * @param userId the owner
 * @param name the job's name
 * @param data the validated configuration whose database belongs to the owner
 * @param options.activeJobQuota refuse (429) when the owner already has this many jobs waiting or running:
 *   counted inside the transaction after locking the owner's `users` row (SELECT ... FOR UPDATE), so parallel
 *   submissions of one user queue up behind each other and the quota holds exactly, on PostgreSQL too
 * @param options.submission the request's idempotency key: stored with the job, unique per user, so of two
 *   submissions with one key only the first inserts (the second's insert conflicts, or it finds the first's row
 *   once the user's row is unlocked) and both answer with the same job
 */
export async function insertAndEnqueueJob(
  ctx: AppContext,
  userId: string,
  name: string,
  data: JobData,
  options: { activeJobQuota?: number; submission?: Submission | null; replay?: ReplayRecord | null } = {},
): Promise<Submitted> {
  const { queue } = ctx;
  // Before start-up ends or once shutdown began, nothing would claim the job: the client may retry elsewhere.
  if (!queue.running) throw ApiError.of(503, 'unavailable');
  const now = new Date();
  const id = newId(now.getTime());
  const seed = data.seed ?? Math.floor(Math.random() * 2 ** 31);
  const submission = options.submission ?? null;
  const earlier = await withRawTransaction(ctx.database, async (execute) => {
    const max = options.activeJobQuota;
    if (max !== undefined) {
      await execute('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      // Looked up under the lock, before the quota: the repeat of a job that filled the quota gets that job.
      const found = submission ? await earlierSubmission(ctx, userId, submission, execute) : null;
      if (found) return found;
      const active = (await execute(ACTIVE_JOBS_SQL, [userId])).rows[0] as { n: number } | undefined;
      if ((active?.n ?? 0) >= max) throw jobQuotaError(active?.n ?? 0, max);
    }
    const inserted = await execute(
      `INSERT INTO jobs (id, user_id, name, "current_time", status, data, seed, created_at, idempotency_key, request_hash, replay)
       VALUES ($1, $2, $3, $4, 'pending', $5::jsonb, $6, $7, $8, $9, $10::jsonb)
       ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      [
        id,
        userId,
        name,
        localTimestamp(now),
        JSON.stringify({ ...data, seed }),
        seed,
        now.toISOString(),
        submission?.key ?? null,
        submission?.hash ?? null,
        options.replay ? JSON.stringify(options.replay) : null,
      ],
    );
    if (inserted.rows.length === 0) {
      // Only the key can conflict: another submission with it committed first (a caller without the quota's lock).
      const found = submission ? await earlierSubmission(ctx, userId, submission, execute) : null;
      if (found) return found;
      throw ApiError.of(409, 'conflict');
    }
    const budgetSeconds = budgetSecondsOf(data, ctx.config.jobs.budgetSeconds);
    await queue.enqueue({ jobId: id }, execute, expireSecondsFor(budgetSeconds, ctx.config.jobs)).catch((error: unknown) => {
      // Stopped since the check above: the transaction rolls back, so no job row is left without its queue entry.
      throw error instanceof QueueStoppedError ? ApiError.of(503, 'unavailable') : error;
    });
    return null;
  });
  if (earlier) return repeated(ctx, userId, earlier);
  const row = await findOwnJob(ctx, userId, id);
  const item = toListItem(row!);
  await ctx.events.publish(userId, { type: JOB_EVENT, data: item });
  // Only now: a worker woken earlier could publish "running" before this "pending", and the owner's list would
  // then show a running job as pending.
  queue.wake();
  return { job: item, created: true };
}

/** A row of the job list query (column names as the database returns them). */
interface JobListRow {
  id: string;
  name: string;
  current_time: string;
  created_at: Date;
  status: JobListItem['status'];
  database: string | null;
  progress: JobListItem['progress'] | null;
  error_message: string | null;
  total: number;
}

/**
 * The list's own query, in SQL rather than Drizzle: at 1,000 lists a second the query builder and its result
 * mapping cost more CPU than PGlite's execution of the query (1.0 ms against 0.58 ms per page of 20, measured
 * on 100 jobs). The total rides along with the page, so a list is one query.
 */
const JOB_LIST_SQL = `SELECT id, name, "current_time", created_at, status, data->>'database' AS database, progress, error_message,
  (count(*) OVER ())::int AS total
FROM jobs WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`;

/**
 * One page of the caller's jobs, newest first, as summaries: only the list's columns are read (a finished
 * job's results and report are hundreds of KB each; reading them made the list ~11 ms slower per job).
 * @param page 1-based page number
 * @param size jobs per page
 */
export async function listJobs(ctx: AppContext, userId: string, page: number, size: number): Promise<JobListResponse> {
  const { rows } = await ctx.database.query<JobListRow>(JOB_LIST_SQL, [userId, size, (page - 1) * size]);
  // Only a page past the end, which has no row to carry the total, asks for it separately.
  const total = rows.length > 0 ? rows[0].total : page > 1 ? await countJobs(ctx, userId) : 0;
  const items: JobListItem[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    currentTime: row.current_time,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    database: row.database,
    progress: row.progress ?? null,
    errorMessage: row.error_message ?? null,
  }));
  return { jobs: items, page, size, total };
}

async function countJobs(ctx: AppContext, userId: string): Promise<number> {
  const [counted] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.userId, userId));
  return counted?.n ?? 0;
}

/**
 * Whether the job is the caller's, reading its id only: the routes that check ownership before their work need not
 * read the row's results, report and model files (hundreds of kilobytes of JSON) for it.
 */
export async function isOwnJob(ctx: AppContext, userId: string, id: string): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** One of the caller's jobs, or undefined (another user's job is as absent as a missing one). */
export async function findOwnJob(ctx: AppContext, userId: string, id: string): Promise<JobRow | undefined> {
  const [row] = await ctx.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Cancels one of the caller's pending or running jobs. The worker running it sees the row change within
 * about a second, stops the engine thread and removes whatever the run had stored; a pending job is
 * skipped when its queue message comes up.
 * @returns the cancelled job; 404 when not the caller's; 409 jobNotCancellable when already finished
 */
export async function cancelJob(ctx: AppContext, userId: string, id: string): Promise<JobListItem> {
  const existing = await findOwnJob(ctx, userId, id);
  if (!existing) throw ApiError.of(404, 'not_found');
  const [row] = await ctx.database.db
    .update(jobs)
    .set({ status: 'cancelled', progress: null, finishedAt: new Date(), errorMessage: null })
    .where(and(eq(jobs.id, id), eq(jobs.userId, userId), inArray(jobs.status, [...UNFINISHED_JOB_STATUSES])))
    .returning();
  if (!row) throw new ApiError(409, 'jobNotCancellable', MESSAGES.jobNotCancellable);
  const item = toListItem(row);
  await ctx.events.publish(userId, { type: JOB_EVENT, data: item });
  return item;
}

/**
 * Deletes one of the caller's jobs with its stored files (a running job's worker stops, as for a cancel).
 * @returns false when the job is not the caller's (or does not exist)
 */
export async function deleteJob(ctx: AppContext, userId: string, id: string): Promise<boolean> {
  const [row] = await ctx.database.db
    .delete(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.userId, userId)))
    .returning({ id: jobs.id });
  if (!row) return false;
  await removeJobFiles(ctx.storage, id);
  await ctx.events.publish(userId, { type: JOB_DELETED_EVENT, data: { id } });
  return true;
}

/**
 * Queues a job again with the same configuration and seed (the same results, as long as the time budget
 * does not cut the search short), through the same checks as a new job (its upload must still exist).
 * @param name the new job's name; absent: the original's
 * @param submission the re-run's Idempotency-Key: a repeat gets the job the first one queued
 */
export async function rerunJob(ctx: AppContext, userId: string, id: string, name?: string, submission: Submission | null = null, exact = false): Promise<Submitted> {
  const original = await findOwnJob(ctx, userId, id);
  if (!original) throw ApiError.of(404, 'not_found');
  // An exact rerun replays what the original's budget decided; a job without that record (unfinished, or run before
  // records were kept) can only be re-run on the clock, which the message says.
  const record = exact ? replayRecordSchema.safeParse((original.results as { replay?: unknown } | null)?.replay) : null;
  if (record && !record.success) throw new ApiError(409, 'noReplayRecord', MESSAGES.noReplayRecord);
  return createJob(ctx, userId, { name: name?.trim() ? name : original.name, data: { ...original.data, seed: original.seed } }, submission, record?.data ?? null);
}

