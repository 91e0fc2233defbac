import { defineConfig } from 'vitest/config';

// One run over every workspace; each project keeps its own environment.
// Only *.test.ts(x) files: Playwright's *.spec.ts under e2e/ are not Vitest's.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/engine', 'apps/server', 'apps/web'],
  },
});
