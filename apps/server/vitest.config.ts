import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    // Files share one module cache per worker (no re-import of the same modules per file): nothing here keeps
    // global state between files that a test relies on.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Compiles the server's entries (real server processes and job threads start without tsx then), starts
    // PostgreSQL 15 (when installed) and prepares a migrated PGlite template; see test/helpers.
    globalSetup: ['../../scripts/compile-server.mjs', './test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
