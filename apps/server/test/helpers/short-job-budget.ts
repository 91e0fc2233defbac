/**
 * The budget (seconds) of the jobs that tests about queues, restarts and exits run to their end: short, since an auto
 * search spends all of it on both cores, yet long enough to fit a model on a loaded machine. A job's budget counts from
 * the job's start, so reading its upload (on a CSV thread started for it, the first one in a process just started) is
 * inside it: 0.2-1.6 s in `npm test` (measured 2026-11-25). With 4 s, share-queue's and rescue's jobs fitted no model in
 * 2 of 4 full runs.
 */
export const SHORT_JOB_BUDGET_SECONDS = 6;
