/**
 * The budget (seconds) of the jobs that tests about queues, restarts and exits run to their end: short, since an auto
 * search spends all of it on both cores, yet long enough to fit a model on a loaded machine. A job's budget counts from
 * the job's start, so reading its upload (on a CSV thread started for it, the first one in a process just started) is
 * inside it: 0.2-1.6 s in `npm test` (measured 2026-11-25), and so is a fresh worker process's first load of the
 * models. With 4 s, share-queue's and rescue's jobs fitted no model in 2 of 4 full runs; with 6 s, rescue's retried job
 * still fitted none in 1 of 5 full runs on 2026-11-27 (load average above 5).
 */
export const SHORT_JOB_BUDGET_SECONDS = 8;
