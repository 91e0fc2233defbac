import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    // Files share one module cache per worker (no re-import of the same modules per file): nothing here keeps
    // global state between files that a test relies on.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Compiles the fit task and the models: the fit threads of the tests' runs start without tsx then.
    globalSetup: ['../../scripts/compile-server.mjs'],
  },
});
