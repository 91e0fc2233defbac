/** Keys of the results JSON that hold measured times (they differ between otherwise identical runs). */
export const TIMING_KEYS = new Set([
  'elapsedSeconds',
  'seconds',
  'fitSeconds',
  'fit_seconds',
  'predict_seconds',
  'searchSeconds',
  'finalFitSeconds',
  'cvGapSeconds',
  'otherSeconds',
  'totalSeconds',
  // The replay record's time context of the choice (seconds left, predicted final fits).
  'leftSeconds',
  'finalSeconds',
]);

/** A deep copy with every timing value set to 0, for comparing runs. */
export function stripTiming<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (k, v: unknown) => (TIMING_KEYS.has(k) ? 0 : v))) as T;
}
