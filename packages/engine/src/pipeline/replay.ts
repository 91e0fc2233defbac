import type { BundledFrame, ReplayRecord } from '@indicata/contracts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PanelFrame } from '../data/frame.ts';
import type { EngineConfig } from './config.ts';
import { ReplayMismatchError } from '../search/replay-search.ts';

export { ReplayMismatchError } from '../search/replay-search.ts';

/**
 * A replay has no clock: its budget is this long, so no stage is ever skipped or stopped for time, and the record
 * alone says what ran. (About 11 days: the stages' timers take milliseconds below 2^31, past which they fire at once.)
 */
export const REPLAY_BUDGET_SECONDS = 1e6;

/**
 * Keys of the results (and of the replay record) that hold measured wall time: they differ between two otherwise
 * identical runs, and between a run and its replay, by nature. Comparisons of runs skip them.
 */
export const TIMING_KEYS: ReadonlySet<string> = new Set([
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
  // The time context of the choice in the replay record (seconds left, predicted final fits, threads).
  'leftSeconds',
  'finalSeconds',
  'threads',
]);

let engineVersion: string | null = null;

/**
 * The engine's version (its package.json), read once. Compiled bundles live in another folder of the same package,
 * so the nearest package.json named @indicata/engine above this module is the one.
 */
export function engineVersionOf(): string {
  if (engineVersion !== null) return engineVersion;
  engineVersion = 'unknown';
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@indicata/engine') {
        engineVersion = pkg.version ?? 'unknown';
        break;
      }
    }
    if (path.dirname(dir) === dir) break;
  }
  return engineVersion;
}

/**
 * SHA-256 of a panel as the engine sees it: its column names, places, years, regions and every value (bit for bit,
 * but for the sign of zero and the payload of NaN, which no result depends on), so two runs on the same digest saw
 * the same data whatever file, database or JSON bundle it came from.
 * @param frame the panel
 */
export function frameSha256(frame: PanelFrame): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([frame.spaceColumn, frame.timeColumn, frame.regionColumn ?? null, frame.space, frame.time, frame.region ?? null]));
  for (const column of frame.columns) {
    hash.update(`\u0000${column.name}\u0000`);
    // One bit pattern per value as JSON carries it: every NaN alike (missing), and -0 as 0.
    const values = Float64Array.from(column.values, (v) => (Number.isNaN(v) ? Number.NaN : v === 0 ? 0 : v));
    hash.update(new Uint8Array(values.buffer));
  }
  return hash.digest('hex');
}

/** The configuration as a record stores it: the thread count is left out (the choice's record keeps what it decided). */
export function recordedConfig(config: EngineConfig): Record<string, unknown> {
  const { workers: _workers, ...rest } = config;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/**
 * Refuses a replay on other data or another configuration than the recorded run's: it would not reproduce it.
 * @param record the original run's record
 * @param config the replay's parsed configuration
 * @param frame the replay's panel
 */
export function checkReplayFits(record: ReplayRecord, config: EngineConfig, frame: PanelFrame): void {
  if (frameSha256(frame) !== record.frameSha256) {
    throw new ReplayMismatchError('the data differs from the recorded run\'s (its SHA-256 does not match), so the run cannot be replayed exactly');
  }
  if (canonical(recordedConfig(config)) !== canonical(record.config)) {
    throw new ReplayMismatchError('the configuration differs from the recorded run\'s, so the run cannot be replayed exactly');
  }
}

/**
 * A number a record can hold in JSON (a prediction of "never fits" is Infinity, which JSON cannot hold).
 * @param seconds predicted or measured seconds
 */
export function recordableSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? seconds : Number.MAX_SAFE_INTEGER;
}

/**
 * A stage's outcome as the record has it, else the live stage: a recorded "skipped" is returned as is (with its
 * reason); a recorded count (contenders checked, folds fit) is passed to the stage, which then runs without a clock.
 * @param recorded the record's entry for the stage (undefined in a live run)
 * @param run the stage, given the recorded count when replaying
 */
export function replayedOr<T>(recorded: { skipped: string } | { checked: number } | { folds: number } | null | undefined, run: (count: number | undefined) => Promise<T>): Promise<T | { skipped: string }> {
  if (recorded && 'skipped' in recorded) return Promise.resolve({ skipped: recorded.skipped });
  const count = recorded ? ('checked' in recorded ? recorded.checked : recorded.folds) : undefined;
  return run(count);
}

/**
 * A panel as a replay bundle carries it: JSON numbers (which hold every double exactly), null for missing.
 * @param frame the panel
 * @param source where the job's data came from
 */
export function bundledFrameOf(frame: PanelFrame, source: BundledFrame['source']): BundledFrame {
  return {
    sha256: frameSha256(frame),
    source,
    spaceColumn: frame.spaceColumn,
    timeColumn: frame.timeColumn,
    regionColumn: frame.regionColumn ?? null,
    space: frame.space,
    time: frame.time,
    region: frame.region ?? null,
    columns: frame.columns.map((c) => ({ name: c.name, values: Array.from(c.values, (v) => (Number.isNaN(v) ? null : v)) })),
  };
}

/**
 * The panel a replay bundle carries, as the engine reads it.
 * @param bundled the bundle's frame
 */
export function frameOfBundle(bundled: BundledFrame): PanelFrame {
  return {
    spaceColumn: bundled.spaceColumn,
    timeColumn: bundled.timeColumn,
    ...(bundled.regionColumn !== null ? { regionColumn: bundled.regionColumn, region: bundled.region ?? bundled.space.map(() => null) } : {}),
    space: bundled.space,
    time: bundled.time,
    columns: bundled.columns.map((c) => ({ name: c.name, values: Float64Array.from(c.values, (v) => (v === null ? Number.NaN : v)) })),
  };
}
