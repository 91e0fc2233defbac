import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { createEventHub } from './events/create-hub.ts';
import type { EventHub } from './events/hub.ts';
import { createLogger } from './logger.ts';
import { ensureDemoUser } from './modules/auth/users.ts';
import { ROLES, startRole, type Role, type RunningRole } from './roles.ts';

function parseRole(argv: string[]): Role {
  const { values } = parseArgs({ args: argv, options: { role: { type: 'string', default: 'all' } }, allowPositionals: true });
  const role = values.role as Role;
  if (!ROLES.includes(role)) {
    console.error(`Unknown --role ${values.role}: use one of ${ROLES.join(', ')}.`);
    process.exit(2);
  }
  return role;
}

async function main(): Promise<void> {
  const role = parseRole(process.argv.slice(2));
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Indicata cannot start: fix these settings (environment variables):\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(`Indicata cannot open its database${config.databaseUrl ? ' (DATABASE_URL)' : ` under ${config.dataDir}`}: ${(error as Error).message}`);
    process.exit(1);
  }

  let events: EventHub | undefined;
  let running: RunningRole | undefined;
  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      logger.info({ signal }, 'shutting down');
      const forceExit = setTimeout(() => {
        logger.error('shutdown took longer than 10 s; exiting');
        process.exit(1);
      }, 10_000);
      forceExit.unref();
      await running?.stop();
      await events?.close();
      await database.close();
      logger.info('stopped');
    })();
    return stopping;
  };
  // `on`, not `once`: a terminal's Ctrl-C reaches us both directly and through scripts/start.mjs.
  process.on('SIGINT', () => void shutdown('SIGINT').then(() => process.exit(0)));
  process.on('SIGTERM', () => void shutdown('SIGTERM').then(() => process.exit(0)));

  try {
    await migrate(database);
    await ensureDemoUser(database.db);
    events = await createEventHub(database, { listen: role !== 'worker', logger });
    running = await startRole(role, { config, database, events, logger });
    const where = running.app ? ` on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}` : '';
    logger.info({ role, database: database.kind }, `Indicata (${role}) is running${where}`);
  } catch (error) {
    logger.error({ err: error }, 'Indicata failed to start');
    await shutdown('startup failure').catch(() => {});
    process.exit(1);
  }
}

await main();
