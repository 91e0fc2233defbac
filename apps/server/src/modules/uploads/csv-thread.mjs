// Worker-thread entry of the CSV tasks (csv-tasks.ts). Plain JavaScript so Node can start it without a loader: it
// loads the compiled tasks when fresh, else the TypeScript through tsx (works compiled, under tsx and Vitest).
import { importModule } from '@indicata/engine/compiled-loader';

const { default: runCsvTask } = await importModule(new URL('./csv-tasks.ts', import.meta.url).href);

export default runCsvTask;
