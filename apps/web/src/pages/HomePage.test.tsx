import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from './HomePage.tsx';
import { renderRoutes } from '../test/render.tsx';
import { saveSessionHints } from '../lib/session-hints.ts';

// The tabs' contents belong to other features; here only the tab choice matters.
vi.mock('../features/wizard/ConfigureAutoMLTab.tsx', () => ({ default: () => <p>configure content</p> }));
vi.mock('../features/results/ResultsTab.tsx', () => ({ default: () => <p>results content</p> }));

const user = { id: 'u1', firstName: 'Ana', lastName: 'Lima', institution: 'Fiocruz', email: 'ana@example.org', isDemo: false };
const demo = { ...user, id: 'seemore', isDemo: true };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function signedInAs(profile: typeof user) {
  saveSessionHints(profile);
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/me' ? json(200, { user: profile }) : json(200, { contactEmail: 'c@x.org' }))));
}

const routes = [{ path: '/home', element: <HomePage /> }];
const selected = (name: string) => screen.getByRole('tab', { name }).getAttribute('aria-selected');

describe('HomePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on Configure AutoML and switches tabs through the address', async () => {
    signedInAs(user);
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByText('configure content')).toBeTruthy();
    expect(selected('Configure AutoML')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Results' }));
    expect(await screen.findByText('results content')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=results'));
  });

  it('opens the tab named by ?tab=results', async () => {
    signedInAs(user);
    renderRoutes(routes, '/home?tab=results');
    expect(await screen.findByText('results content')).toBeTruthy();
    expect(selected('Results')).toBe('true');
  });

  it('opens the demo viewer on Results', async () => {
    signedInAs(demo);
    renderRoutes(routes, '/home');
    expect(await screen.findByText('results content')).toBeTruthy();
    expect(selected('Results')).toBe('true');
  });
});
