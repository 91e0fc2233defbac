import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RegisterPage from './RegisterPage.tsx';
import { renderRoutes } from '../test/render.tsx';

const routes = [
  { path: '/', element: <p>login screen</p> },
  { path: '/register', element: <RegisterPage /> },
];
type Call = [string, RequestInit];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}
const complete = { 'First name': 'Ana', 'Last name': 'Lima', Institution: 'Fiocruz', Email: 'ana@example.org', Password: 'long-enough' };

describe('RegisterPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires every field, with an email-type email input, before calling the server', async () => {
    const fetchMock = vi.fn(async () => json(200, { contactEmail: 'c@x.org' }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/register');
    expect((await screen.findByLabelText(/^Email/)).getAttribute('type')).toBe('email');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(5);
    fill({ ...complete, Email: 'not-an-email', Password: 'short' });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Password must have at least 8 characters.')).toBeTruthy();
    expect((fetchMock.mock.calls as unknown as Call[]).filter(([url]) => url === '/api/auth/register')).toEqual([]);
  });

  it('on success shows the alert and returns to the login page with the e-mail', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/register' ? json(201, { user: { id: 'u1', isDemo: false, ...complete } }) : json(200, { contactEmail: 'c@x.org' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, '/register');
    await screen.findByLabelText(/^Email/);
    fill(complete);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Registration complete. You can now log in.')).toBeTruthy();
    // The login page gets the address, so the new user types only the password.
    expect(router.state.location.state).toEqual({ registeredEmail: 'ana@example.org' });
    const call = (fetchMock.mock.calls as unknown as Call[]).find(([url]) => url === '/api/auth/register');
    expect(JSON.parse(String(call?.[1].body))).toEqual({
      firstName: 'Ana',
      lastName: 'Lima',
      institution: 'Fiocruz',
      email: 'ana@example.org',
      password: 'long-enough',
    });
  });

  it('on failure says "Failed to register: {message}" in red', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/register'
          ? json(409, { error: { code: 'conflict', message: 'An account with this email already exists.' } })
          : json(200, { contactEmail: 'c@x.org' }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(routes, '/register');
    await screen.findByLabelText(/^Email/);
    fill(complete);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const failure = await screen.findByTestId('register-error');
    expect(failure.textContent).toBe('Failed to register: An account with this email already exists.');
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.getAttribute('style') ?? '').toContain('red');
  });
});
