import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerPublicConfigRoutes } from './config-public/routes.ts';
import { registerEventRoutes } from './events/routes.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerUploadRoutes } from './uploads/routes.ts';
import { registerWhoRoutes } from './who/routes.ts';
import { registerPreviewRoutes } from './preview/routes.ts';
import { registerJobRoutes } from './jobs/routes.ts';
import { registerQuestionRoutes } from './questions/routes.ts';
import { registerPredictRoutes } from './predict/routes.ts';
import { registerTokenRoutes } from './tokens/routes.ts';
import { registerOpenApiRoutes } from './openapi/routes.ts';

/** Adds a module's routes. Routes are under /api and need a session unless marked `config: { public: true }`. */
export type RouteRegistrar = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every module's routes; each module adds one line. */
export const routeRegistrars: RouteRegistrar[] = [
  registerHealthRoutes,
  registerPublicConfigRoutes,
  registerAuthRoutes,
  registerEventRoutes,
  registerPreviewRoutes,
  registerWhoRoutes,
  registerUploadRoutes,
  registerJobRoutes,
  registerQuestionRoutes,
  registerPredictRoutes,
  registerTokenRoutes,
  registerOpenApiRoutes,
];
