import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18next from 'i18next';
import { AppProviders } from '../app/AppProviders.tsx';
import { createQueryClient } from '../app/queryClient.ts';

/** Renders routes inside the app's real providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = createQueryClient();
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
  const queryClient = createQueryClient();
  return { ...render(<AppProviders queryClient={queryClient} i18n={i18next}>{element}</AppProviders>), queryClient };
}
