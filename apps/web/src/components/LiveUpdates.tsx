import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { serverEvents, useServerEventsState } from '../lib/events.ts';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../features/auth/useCurrentUser.ts';

/** Keeps the server-event stream open while someone is signed in, and says so when it is reconnecting. */
export function LiveUpdates() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const state = useServerEventsState();
  const signedIn = !!user;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!signedIn) return;
    serverEvents.start();
    return () => serverEvents.stop();
  }, [signedIn]);

  // A dropped stream may mean the session ended (expired, or signed out in another tab): re-check it, and
  // the guard sends a signed-out visitor to / (which also stops the stream).
  useEffect(() => {
    if (state === 'reconnecting') void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  }, [state, queryClient]);

  return (
    <Text size="xs" c="orange.8" role="status" aria-live="polite">
      {state === 'reconnecting' ? t('liveUpdates.reconnecting') : ''}
    </Text>
  );
}
