import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { createEventHub } from './events/create-hub.ts';
import type { EventHub } from './events/hub.ts';
import { createLogger, loggingShuttingDown } from './logger.ts';
import { ensureDemoUser } from './modules/auth/users.ts';
import { ROLES, startRole, type Role, type RunningRole } from './roles.ts';
import { createAppContext } from './app-context.ts';

function parseRole(argv: string[]): Role {
  const { values } = parseArgs({ args: argv, options: { role: { type: 'string', default: 'all' } }, allowPositionals: true });
  const role = values.role as Role;
  if (!ROLES.includes(role)) {
    console.error(`Unknown --role ${values.role}: use one of ${ROLES.join(', ')}.`);
    process.exit(2);
  }
  return role;
}

/** Longest a shutdown may take before the process exits anyway (the promise to supervisors is 10 s). */
const SHUTDOWN_LIMIT_MS = 8_000;

/** A closed stdout or stderr (the reader went away) must neither crash nor hold up the process. */
function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}

/**
 * Started by scripts/start.mjs (INDICATA_PARENT_PID): stop when that parent is gone (killed, or its own parent
 * signalled only it), so the server is never left running on its own. Checked once a second.
 */
function watchParent(stop: (reason: string) => void): void {
  const parent = Number(process.env.INDICATA_PARENT_PID);
  if (!Number.isInteger(parent) || parent <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      stop('parent process gone');
    }
  }, 1_000);
  timer.unref();
}

async function main(): Promise<void> {
  ignoreClosedOutput();
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
      // From here on a stuck or closed stdout costs no time at all (lines are dropped, never waited for).
      loggingShuttingDown();
      logger.info({ signal }, 'shutting down');
      // Within 10 s of the signal whatever happens: a running job gets 5 s to hand itself back (queue.stop),
      // the database closes last (releasing the DATA_DIR lock); past 8 s the process exits regardless.
      const forceExit = setTimeout(() => {
        logger.error('shutdown took longer than 8 s; exiting');
        process.exit(1);
      }, SHUTDOWN_LIMIT_MS);
      forceExit.unref();
      let failed = false;
      for (const [what, stop] of [
        ['role', () => running?.stop()],
        ['events', () => events?.close()],
        ['database', () => database.close()],
      ] as const) {
        try {
          await stop();
        } catch (error) {
          failed = true;
          logger.error({ err: error }, `error while stopping the ${what}`);
        }
      }
      logger.info('stopped');
      process.exitCode = failed ? 1 : 0;
    })();
    return stopping;
  };
  const stopAndExit = (reason: string) => void shutdown(reason).then(() => process.exit());
  // `on`, not `once`: a terminal's Ctrl-C reaches us both directly and through scripts/start.mjs.
  process.on('SIGINT', () => stopAndExit('SIGINT'));
  process.on('SIGTERM', () => stopAndExit('SIGTERM'));
  watchParent(stopAndExit);

  try {
    await migrate(database);
    await ensureDemoUser(database.db);
    events = await createEventHub(database, { listen: role !== 'worker', logger });
    running = await startRole(role, createAppContext({ config, database, events, logger }));
    const where = running.app ? ` on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}` : '';
    logger.info({ role, database: database.kind }, `Indicata (${role}) is running${where}`);
  } catch (error) {
    logger.error({ err: error }, 'Indicata failed to start');
    await shutdown('startup failure').catch(() => {});
    process.exit(1);
  }
}

await main();
