import { Piscina } from 'piscina';
import { readCsvBytes, summarisePanel, toCsv, type CsvPanelSummary, type CsvProblem } from '@indicata/contracts';
import { decodeCsvBytes } from '@indicata/contracts';
import { frameFromTable, parseSemicolonCsv } from '@indicata/engine/data/csv';
import type { PanelFrame } from '@indicata/engine/data/frame';
import { lowerPoolThreadPriority } from '../../threads/interactive-pool.ts';

/**
 * The CSV work of the server, run on a worker thread (csv-threads.ts) so a big file never blocks the event
 * loop: every task decodes and parses a whole file with the contracts reader (row limit LIMITS.csvMaxRows).
 * Each function is also callable in-thread (tests).
 */

// Below the event loop, above a job's threads (threads/interactive-pool.ts).
lowerPoolThreadPriority();

/** Check an upload with every rule of spec section 5 and summarise its chosen columns. */
export interface ValidateTask {
  kind: 'validate';
  fileName: string;
  bytes: Uint8Array;
  spatialColumn: string;
  temporalColumn: string;
}
export type ValidateOutcome = (
  | { ok: true; columns: string[]; rowCount: number; summary: CsvPanelSummary }
  | { ok: false; problem: CsvProblem }
) & {
  /** The task's bytes, handed back (moved, not copied) for the caller to store. */
  bytes?: Uint8Array;
};

/** The file re-written through toCsv (formula-like text escaped) for download. */
export interface ExportTask {
  kind: 'export';
  fileName: string;
  bytes: Uint8Array;
}
export type ExportOutcome = { ok: true; csv: string } | { ok: false; problem: CsvProblem };

/** The panel frame of a stored upload; `onlyColumns` keeps just those value columns (a preview needs one). */
export interface FrameTask {
  kind: 'frame';
  bytes: Uint8Array;
  spaceColumn: string;
  timeColumn: string;
  onlyColumns?: string[];
}
export type FrameOutcome = { ok: true; frame: PanelFrame } | { ok: false; message: string };

/**
 * One value column of a stored upload with each row's year and place (a class preview counts the classes in the
 * split's years and test place); the other columns stay behind.
 */
export interface ColumnTask {
  kind: 'column';
  bytes: Uint8Array;
  spaceColumn: string;
  timeColumn: string;
  column: string;
}
/** A column's values (NaN = missing) with the year and place of each row. */
export interface UploadColumn {
  values: Float64Array;
  time: Float64Array;
  space: string[];
}
export type ColumnOutcome = { ok: true; column: UploadColumn | null } | { ok: false; message: string };

export type CsvTask = ValidateTask | ExportTask | FrameTask | ColumnTask;

export function validateUpload(task: ValidateTask): ValidateOutcome {
  const read = readCsvBytes(task.fileName, task.bytes);
  if (!read.ok) return read;
  const summary = summarisePanel(read.table, task.spatialColumn, task.temporalColumn);
  if (!summary.ok) return summary;
  return { ok: true, columns: read.table.columns, rowCount: read.table.rows.length, summary: summary.summary };
}

export function exportUpload(task: ExportTask): ExportOutcome {
  const read = readCsvBytes(task.fileName, task.bytes);
  if (!read.ok) return read;
  return { ok: true, csv: toCsv(read.table.columns, read.table.rows) };
}

export function uploadFrame(task: FrameTask): FrameOutcome {
  try {
    const frame = frameFromTable(parseSemicolonCsv(decodeCsvBytes(task.bytes)), { spaceColumn: task.spaceColumn, timeColumn: task.timeColumn });
    if (task.onlyColumns) {
      const keep = new Set(task.onlyColumns);
      frame.columns = frame.columns.filter((column) => keep.has(column.name));
    }
    return { ok: true, frame };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Runs one task (the worker thread's entry point). Big arrays travel without copies: a validated file's bytes and
 * a frame's value arrays are moved back to the caller.
 */
export default function runCsvTask(task: CsvTask): unknown {
  switch (task.kind) {
    case 'validate': {
      const outcome: ValidateOutcome = { ...validateUpload(task), bytes: task.bytes };
      return Piscina.move({ [Piscina.transferableSymbol]: [task.bytes.buffer], [Piscina.valueSymbol]: outcome } as never);
    }
    case 'export':
      return exportUpload(task);
    case 'column': {
      const outcome = uploadFrame({ kind: 'frame', bytes: task.bytes, spaceColumn: task.spaceColumn, timeColumn: task.timeColumn, onlyColumns: [task.column] });
      if (!outcome.ok) return outcome;
      const values = outcome.frame.columns.find((c) => c.name === task.column)?.values;
      if (!values) return { ok: true, column: null } satisfies ColumnOutcome;
      const time = Float64Array.from(outcome.frame.time);
      const result: ColumnOutcome = { ok: true, column: { values, time, space: outcome.frame.space } };
      return Piscina.move({ [Piscina.transferableSymbol]: [values.buffer, time.buffer], [Piscina.valueSymbol]: result } as never);
    }
    case 'frame': {
      const outcome = uploadFrame(task);
      if (!outcome.ok) return outcome;
      const buffers = outcome.frame.columns.map((column) => column.values.buffer);
      return Piscina.move({ [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: outcome } as never);
    }
  }
}
