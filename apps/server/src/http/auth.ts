import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE } from '@indicata/contracts';
import type { Db } from '../db/client.ts';
import { findSessionUser, type SessionUser } from '../modules/auth/sessions.ts';
import { ApiError } from './errors.ts';
import { resolveBearerUser } from './bearer.ts';

export type { SessionUser };

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
  }
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Session operations the demo may perform: they act on the session, not on stored data. */
const DEMO_ALLOWED_WRITES = new Set(['/api/auth/logout', '/api/auth/login', '/api/auth/demo', '/api/auth/register']);

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * The signed-in caller, or a 401 unauthenticated ApiError. Routes call it to get the user id they filter by.
 * (The global guard already refuses non-public /api routes without a session; this also narrows the type.)
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

/**
 * Global request hooks, in order, for every /api request:
 * 0. a personal API token (`Authorization: Bearer`, bearer.ts) sets `request.user` on routes marked `bearer`
 *    (401 unknown/revoked, 403 elsewhere); such a request skips steps 1-2;
 * 1. POST/PUT/PATCH/DELETE without the CSRF header -> 403 permission_denied;
 * 2. `request.user` from the signed session cookie (a live session row);
 * 3. routes not marked `config: { public: true }` without a user -> 401 unauthenticated;
 * 4. the demo account's writes -> 403 read_only_demo (except the session operations under /api/auth and routes
 *    marked `config: { storesNothing: true }`, such as predictions).
 * Must be called on the root instance (not inside a plugin) so the decoration reaches every module.
 */
export function installAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionToken', undefined);

  app.addHook('onRequest', async (request) => {
    if (!isApi(request.url)) return;
    const mutating = MUTATING_METHODS.has(request.method);
    // A personal API token (bearer.ts) identifies the caller instead of the cookie, needs no CSRF header, and
    // works only on routes marked `config: { bearer: true }`.
    const tokenUser = await resolveBearerUser(request, db);
    if (tokenUser) {
      request.user = tokenUser;
      request.authMethod = 'token';
    } else if (mutating && !request.headers[CSRF_HEADER]) {
      throw new ApiError(403, 'permission_denied', `Missing the ${CSRF_HEADER} header that every change request must carry.`);
    }
    const raw = tokenUser ? undefined : request.cookies[SESSION_COOKIE];
    if (raw) {
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
    if (!request.routeOptions.config?.public && !request.user) throw ApiError.of(401, 'unauthenticated');
    if (request.user?.isDemo && mutating && !DEMO_ALLOWED_WRITES.has(pathOf(request.url)) && !request.routeOptions.config?.storesNothing) {
      throw ApiError.of(403, 'read_only_demo');
    }
  });
}
