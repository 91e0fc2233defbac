import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { cacheSessionUser, cachedSessionUser, enableSessionCache, forgetCachedSession, sessionCacheGeneration } from './session-cache.ts';

const user = { id: 'u1', email: 'a@example.org', isDemo: false };
const later = (ms: number) => new Date(Date.now() + ms);
const handle = () => ({}) as Db;

describe('session cache', () => {
  it('keeps nothing for a handle without a cache (PostgreSQL)', () => {
    const db = handle();
    cacheSessionUser(db, 'h', user, later(60_000), sessionCacheGeneration(db));
    expect(cachedSessionUser(db, 'h')).toBeUndefined();
  });

  it('answers from memory until the session is forgotten', () => {
    const db = handle();
    enableSessionCache(db);
    cacheSessionUser(db, 'h', user, later(60_000), sessionCacheGeneration(db));
    expect(cachedSessionUser(db, 'h')).toEqual(user);
    forgetCachedSession(db, 'h');
    expect(cachedSessionUser(db, 'h')).toBeUndefined();
  });

  it('does not cache what a look-up read while a sign-out happened', () => {
    const db = handle();
    enableSessionCache(db);
    const generation = sessionCacheGeneration(db);
    forgetCachedSession(db, 'h');
    cacheSessionUser(db, 'h', user, later(60_000), generation);
    expect(cachedSessionUser(db, 'h')).toBeUndefined();
  });

  it('drops an entry once the session expires, and after its time in the cache', () => {
    const db = handle();
    enableSessionCache(db);
    const now = Date.now();
    cacheSessionUser(db, 'short', user, new Date(now + 1_000), sessionCacheGeneration(db), now);
    expect(cachedSessionUser(db, 'short', now + 999)).toEqual(user);
    expect(cachedSessionUser(db, 'short', now + 1_000)).toBeUndefined();
    cacheSessionUser(db, 'long', user, new Date(now + 3_600_000), sessionCacheGeneration(db), now);
    expect(cachedSessionUser(db, 'long', now + 59_000)).toEqual(user);
    expect(cachedSessionUser(db, 'long', now + 61_000)).toBeUndefined();
  });

  it('holds at most 10,000 sessions, dropping the oldest first', () => {
    const db = handle();
    enableSessionCache(db);
    for (let i = 0; i <= 10_000; i++) cacheSessionUser(db, `h${i}`, user, later(60_000), sessionCacheGeneration(db));
    expect(cachedSessionUser(db, 'h0')).toBeUndefined();
    expect(cachedSessionUser(db, 'h1')).toEqual(user);
    expect(cachedSessionUser(db, 'h10000')).toEqual(user);
  });
});
