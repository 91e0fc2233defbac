import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './RequireAuth.tsx';
import { renderRoutes } from '../../test/render.tsx';
import { saveSessionHints } from '../../lib/session-hints.ts';

const routes = [
  { path: '/', element: <p>login screen</p> },
  { path: '/home', element: <RequireAuth><p>private content</p></RequireAuth> },
];

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const user = { id: 'u1', firstName: 'Ana', lastName: 'Lima', institution: 'Fiocruz', email: 'ana@example.org', isDemo: false };

describe('RequireAuth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor with no stored hint to / without asking the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a visitor whose session has expired (401 from /api/auth/me) to /', async () => {
    saveSessionHints({ id: 'u1', email: 'ana@example.org' });
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { error: { code: 'unauthenticated', message: 'You need to sign in.' } })));
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a signed-in user through', async () => {
    saveSessionHints(user);
    const fetchMock = vi.fn(async () => answer(200, { user }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByText('private content')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ method: 'GET', credentials: 'same-origin' }));
  });

  it('lets the demo viewer through', async () => {
    const demo = { ...user, id: 'seemore', isDemo: true };
    saveSessionHints(demo);
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { user: demo })));
    renderRoutes(routes, '/home');
    expect(await screen.findByText('private content')).toBeTruthy();
  });

  it('sends the user to / when a later re-check finds the session ended, and keeps the screen when the server is briefly down', async () => {
    saveSessionHints(user);
    let answerWith: () => Response = () => answer(200, { user });
    vi.stubGlobal('fetch', vi.fn(async () => answerWith()));
    const { router, queryClient } = renderRoutes(routes, '/home');
    expect(await screen.findByText('private content')).toBeTruthy();

    answerWith = () => answer(404, { error: { code: 'not_found', message: 'Not found.' } });
    await queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    expect(screen.getByText('private content')).toBeTruthy();

    answerWith = () => answer(401, { error: { code: 'unauthenticated', message: 'You need to sign in.' } });
    await queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('userID')).toBeNull();
  });
});
