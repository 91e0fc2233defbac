import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/reduced-motion.css';
import { AppProviders } from './app/AppProviders.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { routes } from './routes.tsx';
import { initI18n } from './lib/i18n.ts';
import { setUnauthorizedHandler } from './lib/api.ts';
import { serverEvents } from './lib/events.ts';
import { notify } from './lib/notify.tsx';
import { CURRENT_USER_QUERY_KEY } from './features/auth/useCurrentUser.ts';

const i18n = initI18n();
const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// A protected call answered 401: the session ended (expired, or signed out in another tab).
setUnauthorizedHandler(() => {
  const wasSignedIn = !!queryClient.getQueryData(CURRENT_USER_QUERY_KEY);
  serverEvents.stop();
  queryClient.clear();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
  if (wasSignedIn) notify.info(i18next.t('common:sessionExpired'));
  void router.navigate('/', { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
