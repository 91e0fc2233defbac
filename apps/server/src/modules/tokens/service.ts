import crypto from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { API_TOKEN_PREFIX, DEMO_USER_ID, PREDICT_LIMITS, PREDICT_MESSAGES, formatMessage, newId, type ApiToken } from '@indicata/contracts';
import type { Db } from '../../db/client.ts';
import { apiTokens, users, type ApiTokenRow } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** SHA-256 of a token secret (the secret is 32 random bytes, so a fast hash is enough; only the hash is stored). */
export function hashTokenSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('base64url');
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The caller's tokens, newest first (revoked ones included, marked). */
export async function listTokens(db: Db, userId: string): Promise<ApiToken[]> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/**
 * Creates a token; the secret is returned this once and only its hash is stored.
 * @throws ApiError 409 when the user already has PREDICT_LIMITS.maxTokensPerUser live tokens
 */
export async function createToken(db: Db, userId: string, name: string): Promise<{ token: ApiToken; secret: string }> {
  const [{ live }] = await db.select({ live: count() }).from(apiTokens).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  if (live >= PREDICT_LIMITS.maxTokensPerUser) {
    throw new ApiError(409, 'conflict', formatMessage(PREDICT_MESSAGES.tooManyTokens, { max: PREDICT_LIMITS.maxTokensPerUser }));
  }
  const secret = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(apiTokens)
    .values({ id: newId(), userId, name, tokenHash: hashTokenSecret(secret), prefix: secret.slice(0, API_TOKEN_PREFIX.length + 6) })
    .returning();
  return { token: toApiToken(row), secret };
}

/** Revokes one of the caller's tokens; false when it is not theirs (or does not exist). Revoking twice is harmless. */
export async function revokeToken(db: Db, userId: string, id: string): Promise<boolean> {
  const [row] = await db.select().from(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId))).limit(1);
  if (!row) return false;
  if (!row.revokedAt) await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id));
  return true;
}

/** How often a token's `lastUsedAt` is written at most (a script's every request would otherwise be an UPDATE). */
export const TOKEN_USE_RECORD_INTERVAL_MS = 60_000;
const recordedUse = new Map<string, number>();

/** The owner of a live token, or undefined for an unknown or revoked secret. Records the use (at most once a minute per token and process). */
export async function findTokenUser(db: Db, secret: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ tokenId: apiTokens.id, id: users.id, email: users.email })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashTokenSecret(secret)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  const now = Date.now();
  const last = recordedUse.get(row.tokenId);
  if (last === undefined || now - last >= TOKEN_USE_RECORD_INTERVAL_MS) {
    recordedUse.set(row.tokenId, now);
    if (recordedUse.size > 10_000) recordedUse.delete(recordedUse.keys().next().value!);
    await db.update(apiTokens).set({ lastUsedAt: new Date(now) }).where(eq(apiTokens.id, row.tokenId));
  }
  return { id: row.id, email: row.email, isDemo: row.id === DEMO_USER_ID };
}
