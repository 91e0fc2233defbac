import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    environment: 'jsdom',
    // Only unit tests under src/: Playwright's e2e/*.spec.ts are not Vitest's.
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one import of React and Mantine per worker, not per file (75 s -> 26 s for this project on
    // 2 cores); src/test/setup.ts resets what a test could leave behind.
    isolate: false,
    css: false,
  },
});
