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

class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = WAITING_FILES.findIndex((fragment) => file.moduleId.includes(fragment));
      return index < 0 ? WAITING_FILES.length : index;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
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
