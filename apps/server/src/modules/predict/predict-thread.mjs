// Worker-thread entry of the prediction task (predict-tasks.ts). Plain JavaScript so Node can start it without a
// loader: it loads the compiled task when fresh, else the TypeScript through tsx (works compiled, under tsx and Vitest).
import { importModule } from '@indicata/engine/compiled-loader';

const { default: runPredictTask } = await importModule(new URL('./predict-tasks.ts', import.meta.url).href);

export default runPredictTask;
