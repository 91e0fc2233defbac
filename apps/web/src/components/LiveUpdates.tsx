import { useEffect } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { serverEvents, useServerEventsState } from '../lib/events.ts';
import { useCurrentUser } from '../features/auth/useCurrentUser.ts';

/** Keeps the server-event stream open while someone is signed in, and says so when it is reconnecting. */
export function LiveUpdates() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const state = useServerEventsState();
  const signedIn = !!user;

  useEffect(() => {
    if (!signedIn) return;
    serverEvents.start();
    return () => serverEvents.stop();
  }, [signedIn]);

  return (
    <Text size="xs" c="orange.8" role="status" aria-live="polite">
      {state === 'reconnecting' ? t('liveUpdates.reconnecting') : ''}
    </Text>
  );
}
