import fs from 'node:fs';
import os from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that mostly wait on child processes and job budgets (real servers, workers, kill -9, restarts). They
 * start first, so the short files fill the cores around them instead of leaving one long file at the end.
 */
const WAITING_FILES = [
  'apps/server/test/jobs/worker-processes/',
  'apps/server/test/jobs/restart-recovery.test.ts',
  'apps/server/test/jobs/job-control.test.ts',
  'apps/server/test/shutdown.test.ts',
  'apps/server/test/jobs/job-run.test.ts',
  'apps/server/test/processes.test.ts',
  'apps/server/test/jobs/job-locale.test.ts',
  'apps/server/test/jobs/job-pickup.test.ts',
  'apps/server/test/uploads/upload-limits.test.ts',
];

/**
 * The projects in the order their files start, after the waiting files. A worker runs file after file without a
 * restart only while the next file in the queue is of its project and test environment: at every switch the worker
 * stops and a new one pays the start-up again (the web's DOM, React and Mantine; the server's database and Fastify).
 * So each project's files run in one block, and the server's follow its waiting files, in the same workers.
 */
const PROJECT_ORDER = ['@indicata/server', '@indicata/engine', '@indicata/contracts', '@indicata/web'];

/** The test environment a file asks for in its first comment (`@vitest-environment jsdom`), else its project's. */
function environmentOf(file: TestSpecification): string {
  const head = fs.readFileSync(file.moduleId, 'utf8').slice(0, 2000);
  return /@vitest-environment\s+([\w-]+)/.exec(head)?.[1] ?? file.project.config.environment;
}

class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waitingRank = (file: TestSpecification) => {
      const index = WAITING_FILES.findIndex((fragment) => file.moduleId.includes(fragment));
      return index < 0 ? WAITING_FILES.length : index;
    };
    const projectRank = (file: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(file.project.name);
      return index < 0 ? PROJECT_ORDER.length : index;
    };
    // Within a project, the files of another environment than the project's (the web's few jsdom files) first, in
    // one block: interleaved, each of them stopped a worker before it and after it.
    const environmentRank = (file: TestSpecification) => (environmentOf(file) === file.project.config.environment ? 1 : 0);
    const key = (file: TestSpecification) => [waitingRank(file), projectRank(file), environmentRank(file)];
    const keys = new Map(sorted.map((file) => [file, key(file)]));
    // Array.prototype.sort is stable: within one key, the base order (failed first, then longest or largest first).
    return [...sorted].sort((a, b) => {
      const ka = keys.get(a)!;
      const kb = keys.get(b)!;
      return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
    });
  }
}

// One run over every workspace; each project keeps its own environment.
// Only *.test.ts(x) files: Playwright's *.spec.ts under e2e/ are not Vitest's.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/engine', 'apps/server', 'apps/web'],
    // Vitest's default is one fewer worker than cores: a single worker on a 2-core machine, idle while a file
    // waits on a child process. Four keep both cores busy (the whole run is CPU-bound then, not wait-bound).
    maxWorkers: Math.max(4, os.availableParallelism()),
    sequence: { sequencer: WaitingFilesFirst },
  },
});
