import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { migrate } from '../db/migrate.ts';

/** A path the user typed, relative to the folder they ran npm in (npm runs scripts from the repo root). */
export function userPath(value: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}

/** Comma- or space-separated indicator codes. */
export function parseCodes(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((code) => code.trim())
    .filter(Boolean);
}

/** Loads the configuration and opens + migrates the database, or exits with a message a person can act on. */
export async function openCliDatabase(): Promise<{ config: Config; database: Database }> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Fix these settings (environment variables):\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
      process.exit(1);
    }
    throw error;
  }
  try {
    const database = await openDatabase(config);
    await migrate(database);
    return { config, database };
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nThe embedded database has one owner at a time: stop the server and run this again, or set WHO_IMPORT_DIR so the server imports at start-up.`,
      );
      process.exit(1);
    }
    console.error(`Cannot open the database${config.databaseUrl ? ' (DATABASE_URL)' : ` under ${config.dataDir}`}: ${(error as Error).message}`);
    process.exit(1);
  }
}
