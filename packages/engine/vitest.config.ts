import { defineConfig } from 'vitest/config';

/**
 * npm test's steady stage (scripts/steady-tests.mjs) runs these files under SCHED_IDLE beside the end-to-end tests,
 * where a starved hook or test is slow, not hung: there the default 5 s and 10 s limits become 10 minutes.
 */
const steadyStage = process.env.INDICATA_STEADY_STAGE === '1';

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    // Files share one module cache per worker (no re-import of the same modules per file): nothing here keeps
    // global state between files that a test relies on.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    ...(steadyStage ? { testTimeout: 600_000, hookTimeout: 600_000 } : {}),
    // Compiles the fit task and the models: the fit threads of the tests' runs start without tsx then.
    globalSetup: ['../../scripts/compile-server.mjs'],
  },
});
