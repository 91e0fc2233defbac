import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { DEMO_USER_ID } from '@indicata/contracts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { cacheSessionUser, cachedSessionUser, forgetCachedSession, sessionCacheGeneration, type SessionUser } from './session-cache.ts';

/** How long a session lasts after sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The signed-in caller, as `request.user`. */
export type { SessionUser } from './session-cache.ts';

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

/** Starts a session; returns the secret token for the cookie (only its hash is stored). */
export async function createSession(db: Db, userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The user of a live session, or undefined for an unknown or expired token (from memory when cached). */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | undefined> {
  const tokenHash = hashToken(token);
  const cached = cachedSessionUser(db, tokenHash);
  if (cached) return cached;
  const generation = sessionCacheGeneration(db);
  const rows = await db
    .select({ id: users.id, email: users.email, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const user = { id: row.id, email: row.email, isDemo: row.id === DEMO_USER_ID };
  cacheSessionUser(db, tokenHash, user, row.expiresAt, generation);
  return user;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  forgetCachedSession(db, tokenHash);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
