// Values the global set-up (test/global-setup.ts) passes to every test file through vitest's provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test PostgreSQL server, '' when PostgreSQL tests are skipped. */
    postgresAdminUrl: string;
    /** A migrated database with the demo user on that server, to create test databases from ('' without PostgreSQL). */
    postgresTemplateDatabase: string;
    /** Why PostgreSQL tests are skipped ('' when they run). */
    postgresSkipReason: string;
    /** A migrated PGlite data dir to copy (much faster than initialising a new one). */
    pgliteTemplateDir: string;
    /** An empty PGlite cluster (as initdb leaves it) to copy, for tests of migrations on an empty database. */
    pgliteEmptyDir: string;
  }
}

export {};
