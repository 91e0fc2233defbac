import { readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * The operating system's id of the calling thread (Linux: /proc/thread-self -> "<pid>/task/<tid>"), or null
 * where it cannot be read (other systems).
 */
export function currentThreadId(): number | null {
  try {
    const match = /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's scheduling priority by `niceness` (capped at 19). On Linux a thread's nice
 * value belongs to that thread and is inherited by the threads it creates afterwards, so calling this first
 * in the engine's thread also lowers the engine's fit pool, while the main thread (HTTP) keeps its priority.
 * @returns the new nice value, or null when the thread id is unknown or the system refused
 */
export function lowerThreadPriority(niceness: number): number | null {
  const tid = currentThreadId();
  if (tid === null) return null;
  try {
    const next = Math.min(19, os.getPriority(tid) + niceness);
    os.setPriority(tid, next);
    return os.getPriority(tid);
  } catch {
    return null;
  }
}
