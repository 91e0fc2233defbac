import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';
import { createLogDestination, type LogDestination } from './log-destination.ts';

/** The process's log destination (stdout), shared by every logger of the process. */
let stdoutDestination: LogDestination | undefined;

/**
 * The process logger (JSON lines on stdout); Fastify and the worker share it. It writes through
 * createLogDestination, so a closed or stuck stdout never blocks the process (see log-destination.ts).
 */
export function createLogger(level: LogLevel): Logger {
  stdoutDestination ??= createLogDestination(1);
  return pino({ level, base: { pid: process.pid } }, stdoutDestination);
}

/** Tells the log destination that the process is stopping: from now on it never waits for a full pipe. */
export function loggingShuttingDown(): void {
  stdoutDestination?.shuttingDown();
}
