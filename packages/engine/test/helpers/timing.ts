import { TIMING_KEYS } from '../../src/pipeline/replay.ts';

/** A deep copy with every timing value set to 0, for comparing runs. */
export function stripTiming<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (k, v: unknown) => (TIMING_KEYS.has(k) ? 0 : v))) as T;
}
