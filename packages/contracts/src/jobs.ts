import { z } from 'zod';

/**
 * Job (queue item) API shapes. The submitted configuration (`data`) is defined in job-config.ts;
 * the results in results.ts; the written report in report.ts.
 */
export const JOB_STATUSES = ['pending', 'running', 'done', 'error', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The statuses of a job that waits or runs: it counts against the active-job quota and may still read its data. */
export const UNFINISHED_JOB_STATUSES = ['pending', 'running'] as const satisfies readonly JobStatus[];

/** A job that no longer changes (cancel and re-run apply to the others, delete to all). */
export function isFinishedStatus(status: JobStatus): boolean {
  return !(UNFINISHED_JOB_STATUSES as readonly JobStatus[]).includes(status);
}

/** Status label shown in lists: a running job shows Running with its progress. */
export function displayStatus(status: JobStatus): 'Pending' | 'Running' | 'Done' | 'Error' | 'Cancelled' {
  if (status === 'done') return 'Done';
  if (status === 'error') return 'Error';
  if (status === 'running') return 'Running';
  if (status === 'cancelled') return 'Cancelled';
  return 'Pending';
}

export const jobProgressSchema = z.object({
  /** 0..1 */
  fraction: z.number(),
  message: z.string(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** One row of GET /api/jobs (own jobs, newest first). */
export const jobListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Local timestamp, 'YYYY-MM-DD HH:mm:ss.SSS' (spec section 3). */
  currentTime: z.string(),
  /** ISO 8601 creation time, for formatting in the viewer's locale. */
  createdAt: z.string(),
  status: z.enum(JOB_STATUSES),
  /** data.database: 'WHO', an upload's stored name, or null (shown as "WHO"). */
  database: z.string().nullable(),
  progress: jobProgressSchema.nullable(),
  /** Why a job ended in error, in words a person can act on. */
  errorMessage: z.string().nullable(),
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

/** Page size limits of GET /api/jobs. */
export const JOB_LIST_PAGE = { defaultSize: 20, maxSize: 100 } as const;

/** GET /api/jobs?page=&size=: one page of the caller's jobs, newest first (summaries only, never results). */
export const jobListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(JOB_LIST_PAGE.maxSize).default(JOB_LIST_PAGE.defaultSize),
});
export type JobListQuery = z.input<typeof jobListQuerySchema>;

export const jobListResponseSchema = z.object({
  jobs: z.array(jobListItemSchema),
  page: z.number().int(),
  size: z.number().int(),
  /** All of the caller's jobs, for "Page X of Y". */
  total: z.number().int(),
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

/** A stored model file of a finished job (GET /api/jobs/:id/models). */
export const modelFileSchema = z.object({
  /** e.g. modelRF.json, modelANN.json */
  file: z.string(),
  family: z.string(),
  bytes: z.number(),
});
export type ModelFile = z.infer<typeof modelFileSchema>;

/** SSE event type pushed to the owner when a job changes; data is a JobListItem. */
export const JOB_EVENT = 'job';

/** SSE event type pushed to the owner when a job is deleted; data is `{ id }`. */
export const JOB_DELETED_EVENT = 'job-deleted';

/** Body of POST /api/jobs/:id/rerun: an optional name for the new job (default: the original's). */
/** `exact`: replay the original's recorded search (results.replay) instead of searching again on the clock. */
export const rerunJobRequestSchema = z.object({ name: z.string().trim().max(200).optional(), exact: z.boolean().optional() }).strict();

/**
 * A job submission (POST /api/jobs) or re-run (POST /api/jobs/:id/rerun) may carry this header so that sending it
 * twice queues one job: a double click on the confirmation or on "Re-run", or a retry after a lost answer, gets the
 * first job back (200 instead of 201). The key is the caller's own (two users never share one) and lives as long as
 * the job it queued.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_KEY_LIMITS = {
  /** A UUID has 36 characters; shorter keys would collide too easily between a user's submissions. */
  minChars: 16,
  maxChars: 128,
  /** Printable ASCII without spaces, so the key reads the same in logs and in every HTTP client. */
  pattern: /^[\x21-\x7e]+$/,
} as const;

/** Messages of the idempotency key ({placeholders} filled by formatMessage). */
export const IDEMPOTENCY_MESSAGES = {
  idempotencyKeyInvalid: `The ${IDEMPOTENCY_KEY_HEADER} header must be ${IDEMPOTENCY_KEY_LIMITS.minChars} to ${IDEMPOTENCY_KEY_LIMITS.maxChars} printable characters without spaces (a UUID will do).`,
  idempotencyKeyReused: `This ${IDEMPOTENCY_KEY_HEADER} was already used for job {jobId} with a different request. Send a new key for a new job, or the same request to get that job back.`,
} as const;

/** The header's value if it is a usable key, null when absent, or 'invalid'. */
export function readIdempotencyKey(value: unknown): string | null | 'invalid' {
  if (value === undefined) return null;
  if (typeof value !== 'string') return 'invalid';
  const { minChars, maxChars, pattern } = IDEMPOTENCY_KEY_LIMITS;
  return value.length >= minChars && value.length <= maxChars && pattern.test(value) ? value : 'invalid';
}
