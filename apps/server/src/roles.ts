import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import type { Stop } from './lifecycle.ts';
import { buildApp } from './http/app.ts';
import { initAssistant } from './modules/questions/init.ts';
import { initJobQueue, initMailer, startJobWorker } from './modules/jobs/worker.ts';
import { importWhoAtStartup } from './modules/who/startup.ts';
import { initStorage } from './storage/index.ts';
import { initCsvThreads } from './modules/uploads/csv-threads.ts';
import { initPredictThreads } from './modules/predict/predict-threads.ts';

export const ROLES = ['all', 'http', 'worker'] as const;
/** all: API + web + worker in one process (the default); http: API + web; worker: queue worker only. */
export type Role = (typeof ROLES)[number];

export type { Stop };

/**
 * Runs in every role, before the roles start: starts a service of the context (the queue), or sets an optional
 * member (ctx.assistant ...) that routes and workers use. Return a Stop to be called at shutdown (in reverse order).
 */
export type ContextInitializer = (ctx: AppContext) => Promise<Stop | void>;

/** Starts a background worker (roles worker and all). Return a Stop for a graceful shutdown. */
export type WorkerStarter = (ctx: AppContext) => Promise<Stop | void>;

/** One line per module (import it above): e.g. `initStorage,` then `initQueue,` (they run in this order). */
// File storage first (uploads and jobs use it), then mail and the queue, then the WHO catalog's start-up import.
// The CSV and prediction threads are listed first so they are stopped last, after the http server and the workers.
export const contextInitializers: ContextInitializer[] = [initCsvThreads, initPredictThreads, initStorage, initAssistant, initMailer, initJobQueue, importWhoAtStartup];
/** One line per module (import it above): e.g. `startJobWorker,`. */
export const workerStarters: WorkerStarter[] = [startJobWorker];

/** Builds the app and listens on HOST:PORT. */
export async function startHttp(ctx: AppContext): Promise<FastifyInstance> {
  const app = await buildApp(ctx);
  await app.listen({ port: ctx.config.port, host: ctx.config.host });
  return app;
}

export interface RunningRole {
  /** Present for roles all and http. */
  app?: FastifyInstance;
  /** Stops the http server, then the workers, then the context initializers' services. */
  stop(): Promise<void>;
}

/**
 * Starts `role` on a ready context (database migrated, events hub open): the context initializers, then the
 * workers (worker, all), then the HTTP server (http, all).
 */
export async function startRole(role: Role, ctx: AppContext): Promise<RunningRole> {
  const stops: Stop[] = [];
  ctx.role = role;
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        ctx.logger.error({ err: error }, 'error while stopping');
      }
    }
    stops.length = 0;
  };
  try {
    for (const init of contextInitializers) {
      const stop = await init(ctx);
      if (stop) stops.push(stop);
    }
    if (role === 'worker' || role === 'all') {
      for (const start of workerStarters) {
        const stop = await start(ctx);
        if (stop) stops.push(stop);
      }
    }
    let app: FastifyInstance | undefined;
    if (role === 'http' || role === 'all') {
      app = await startHttp(ctx);
      const started = app;
      stops.push(() => started.close());
    }
    return { app, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
