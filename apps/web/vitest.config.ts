import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // happy-dom: a fraction of jsdom's set-up cost per file (this project 57 -> 38-42 CPU-s). Files that check sanitised markup
    // run in jsdom (a `@vitest-environment jsdom` line): DOMPurify does not sanitise under happy-dom.
    environment: 'happy-dom',
    // Only unit tests under src/: Playwright's e2e/*.spec.ts are not Vitest's.
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test/setup.ts'],
    // One DOM and one import of React and Mantine per worker, not per file (75 s -> 26 s for this project on
    // 2 cores); src/test/setup.ts resets what a test could leave behind.
    isolate: false,
    css: false,
    // A page render with Mantine takes 1-2 s alone and 5-7 s beside the other stages' processes on 2 cores; the
    // 5 s default then fails a test for the machine's load, not for what it checks.
    testTimeout: 20_000,
  },
});
