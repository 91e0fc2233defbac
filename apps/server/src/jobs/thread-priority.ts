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

/**
 * The nice level of the threads that do work someone is waiting on (reading an upload, a class preview, a
 * prediction): halfway between the web server's event loop (0) and a job's threads (`JOB_THREAD_NICENESS`, default
 * 10). Below the event loop, so requests are answered meanwhile; above the jobs, because nobody waits on a job's next
 * second. At nice 19, below the jobs, a 45 MB upload took 8.0 s instead of 3.9 s beside a running job, and a class
 * preview 7.7-12.3 s instead of 2.7-3.4 s (`bench/server-responsiveness.ts --busy`).
 * @param jobThreadNiceness the nice levels added to a job's threads
 */
export function interactiveThreadNiceness(jobThreadNiceness: number): number {
  return Math.floor(Math.max(0, jobThreadNiceness) / 2);
}
