import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { LIMITS } from '@indicata/contracts';
import type { AppContext } from '../context.ts';
import { routeRegistrars } from '../modules/index.ts';
import { installAuth } from './auth.ts';
import { ApiError, installErrorHandler } from './errors.ts';
import { installStaticApp } from './static.ts';
import { installRequestTextChecks } from './request-text.ts';
import { normaliseRequestPath } from './normalise-path.ts';
import { enableSessionCache } from '../modules/auth/session-cache.ts';

/** JSON bodies up to the data store's string limit plus room for the envelope. */
const BODY_LIMIT_BYTES = LIMITS.maxStringBytes + 1024 * 1024;

/**
 * The HTTP application: security headers (CSP fit for the SPA), cookies, rate limiting, multipart
 * (UPLOAD_MAX_BYTES), the auth hooks (CSRF header, session user, guard, read-only demo), every module's routes
 * (modules/index.ts), the built web app with SPA fallback, and the API error shape. Does not listen.
 * @param ctx the application context; `ctx.logger` becomes the Fastify logger
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger,
    // A hop count works at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: ctx.config.trustProxy as boolean | string | string[],
    bodyLimit: BODY_LIMIT_BYTES,
    // Every spelling of a path reaches one route: escaped unreserved characters decoded, any letter case,
    // with or without a trailing slash. The guard itself decides on the matched route (http/auth.ts).
    rewriteUrl: (request) => normaliseRequestPath(request.url ?? '/'),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // One line per request only at debug/trace; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: ctx.config.logLevel !== 'debug' && ctx.config.logLevel !== 'trace' }),
  }) as unknown as FastifyInstance;

  installErrorHandler(app);
  installRequestTextChecks(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes inline styles and style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The app also runs on plain http (localhost, intranets): no HSTS, no upgrade of requests.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie, { secret: ctx.config.sessionSecret });
  // Not global: routes opt in with app.createRateLimit / config.rateLimit (login, register, demo).
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => ApiError.of(429, 'rate_limited'),
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 50, fieldSize: 1024 * 1024 },
    throwFileSizeLimit: true,
  });

  // One process owns an embedded database, so it sees every sign-out and may keep sessions in memory.
  if (ctx.database.kind === 'pglite') enableSessionCache(ctx.database.db);
  installAuth(app, ctx.database.db);
  for (const register of routeRegistrars) await register(app, ctx);
  await installStaticApp(app, ctx.config.webDistDir);
  return app;
}
