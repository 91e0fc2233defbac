/**
 * Environment for the server and worker processes that tests start: their jobs' threads keep the tests' own CPU
 * priority. At the product's default (JOB_THREAD_NICENESS 10) a job's threads yield to everything at normal priority,
 * and in `npm test` that is the other Vitest workers: on a slow 2-core machine a job of a 4 s budget then fitted no
 * model at all (rescue.test.ts, 2026-11-25: "No model could be fitted within the time budget of 4 s"). These tests
 * are about queues, restarts and exits, not priorities, which `thread-priority.test.ts` covers.
 */
export const JOBS_AT_TEST_PRIORITY = { JOB_THREAD_NICENESS: '0' } as const;
