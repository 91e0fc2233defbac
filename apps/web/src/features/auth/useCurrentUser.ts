import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@indicata/contracts';
import { DEMO_USER_ID } from '@indicata/contracts';
import { fetchCurrentUser } from './authApi.ts';
import { readSessionHints } from '../../lib/session-hints.ts';

export const CURRENT_USER_QUERY_KEY = ['auth', 'me'] as const;

/**
 * The signed-in user from GET /api/auth/me (null when signed out). Without a stored userID hint the
 * server is not asked: the answer is null at once, as the spec's "missing stored token" rule says.
 */
export function useCurrentUser() {
  return useQuery<UserProfile | null>({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: () => (readSessionHints() ? fetchCurrentUser() : Promise.resolve(null)),
    staleTime: 5 * 60_000,
  });
}

/** The read-only demo account of "See more". */
export function isDemoUser(user: Pick<UserProfile, 'id' | 'isDemo'> | null | undefined): boolean {
  return !!user && (user.isDemo || user.id === DEMO_USER_ID);
}
