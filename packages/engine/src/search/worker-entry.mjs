// Worker-thread entry of the engine's fit tasks. Plain JavaScript so Node can start it without a loader;
// it registers tsx in this thread, then loads the TypeScript task. Works under `node --import tsx` and
// inside Vitest alike.
import { register } from 'tsx/esm/api';

register();
const { runFitTask } = await import('./fit-task.ts');

export default runFitTask;
