import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './LoginPage.tsx';
import { renderRoutes } from '../test/render.tsx';
import { readSessionHints } from '../lib/session-hints.ts';

const user = { id: 'u1', firstName: 'Ana', lastName: 'Lima', institution: 'Fiocruz', email: 'ana@example.org', isDemo: false };
const demo = { ...user, id: 'seemore', isDemo: true, email: 'demo@indicata.org' };
const routes = [
  { path: '/', element: <LoginPage /> },
  { path: '/home', element: <p>home screen</p> },
];
type Call = [string, RequestInit];
/** The calls other than the footer's public-config read. */
// The sign-in calls only: the web tests share one environment (isolate: false), so a timer of an earlier file's page
// (the gap-filling prefetch) may call the same global fetch during these tests.
const authCalls = (mock: ReturnType<typeof vi.fn>) => (mock.mock.calls as unknown as Call[]).filter(([url]) => typeof url === 'string' && url.startsWith('/api/auth/'));
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('LoginPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the empty fields without calling the server', async () => {
    const fetchMock = vi.fn(async () => json(200, { contactEmail: 'c@x.org' }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(authCalls(fetchMock)).toEqual([]);
  });

  it('after a registration, starts with its e-mail filled in and the password field focused', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { contactEmail: 'c@x.org' })));
    renderRoutes(routes, { pathname: '/', state: { registeredEmail: 'ana@example.org' } });
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    expect((email as HTMLInputElement).value).toBe('ana@example.org');
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('password'));
  });

  it('starts empty without a registration, whatever else the navigation carries', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { contactEmail: 'c@x.org' })));
    renderRoutes(routes, { pathname: '/', state: { registeredEmail: 42 } });
    expect(((await screen.findByRole('textbox', { name: /^Email/ })) as HTMLInputElement).value).toBe('');
    expect(document.activeElement?.getAttribute('name')).not.toBe('password');
  });

  it('shows "Incorrect email or password" on a 401', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => url === '/api/config/public' ? json(200, { contactEmail: 'c@x.org' }) : json(401, { error: { code: 'loginFailed', message: 'Incorrect email or password' } })));
    renderRoutes(routes, '/');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ana@example.org' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password');
  });

  it('signs in, keeps only the id and e-mail hints, and opens Home', async () => {
    const fetchMock = vi.fn(async () => json(200, { user }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: ' ana@example.org ' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(JSON.parse(String(authCalls(fetchMock)[0][1].body))).toEqual({
      email: 'ana@example.org',
      password: 'secret-pass',
    });
    expect(readSessionHints()).toEqual({ userID: 'u1', userEmail: 'ana@example.org' });
    expect(Object.keys(localStorage).sort()).toEqual(['userEmail', 'userID']);
  });

  it('"See more" signs in as the demo account and opens the Results tab', async () => {
    const fetchMock = vi.fn(async () => json(200, { user: demo }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'See more' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.location.search).toBe('?tab=results');
    expect(authCalls(fetchMock).map(([url]) => url)).toEqual(['/api/auth/demo']);
    expect(readSessionHints()?.userID).toBe('seemore');
  });
});
