import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

/** The process logger (JSON lines on stdout); Fastify and the worker share it. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { pid: process.pid } });
}
