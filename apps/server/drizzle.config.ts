import { defineConfig } from 'drizzle-kit';

// Run from the repository root: `flock /tmp/drizzle.lock npm run db:generate`.
// One migration folder serves PGlite (PostgreSQL 18) and PostgreSQL 15: keep to SQL both understand.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/drizzle',
  strict: true,
  verbose: true,
});
