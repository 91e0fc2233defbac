// Worker-thread entry of the engine's fit tasks. Plain JavaScript so Node can start it without a loader; it loads
// the compiled fit task when fresh, else the TypeScript through tsx (compiled-loader.mjs). Works under
// `node --import tsx`, a compiled server and Vitest alike.
import { importModule, useImportModuleForModelFactories } from '../compiled-loader.mjs';

useImportModuleForModelFactories();
const { runFitTask } = await importModule(new URL('./fit-task.ts', import.meta.url).href);

export default runFitTask;
