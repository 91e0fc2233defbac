/** Time limits of one job run. */
export interface JobRunSettings {
  /** The engine's search budget for the whole run. */
  budgetSeconds: number;
  /** The run is stopped (job error) after this long: budget plus time for final fits, metrics and report. */
  hardLimitSeconds: number;
  /** How often the running attempt records a sign of life. */
  heartbeatSeconds: number;
}

/**
 * Limits derived from the budget: the engine may overrun by one in-flight fit, then fits the chosen
 * models and computes explanations, so the hard limit leaves generous room. It always ends a few seconds
 * before the queue's expiry, so a slow run ends in a clear error instead of being handed to a second
 * worker while the first is still on it.
 * @param budgetSeconds the engine's search budget
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
