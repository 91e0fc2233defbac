import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { UserProfile } from '@indicata/contracts';
import { clearSessionHints, saveSessionHints } from '../../lib/session-hints.ts';
import { serverEvents } from '../../lib/events.ts';
import { setSignedOut } from '../../lib/api.ts';
import { CURRENT_USER_QUERY_KEY } from './useCurrentUser.ts';
import { logoutRequest } from './authApi.ts';
import { claimWizardFor } from '../wizard/state.ts';

/** Where "See more" and the demo account land: Home's Results tab. */
export const DEMO_LANDING = '/home?tab=results';

/** Sign-in bookkeeping shared by Login, "See more" and Register, and the sign-out of the left menu. */
export function useAuthActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signedIn = useCallback(
    (user: UserProfile, to: string) => {
      // A previous user's cached data must never show for this one.
      setSignedOut(false);
      queryClient.clear();
      saveSessionHints(user);
      claimWizardFor(user.id);
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      navigate(to);
    },
    [queryClient, navigate],
  );

  const signOut = useCallback(async () => {
    // Stop listening and sending first: the server ends this session's event stream, and a reconnect, or a
    // page that mounts meanwhile (a lazily loaded tab), would fetch after the session is gone (a 401).
    serverEvents.stop();
    setSignedOut(true);
    try {
      await logoutRequest();
    } catch (error) {
      // The spec logs sign-out failures only; the local sign-out below happens regardless.
      console.error('Sign-out request failed', error);
    }
    clearSessionHints();
    await queryClient.cancelQueries();
    // Signed out first, so the guard replaces the signed-in pages; only then is their cached data dropped.
    // Dropping it while they are still mounted made their queries fetch again, signed out (a 401).
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
    await navigate('/', { replace: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
  }, [queryClient, navigate]);

  return { signedIn, signOut };
}
