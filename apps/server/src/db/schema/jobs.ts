import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JobData, JobProgress, JobStatus, ModelFile } from '@indicata/contracts';
import { users } from './auth.ts';

/** The spec's queue items: one AutoML request, its status, results and report. */
export const jobs = pgTable(
  'jobs',
  {
    /** 20-character time-ordered id (the spec's key k). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Local timestamp 'YYYY-MM-DD HH:mm:ss.SSS' as the spec stores it. */
    currentTime: text('current_time').notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    data: jsonb('data').$type<JobData>().notNull(),
    /** The seed every random choice of the run derives from. */
    seed: integer('seed').notNull(),
    progress: jsonb('progress').$type<JobProgress>(),
    /** AutoMLResults (contracts/results.ts), set when the job is done. */
    results: jsonb('results'),
    /** JobReport (contracts/report.ts), set when the job is done. */
    report: jsonb('report'),
    modelFiles: jsonb('model_files').$type<ModelFile[]>(),
    errorMessage: text('error_message'),
    /** How many times a worker started this job (a retry after a crash counts). */
    attempts: integer('attempts').notNull().default(0),
    /** The run that owns the job while it is running (a fresh id per attempt); only that run may update or finish it. */
    runToken: text('run_token'),
    /** Last sign of life of the running attempt; a stale one means its worker died (jobs/orphans.ts). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Why the last attempt failed unexpectedly, in its own words; shown if the job is given up. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The submission's Idempotency-Key header, if it sent one; unique per user (a repeat gets this job back). */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the submitted body, to tell a repeat of the request from another request reusing its key. */
    requestHash: text('request_hash'),
    /**
     * "Rerun exactly": the replay record (contracts ReplayRecord) of the job this one repeats, copied at submission so
     * the repeat does not depend on the original being kept; the worker replays it instead of searching on the clock.
     */
    replay: jsonb('replay'),
  },
  (table) => [
    index('jobs_user_id_created_idx').on(table.userId, table.createdAt),
    // NULLs never collide in a unique index, so jobs without a key are unaffected; the index is what makes two
    // simultaneous submissions with one key queue one job (the second insert waits for the first, then conflicts).
    uniqueIndex('jobs_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
