/*
 * Signed-in callers by session token hash, kept in the web server's memory so that a request costs no session
 * query. Only for the embedded database: one process owns a DATA_DIR (db/lock.ts), so every session change
 * (sign-out, which deletes the row) passes through `forgetCachedSession` of that same process. With PostgreSQL,
 * several web processes share the sessions table and a sign-out in one could not reach the others' memory, so
 * no cache is enabled there.
 */
import type { Db } from '../../db/client.ts';

/** A signed-in caller, as a session resolves to. */
export interface SessionUser {
  id: string;
  email: string;
  isDemo: boolean;
}

/** One cached session: its caller, when the session expires, and until when the entry is trusted. */
interface CachedSession {
  user: SessionUser;
  expiresAt: number;
  cachedUntil: number;
}

/** Most sessions kept; past it the oldest entries go first (Map order is insertion order). */
const MAX_ENTRIES = 10_000;
/** Longest an entry is trusted without reading the row again (hygiene: nothing else should change it). */
const ENTRY_TTL_MS = 60_000;

interface SessionCache {
  entries: Map<string, CachedSession>;
  /** Bumped by every forget: a look-up that began before a sign-out must not cache what it read. */
  generation: number;
}

const caches = new WeakMap<Db, SessionCache>();

/** Turns the cache on for this database handle (the embedded database only; see above). */
export function enableSessionCache(db: Db): void {
  if (!caches.has(db)) caches.set(db, { entries: new Map(), generation: 0 });
}

/** The cache's generation now: pass it to `cacheSessionUser` with what a look-up begun now reads. */
export function sessionCacheGeneration(db: Db): number {
  return caches.get(db)?.generation ?? 0;
}

/** The cached caller of a live session, or undefined (not cached, expired, or no cache on this handle). */
export function cachedSessionUser(db: Db, tokenHash: string, now = Date.now()): SessionUser | undefined {
  const cache = caches.get(db);
  const entry = cache?.entries.get(tokenHash);
  if (!cache || !entry) return undefined;
  if (entry.expiresAt <= now || entry.cachedUntil <= now) {
    cache.entries.delete(tokenHash);
    return undefined;
  }
  return entry.user;
}

/**
 * Remembers a session row that a look-up read (no-op without a cache on this handle, or when a session was
 * forgotten since the look-up began).
 * @param generation `sessionCacheGeneration(db)` taken before the look-up's query
 */
export function cacheSessionUser(db: Db, tokenHash: string, user: SessionUser, expiresAt: Date, generation: number, now = Date.now()): void {
  const cache = caches.get(db);
  if (!cache || cache.generation !== generation) return;
  cache.entries.delete(tokenHash);
  cache.entries.set(tokenHash, { user, expiresAt: expiresAt.getTime(), cachedUntil: now + ENTRY_TTL_MS });
  if (cache.entries.size > MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value as string);
}

/** Drops a session from the cache: called before its row is deleted. */
export function forgetCachedSession(db: Db, tokenHash: string): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.generation += 1;
  cache.entries.delete(tokenHash);
}
