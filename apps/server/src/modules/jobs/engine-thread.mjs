// Worker-thread entry that runs one AutoML job. Plain JavaScript so Node can start it without a loader: it loads the
// compiled task when fresh, else the TypeScript through tsx (works compiled, under `node --import tsx` and Vitest).
import { importModule, useImportModuleForModelFactories } from '@indicata/engine/compiled-loader';

// With no fit threads (workers = 0), this thread fits the models itself.
useImportModuleForModelFactories();
// When this thread began loading the engine: engine-task.ts leaves that load out of the job's budget.
globalThis.indicataEngineLoadStartedAt = Date.now();
await importModule(new URL('./engine-task.ts', import.meta.url).href);
