/** Time limits of one job run. */
export interface JobRunSettings {
  /** The engine's search budget for the whole run. */
  budgetSeconds: number;
  /** The run is stopped (job error) after this long: budget plus time for final fits, metrics and report. */
  hardLimitSeconds: number;
}

/**
 * Limits derived from the budget: the engine may overrun by one in-flight fit, then fits the chosen
 * models and computes explanations, so the hard limit leaves generous room.
 * @param budgetSeconds the engine's search budget
 */
export function runSettingsFor(budgetSeconds: number): JobRunSettings {
  return { budgetSeconds, hardLimitSeconds: Math.round(budgetSeconds * 3 + 120) };
}
