/** Time limits of one job run. */
export interface JobRunSettings {
  /** The engine's budget: a ceiling on the whole run, counted from the job's start (see run-job.ts). */
  budgetSeconds: number;
  /** A safety net: the run is stopped (job error) after this long, should the engine's own ceiling ever fail. */
  hardLimitSeconds: number;
  /** How often the running attempt records a sign of life. */
  heartbeatSeconds: number;
}

/**
 * Limits derived from the budget. The engine itself ends by the budget plus the larger of 3 s and 5% (final fits,
 * CV gap and results included); the hard limit is only a safety net for a fit the engine could not stop, so it
 * leaves generous room (a thread starved on a loaded machine must not turn a good run into an error). It always ends
 * a few seconds before the queue's expiry, so a slow run ends in a clear error instead of being handed to a second
 * worker while the first is still on it.
 * @param budgetSeconds the engine's budget for the whole run
 * @param expireSeconds the queue's expiry of a claimed job
 */
export function runSettingsFor(budgetSeconds: number, expireSeconds: number, heartbeatSeconds = 10): JobRunSettings {
  const generous = Math.round(budgetSeconds * 3 + 300);
  return { budgetSeconds, hardLimitSeconds: Math.max(1, Math.min(generous, expireSeconds - 5)), heartbeatSeconds };
}

/** The queue's expiry of one job: the configured JOB_EXPIRE_SECONDS, else derived from the job's own budget. */
export function expireSecondsFor(budgetSeconds: number, jobs: { expireSeconds: number; expireExplicit?: boolean }): number {
  return jobs.expireExplicit ? jobs.expireSeconds : Math.round(budgetSeconds * 3 + 360);
}

/** A job's budget: the one its owner chose in the wizard, else the server's default (JOB_BUDGET_SECONDS). */
export function budgetSecondsOf(data: { budgetSeconds?: number }, defaultSeconds: number): number {
  return data.budgetSeconds ?? defaultSeconds;
}
