import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_USER_ID, MESSAGES, AUTH_MESSAGES, PASSWORD_MAX_CHARS, loginRequestSchema, newId, registerRequestSchema } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { parseBody } from '../../http/parse.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { isCommonPassword } from './common-passwords.ts';
import { LoginThrottle } from './login-throttle.ts';
import { createSession, deleteExpiredSessions, deleteSession } from './sessions.ts';
import { findUserByEmail, findUserById, toProfile } from './users.ts';

/**
 * Sign-in attempts allowed per minute per client address. Attempts on one account are throttled per (account,
 * address) with backoff (login-throttle.ts), never per account alone: that let anyone lock a user out.
 */
export const LOGIN_LIMITS = { perAddress: 30, windowMs: 60_000 } as const;
/** Registrations allowed per minute per client address (each costs an argon2 hash). */
export const REGISTER_LIMIT_PER_ADDRESS = 100;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const limitByAddress = app.createRateLimit({ max: LOGIN_LIMITS.perAddress, timeWindow: LOGIN_LIMITS.windowMs });
  const throttle = new LoginThrottle();
  const limitRegister = app.createRateLimit({ max: REGISTER_LIMIT_PER_ADDRESS, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `register:${r.ip}` });

  const refuseWhenExceeded = async (limiter: typeof limitByAddress, request: FastifyRequest, reply: FastifyReply) => {
    const state = await limiter(request);
    if (!state.isAllowed && state.isExceeded) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(state.ttl / 1000))));
      throw ApiError.of(429, 'rate_limited');
    }
  };

  app.post('/api/auth/register', { config: { public: true, demoMayChange: true } }, async (request, reply) => {
    await refuseWhenExceeded(limitRegister, request, reply);
    const body = parseBody(registerRequestSchema, request);
    if (isCommonPassword(body.password)) {
      throw new ApiError(400, 'invalid_argument', AUTH_MESSAGES.commonPassword, { password: AUTH_MESSAGES.commonPassword });
    }
    if (await findUserByEmail(db, body.email)) throw new ApiError(409, 'conflict', AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    const row = {
      id: newId(),
      firstName: body.firstName,
      lastName: body.lastName,
      institution: body.institution,
      email: body.email,
      passwordHash: await hashPassword(body.password),
    };
    try {
      await db.insert(users).values(row);
    } catch (error) {
      // Two registrations of one address at the same moment: the unique constraint decides.
      if (isUniqueViolation(error)) throw new ApiError(409, 'conflict', AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
      throw error;
    }
    return reply.code(201).send({ user: toProfile(row) });
  });

  app.post('/api/auth/login', { config: { public: true, demoMayChange: true } }, async (request, reply) => {
    await refuseWhenExceeded(limitByAddress, request, reply);
    const parsed = loginRequestSchema.safeParse(request.body ?? {});
    const email = parsed.success ? parsed.data.email : '';
    const waitMs = throttle.waitMs(email, request.ip);
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      throw ApiError.of(429, 'rate_limited');
    }
    // No account has a password this long (registration refuses it): answer before any hashing.
    const plausible = parsed.success && parsed.data.password.length <= PASSWORD_MAX_CHARS;
    const user = plausible ? await findUserByEmail(db, email) : undefined;
    const ok = plausible && (await verifyPassword(user?.passwordHash, parsed.data.password));
    if (!ok || !user) {
      throttle.failed(email, request.ip);
      throw new ApiError(401, 'loginFailed', MESSAGES.loginFailed);
    }
    throttle.succeeded(email, request.ip);
    await deleteExpiredSessions(db);
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    const session = await createSession(db, user.id);
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return { user: toProfile(user) };
  });

  app.post('/api/auth/demo', { config: { public: true, demoMayChange: true } }, async (request, reply) => {
    await refuseWhenExceeded(limitByAddress, request, reply);
    const demo = await findUserById(db, DEMO_USER_ID);
    if (!demo) throw ApiError.of(503, 'unavailable');
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    const session = await createSession(db, demo.id);
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return { user: toProfile(demo) };
  });

  app.get('/api/auth/me', async (request) => {
    const sessionUser = requireUser(request);
    const row = await findUserById(db, sessionUser.id);
    if (!row) throw ApiError.of(401, 'unauthenticated');
    return { user: toProfile(row) };
  });

  app.post('/api/auth/logout', { config: { public: true, demoMayChange: true } }, async (request, reply) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
