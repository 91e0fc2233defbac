// Worker-thread entry that runs one AutoML job. Plain JavaScript so Node can start it without a loader:
// it registers tsx in this thread, then loads the TypeScript task (works under `node --import tsx` and Vitest).
import { register } from 'tsx/esm/api';

register();
await import('./engine-task.ts');
