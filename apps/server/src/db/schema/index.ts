// Every table of the database. One export line per module; drizzle-kit reads this file.
export * from './auth.ts';
