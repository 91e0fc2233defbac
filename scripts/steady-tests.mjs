// The Vitest files that `npm test` runs beside the end-to-end tests, at the lowest CPU priority, in the core those
// tests leave idle (Playwright keeps about 1.2 of the 2 cores busy). A file belongs here only if nothing it asserts
// depends on time: no budget, no deadline, no clock, no process or job it waits for. Starved of CPU it only takes
// longer. The engine's budgeted runs and the web's DOM tests (findBy waits a fixed time) stay in the main stage.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The environment of the steady stage: the engine and contracts configurations read it. */
export const STEADY_STAGE_ENV = { INDICATA_STEADY_STAGE: '1' };

/** Whole projects whose every file is steady. */
export const STEADY_PROJECTS = ['@indicata/contracts'];

/** Steady files of the engine project, relative to packages/engine (Vitest's --exclude reads them so). */
export const STEADY_ENGINE_FILES = [
  'test/parity.test.ts',
  'test/explicit-grid.test.ts',
  'test/export/onnx-steps.test.ts',
  'test/models/ann-trainer.test.ts',
  'test/models/ann.test.ts',
  'test/models/knn-simd.test.ts',
  'test/models/knn.test.ts',
  'test/models/params.property.test.ts',
  'test/models/params.test.ts',
  'test/models/svm-kernel.test.ts',
  'test/models/svm-libsvm.test.ts',
  'test/models/svm.test.ts',
  'test/models/tfjs-lazy.test.ts',
  'test/models/trees.test.ts',
  'test/unit/carry-forward.test.ts',
  'test/unit/choose.test.ts',
  'test/unit/csv.test.ts',
  'test/unit/gap-folds.test.ts',
  'test/unit/metrics.test.ts',
  'test/unit/outer-split.test.ts',
  'test/unit/predict-ensemble.test.ts',
  'test/unit/preprocess.test.ts',
  'test/unit/sampled-shap.test.ts',
  'test/unit/select.test.ts',
  'test/unit/target-history.test.ts',
  'test/unit/tree-shap.test.ts',
  'test/unit/trust.test.ts',
];

/**
 * Vitest's arguments for the two stages. The main stage excludes the steady files by their path inside their
 * project, which is how Vitest matches --exclude, in every project: so the list is checked against the other
 * projects' folders, where a file of the same relative path would be left out of both stages.
 * @throws Error when a listed file is missing or its path also names a file of another project
 */
export function vitestStageArgs() {
  for (const file of STEADY_ENGINE_FILES) {
    if (!fs.existsSync(path.join(root, 'packages/engine', file))) throw new Error(`scripts/steady-tests.mjs lists ${file}, which packages/engine does not have`);
    for (const other of ['packages/contracts', 'apps/server', 'apps/web']) {
      if (fs.existsSync(path.join(root, other, file))) throw new Error(`scripts/steady-tests.mjs: ${file} also names a file of ${other}, which --exclude would skip`);
    }
  }
  return {
    steady: [
      'run',
      ...STEADY_PROJECTS.map((name) => `--project=${name}`),
      '--project=@indicata/engine',
      ...STEADY_PROJECTS.map((name) => `${name.replace('@indicata/', 'packages/')}/`),
      ...STEADY_ENGINE_FILES.map((file) => `packages/engine/${file}`),
      // Timeouts stand for "hung", and a starved worker is not hung: the projects' configurations lengthen them when
      // INDICATA_STEADY_STAGE=1 (STEADY_STAGE_ENV), which reaches every project where --testTimeout did not.
      '--maxWorkers=2',
    ],
    rest: ['run', ...STEADY_PROJECTS.map((name) => `--project=!${name}`), ...STEADY_ENGINE_FILES.map((file) => `--exclude=${file}`)],
  };
}
