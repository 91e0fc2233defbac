// Every table of the database. One export line per module; drizzle-kit reads this file.
export * from './auth.ts';
export * from './who.ts';
export * from './uploads.ts';
export * from './questions.ts';
export * from './jobs.ts';
export * from './tokens.ts';
