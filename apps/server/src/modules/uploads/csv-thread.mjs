// Worker-thread entry of the CSV tasks (csv-tasks.ts). Plain JavaScript so Node can start it without a loader: it
// loads the compiled tasks when fresh, else the TypeScript through tsx (works compiled, under tsx and Vitest).
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { importModule } from '@indicata/engine/compiled-loader';

// Lowest CPU priority for this thread only (Linux: /proc/thread-self names its thread id, and setpriority on a
// thread id applies to that thread). On a busy machine the scheduler then runs the event loop first, so requests
// are answered while a big file is parsed here. Elsewhere this is skipped.
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, 19);
} catch (_error) {
  // not Linux, or not allowed: the thread keeps the process's priority
}

const { default: runCsvTask } = await importModule(new URL('./csv-tasks.ts', import.meta.url).href);

export default runCsvTask;
