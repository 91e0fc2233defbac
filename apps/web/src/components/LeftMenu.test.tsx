import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeftMenu } from './LeftMenu.tsx';
import { renderRoutes } from '../test/render.tsx';
import { readSessionHints, saveSessionHints } from '../lib/session-hints.ts';

const user = { id: 'u1', firstName: 'Ana', lastName: 'Lima', institution: 'Fiocruz', email: 'ana@example.org', isDemo: false };
const routes = [
  { path: '/', element: <p>login screen</p> },
  { path: '/home', element: <LeftMenu /> },
];

describe('LeftMenu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "User not authenticated" with a log-in link when nobody is signed in', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderRoutes(routes, '/home');
    expect(await screen.findByText('User not authenticated')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/');
  });

  it('shows the current user, and Log Out ends the session, removes the hints and goes to /', async () => {
    saveSessionHints(user);
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/me'
        ? new Response(JSON.stringify({ user }), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/home');
    expect(await screen.findByText('Ana Lima')).toBeTruthy();
    expect(screen.getByText('ana@example.org')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(readSessionHints()).toBeNull();
  });
});
