import type { AppContext } from '../../context.ts';
import { InteractivePool } from '../../threads/interactive-pool.ts';
import type { ColumnOutcome, ColumnTask, CsvTask, ExportOutcome, ExportTask, FrameOutcome, FrameTask, ValidateOutcome, ValidateTask } from './csv-tasks.ts';

/**
 * The worker threads that read uploaded CSVs (csv-tasks.ts): decoding and parsing a 45 MB file takes seconds,
 * which on the main thread froze every request of every user. Threads leave after 30 s idle. One thread
 * on a 2-core machine: each read of a big file holds a few hundred MB, and the engine's job threads need the cores more.
 */
const pool = new InteractivePool(new URL('./csv-thread.mjs', import.meta.url), 30_000);

/** Stops the threads (at shutdown); a later task starts a new pool. */
export function closeCsvThreads(): Promise<void> {
  return pool.close();
}

/**
 * The bytes as a buffer that may be handed to the thread without a copy: a view of its own whole buffer is moved
 * (the caller must not use it again), anything else (a slice of Node's shared pool) is copied first.
 */
function movable(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}

function run<T>(task: CsvTask, transfer: ArrayBuffer[]): Promise<T> {
  return pool.run<T>(task, transfer);
}

/**
 * validateUpload on a thread. The bytes are moved there and back without a copy (copying 45 MB on the event loop
 * is a visible stall): use the returned `bytes`, not the ones passed in.
 */
export async function validateUploadInThread(task: Omit<ValidateTask, 'kind'>): Promise<ValidateOutcome & { bytes: Uint8Array }> {
  const bytes = movable(task.bytes);
  const outcome = await run<ValidateOutcome>({ kind: 'validate', ...task, bytes }, [bytes.buffer as ArrayBuffer]);
  return { ...outcome, bytes: outcome.bytes ?? bytes };
}

/** exportUpload on a thread; `bytes` are moved to it. */
export function exportUploadInThread(task: Omit<ExportTask, 'kind'>): Promise<ExportOutcome> {
  const bytes = movable(task.bytes);
  return run({ kind: 'export', ...task, bytes }, [bytes.buffer as ArrayBuffer]);
}

/** uploadFrame on a thread; `bytes` are moved to it and the frame's arrays moved back. */
export function uploadFrameInThread(task: Omit<FrameTask, 'kind'>): Promise<FrameOutcome> {
  const bytes = movable(task.bytes);
  return run({ kind: 'frame', ...task, bytes }, [bytes.buffer as ArrayBuffer]);
}

/**
 * Context initializer (roles.ts): takes the threads' nice level from the configuration; nothing starts now (the pool
 * starts on first use); shutdown stops the threads.
 */
export async function initCsvThreads(ctx: AppContext): Promise<() => Promise<void>> {
  pool.configure(ctx.config.jobs.threadNiceness ?? 0);
  return closeCsvThreads;
}

/** One value column on a thread (null when the file has no numeric column of that name); `bytes` are moved. */
export function uploadColumnInThread(task: Omit<ColumnTask, 'kind'>): Promise<ColumnOutcome> {
  const bytes = movable(task.bytes);
  return run({ kind: 'column', ...task, bytes }, [bytes.buffer as ArrayBuffer]);
}
