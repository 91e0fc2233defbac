// Lint rules, including the layering of docs/ARCHITECTURE.md: packages never import apps,
// the web never imports server code, the engine knows nothing of HTTP or databases.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((p) => ({ group: p.group, message: p.message })) }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.compiled/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/out/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...restrict([
        { group: ['**/apps/server/**', '@indicata/server', '@indicata/server/*'], message: 'The web app never imports server code; use packages/contracts.' },
        { group: ['@indicata/engine', '@indicata/engine/*', '**/packages/engine/**'], message: 'The web app does not run the engine; it reads results through the API.' },
      ]),
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: restrict([
      { group: ['**/apps/**', '@indicata/server', '@indicata/server/*', '@indicata/web', '@indicata/web/*'], message: 'Packages never import apps.' },
      { group: ['fastify', 'fastify/*', '@fastify/*', 'pg', 'pg-boss', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'react', 'react-dom'], message: 'Packages stay free of HTTP, database and UI code.' },
    ]),
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: restrict([
      { group: ['@indicata/engine', '@indicata/engine/*', '**/packages/engine/**', '**/apps/**'], message: 'contracts is the lowest layer: it imports nothing of ours.' },
      { group: ['node:*', 'fs', 'path', 'os'], message: 'contracts runs in the browser too: no Node built-ins.' },
    ]),
  },
);
