// Worker-thread entry of the CSV tasks (csv-tasks.ts). Plain JavaScript so Node can start it without a loader: it
// loads the compiled tasks when fresh, else the TypeScript through tsx (works compiled, under tsx and Vitest).
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { importModule } from '@indicata/engine/compiled-loader';
import { workerData } from 'piscina';

// A lower CPU priority for this thread only (csv-threads.ts, csvThreadNiceness: below the event loop, above a job's
// threads). Linux: /proc/thread-self names the thread id, and setpriority on a thread id applies to that thread.
// Elsewhere this is skipped.
try {
  const niceness = Number(workerData?.niceness ?? 0);
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (niceness > 0 && Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, Math.min(19, os.getPriority(threadId) + niceness));
} catch (_error) {
  // not Linux, or not allowed: the thread keeps the process's priority
}

const { default: runCsvTask } = await importModule(new URL('./csv-tasks.ts', import.meta.url).href);

export default runCsvTask;
