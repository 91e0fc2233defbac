import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE } from '@indicata/contracts';
import type { Db } from '../db/client.ts';
import { findSessionUser, type SessionUser } from '../modules/auth/sessions.ts';
import { ApiError } from './errors.ts';
import { resolveBearerUser } from './bearer.ts';

export type { SessionUser };

/**
 * The credentials a route accepts. 'session': the signed session cookie; a change request (POST, PUT, PATCH,
 * DELETE) must also carry the CSRF header, because a browser sends the cookie on cross-site requests too.
 * Personal API tokens (Authorization: Bearer) are not a Credential here: bearer.ts resolves them first, only on
 * routes marked `config: { bearer: true }`, and such requests skip the CSRF header, since a browser never attaches
 * a bearer token by itself.
 */
export type Credential = 'session';

/** Who may call a route, resolved once per route when it is registered (see `routeAccessOf`). */
export interface RouteAccess {
  /** false: answers without a signed-in caller (health, sign-in, public config); true: 401 without one. */
  signedIn: boolean;
  /** The credentials the route accepts. */
  credentials: readonly Credential[];
  /** Whether the read-only demo account may send change requests to it (its own session operations only). */
  demoMayChange: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set from the session cookie before any route runs; undefined for visitors. */
    user?: SessionUser;
    /** The raw session token of the cookie, when it was valid. */
    sessionToken?: string;
  }
  interface FastifyContextConfig {
    /** true: the /api route answers without a session (health, login, register, public config). */
    public?: boolean;
    /** true: the demo account may send change requests to it (session operations: login, demo, logout). */
    demoMayChange?: boolean;
    /** Credentials the route accepts (default: the session cookie). */
    credentials?: readonly Credential[];
    /** Set by the guard when the route is registered; never set it in a route. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route of the app as registered (method, pattern, access): the authorization tests walk it. */
    routeTable: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** undefined for the web app's static files (GET/HEAD outside /api). */
  access: RouteAccess | undefined;
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a route pattern (as registered, never a request URL) belongs to the API. */
export function isApiPattern(pattern: string): boolean {
  return pattern === '/api' || pattern.startsWith('/api/');
}

/** The access of a route that declares nothing, and of unknown API paths. */
const STRICTEST: RouteAccess = { signedIn: true, credentials: ['session'], demoMayChange: false };

/**
 * Whether an unmatched request's path is an API path. Only for requests no route matched: request.url has its
 * escaped unreserved characters decoded (normalise-path.ts) and routes ignore letter case.
 */
function isApiRequestPath(url: string): boolean {
  const lower = url.toLowerCase();
  return lower === '/api' || lower.startsWith('/api/') || lower.startsWith('/api?');
}

/**
 * The access of a route from its options: API routes need a signed-in caller with the session cookie unless
 * they say otherwise, and the demo may not change anything through them. Deny by default: a route that
 * forgets its options gets the strictest access.
 */
export function routeAccessOf(config: { public?: boolean; demoMayChange?: boolean; storesNothing?: boolean; credentials?: readonly Credential[] } | undefined): RouteAccess {
  return {
    signedIn: config?.public !== true,
    credentials: config?.credentials ?? ['session'],
    // A route that stores nothing (a prediction) changes nothing the demo could spoil.
    demoMayChange: config?.demoMayChange === true || config?.storesNothing === true,
  };
}

/**
 * The signed-in caller, or a 401 unauthenticated ApiError. Routes call it to get the user id they filter by.
 * (The guard already refuses routes that need a session without one; this also narrows the type.)
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw ApiError.of(401, 'unauthenticated');
  return request.user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is set.
    secure: request.protocol === 'https',
    signed: true,
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', signed: true });
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
}

/**
 * The guard, decided on the route the router matched (never on the raw URL, which the router decodes:
 * a guard that tested the raw URL let "/%61pi/..." reach "/api/..." routes unchecked). When a route is registered
 * (onRoute), its access is resolved from its options into `config.access`; a route outside /api may only read
 * (the web app's files). Then, for every request to a route with an access:
 * 0. a personal API token (`Authorization: Bearer`, bearer.ts) sets `request.user` on routes marked `bearer`
 *    (401 unknown/revoked, 403 elsewhere); such a request needs no CSRF header and skips the cookie;
 * 1. a change request with the session credential but without the CSRF header -> 403 permission_denied;
 * 2. `request.user` from the signed session cookie (a live session row);
 * 3. a route that needs a signed-in caller without one -> 401 unauthenticated;
 * 4. the demo account's change requests -> 403 read_only_demo, unless the route allows them (its own session
 *    operations, or `config: { storesNothing: true }` such as predictions).
 * Must be called on the root instance before any route is registered.
 */
export function installAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionToken', undefined);
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    const methods = methodsOf(route);
    if (!isApiPattern(route.url)) {
      const changing = methods.filter((m) => !READ_METHODS.has(m));
      if (changing.length > 0) throw new Error(`${changing.join(', ')} ${route.url}: routes that change data must be under /api, behind the guard.`);
      for (const method of methods) routeTable.push({ method, url: route.url, access: undefined });
      return;
    }
    const access = routeAccessOf(route.config);
    route.config = { ...route.config, access };
    for (const method of methods) routeTable.push({ method, url: route.url, access });
  });

  // preParsing, not onRequest: a route's own onRequest hooks (its rate limit, `config.rateLimit`) run first, so a
  // request past a limit is refused before its token or session is looked up in the database. The body is still
  // parsed only after the guard.
  app.addHook('preParsing', async (request) => {
    // No route matched: an unknown API path gets the strictest access (401 before 404, as a route would).
    const access = request.routeOptions.config?.access ?? (request.is404 && isApiRequestPath(request.url) ? STRICTEST : undefined);
    if (!access) return;
    const mutating = MUTATING_METHODS.has(request.method);
    // A personal API token (bearer.ts) identifies the caller instead of the cookie, needs no CSRF header, and
    // works only on routes marked `config: { bearer: true }`.
    const tokenUser = await resolveBearerUser(request, db);
    if (tokenUser) {
      request.user = tokenUser;
      request.authMethod = 'token';
    } else if (mutating && access.credentials.includes('session') && !request.headers[CSRF_HEADER]) {
      throw new ApiError(403, 'permission_denied', `Missing the ${CSRF_HEADER} header that every change request must carry.`);
    }
    const raw = tokenUser ? undefined : request.cookies[SESSION_COOKIE];
    if (raw && access.credentials.includes('session')) {
      const unsigned = request.unsignCookie(raw);
      if (unsigned.valid && unsigned.value) {
        const user = await findSessionUser(db, unsigned.value);
        if (user) {
          request.user = user;
          request.sessionToken = unsigned.value;
          request.authMethod = 'session';
        }
      }
    }
    if (access.signedIn && !request.user) throw ApiError.of(401, 'unauthenticated');
    if (request.user?.isDemo && mutating && !access.demoMayChange && !request.routeOptions.config?.storesNothing) {
      throw ApiError.of(403, 'read_only_demo');
    }
  });
}
