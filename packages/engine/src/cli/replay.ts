import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bundledFrameSchema, decodeCsvBytes, replayRecordSchema, type AutoMLResults, type ReplayRecord } from '@indicata/contracts';
import { frameFromTable, parseAnyDelimiterCsv } from '../data/csv.ts';
import type { PanelFrame } from '../data/frame.ts';
import type { EngineConfigInput } from '../pipeline/config.ts';
import { frameOfBundle, TIMING_KEYS } from '../pipeline/replay.ts';
import { UsageError } from './args.ts';

export const REPLAY_USAGE = 'usage: automl --replay RESULTS_OR_BUNDLE.json [--csv FILE] [--workers N] [--models-dir DIR] --out FILE';

/**
 * What a replay cannot reproduce by nature: measured times, and the budget's account (a replay runs with no clock, so
 * its budget is unbounded and nothing is stopped).
 */
const NOT_COMPARED = new Set([...TIMING_KEYS, 'budgetUse']);

export interface ReplayJob {
  record: ReplayRecord;
  frame: PanelFrame;
  config: EngineConfigInput;
  /** The recorded run's results, to compare the replay with (absent when the file holds only a record). */
  original: AutoMLResults | null;
  out: string;
  modelsDir: string | null;
}

function readPanel(text: string, columns: NonNullable<ReplayRecord['input']>): PanelFrame {
  return frameFromTable(parseAnyDelimiterCsv(text), { spaceColumn: columns.spaceColumn, timeColumn: columns.timeColumn, regionColumn: columns.regionColumn });
}

/**
 * Reads `--replay FILE` and what the replay needs: a results file written by `--out` (its panel is read again from
 * the CSV it names, or from `--csv`) or a job's replay bundle (which holds its panel).
 * @param argv arguments after the script name
 */
export function parseReplayArgs(argv: string[]): ReplayJob {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: { replay: { type: 'string' }, csv: { type: 'string' }, workers: { type: 'string' }, 'models-dir': { type: 'string' }, out: { type: 'string' } },
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (${REPLAY_USAGE})`);
  }
  if (!values.out) throw new UsageError('--out is required');
  const file = values.replay as string;
  let parsed: { format?: string; replay?: unknown; frame?: unknown; frameNote?: string | null; results?: AutoMLResults };
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as typeof parsed;
  } catch (error) {
    throw new UsageError(`cannot read ${file} as JSON: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const checked = replayRecordSchema.safeParse(parsed.replay);
  if (!checked.success) throw new UsageError(`${file} holds no replay record (results written before replays were recorded, or another file)`);
  const record = checked.data;
  let frame: PanelFrame;
  const bundled = parsed.format === 'indicata-replay-bundle' ? bundledFrameSchema.safeParse(parsed.frame) : null;
  if (bundled?.success && !values.csv) frame = frameOfBundle(bundled.data);
  else {
    const columns = record.input;
    const csv = values.csv ?? record.input?.csv;
    if (bundled && !values.csv) throw new UsageError(`${file} holds no panel (${parsed.frameNote ?? 'left out'}), so the run cannot be replayed from it`);
    if (!csv || !columns) throw new UsageError(`${file} does not say which CSV the run read and its columns: replay the CLI's own results file`);
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(csv);
    } catch (error) {
      throw new UsageError(`cannot read ${csv}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    frame = readPanel(decodeCsvBytes(bytes), columns);
  }
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 0)) throw new UsageError(`--workers must be a non-negative integer, got "${values.workers}"`);
  const config = { ...(record.config as unknown as EngineConfigInput), ...(workers !== undefined ? { workers } : {}) };
  const original = parsed.format === 'indicata-results' ? (parsed as unknown as AutoMLResults) : (parsed.results ?? null);
  return { record, frame, config, original, out: values.out, modelsDir: values['models-dir'] ?? null };
}

/**
 * Where two results first differ, ignoring measured wall times: a JSON path and both values, or null when every
 * number, label and prediction is the same. Also counts the values compared.
 * @param a the recorded run's results
 * @param b the replay's results
 */
export function firstDifference(a: unknown, b: unknown): { path: string; left: unknown; right: unknown } | { compared: number } {
  let compared = 0;
  const walk = (x: unknown, y: unknown, at: string): { path: string; left: unknown; right: unknown } | null => {
    if (x !== null && y !== null && typeof x === 'object' && typeof y === 'object') {
      if (Array.isArray(x) !== Array.isArray(y)) return { path: at, left: x, right: y };
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      for (const key of keys) {
        if (NOT_COMPARED.has(key)) continue;
        const found = walk((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key], `${at}.${key}`);
        if (found) return found;
      }
      return null;
    }
    compared += 1;
    return Object.is(x, y) ? null : { path: at, left: x, right: y };
  };
  return walk(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)), '$') ?? { compared };
}
