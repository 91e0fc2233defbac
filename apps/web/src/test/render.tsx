import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18next from 'i18next';
import { AppProviders } from '../app/AppProviders.tsx';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../app/queryClient.ts';

// Test files share one module cache per worker, so a query still running (a retry's backoff, a delayed prefetch)
// would otherwise call the next test's stubbed fetch: each test's clients are cancelled and emptied after it.
const liveClients = new Set<QueryClient>();

function trackedQueryClient(): QueryClient {
  const client = createQueryClient();
  liveClients.add(client);
  return client;
}

/** Cancels every query of the clients the finished test rendered with (aborting their requests) and drops them. */
export async function releaseQueryClients(): Promise<void> {
  const clients = [...liveClients];
  liveClients.clear();
  await Promise.all(clients.map((client) => client.cancelQueries()));
  for (const client of clients) client.clear();
}

/** Renders routes inside the app's real providers, starting at `path` (with a navigation state, when given one). */
export function renderRoutes(routes: RouteObject[], path: string | { pathname: string; state: unknown }) {
  const queryClient = trackedQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} i18n={i18next}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element inside the app's providers (no router). */
export function renderWithProviders(element: ReactElement) {
  const queryClient = trackedQueryClient();
  return { ...render(<AppProviders queryClient={queryClient} i18n={i18next}>{element}</AppProviders>), queryClient };
}
