import type { FastifyRequest } from 'fastify';
import { PREDICT_MESSAGES } from '@indicata/contracts';
import type { Db } from '../db/client.ts';
import { findTokenUser } from '../modules/tokens/service.ts';
import type { SessionUser } from '../modules/auth/sessions.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** How the caller was identified: a session cookie or a personal API token. */
    authMethod?: 'session' | 'token';
  }
  interface FastifyContextConfig {
    /** true: a personal API token (`Authorization: Bearer ...`) may call this route (job reads and predictions). */
    bearer?: boolean;
    /** true: the route stores nothing, so the read-only demo account may POST to it (predictions). */
    storesNothing?: boolean;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The secret of an `Authorization: Bearer <secret>` header, or undefined when the request has none. */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = BEARER.exec(header);
  if (!match) throw new ApiError(401, 'unauthenticated', PREDICT_MESSAGES.invalidToken);
  return match[1];
}

/**
 * The caller of a request that carries a personal API token, or undefined when it carries none.
 * Refuses (401) an unknown or revoked token, and (403) a token on a route not marked `config: { bearer: true }`.
 * A bearer request needs no CSRF header: a browser never attaches this header on its own, so a forged
 * cross-site request cannot carry it (the CSRF header protects cookie sessions only).
 */
export async function resolveBearerUser(request: FastifyRequest, db: Db): Promise<SessionUser | undefined> {
  const secret = bearerSecret(request);
  if (secret === undefined) return undefined;
  const user = await findTokenUser(db, secret);
  if (!user) throw new ApiError(401, 'unauthenticated', PREDICT_MESSAGES.invalidToken);
  if (!request.routeOptions.config?.bearer) throw new ApiError(403, 'permission_denied', PREDICT_MESSAGES.tokenRouteOnly);
  return user;
}
