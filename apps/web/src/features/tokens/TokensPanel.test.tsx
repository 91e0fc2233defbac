import { fireEvent, screen, within } from '@testing-library/react';
import { CSRF_HEADER, DEMO_USER_ID, type ApiToken } from '@indicata/contracts';
import { renderWithProviders } from '../../test/render.tsx';
import { clearSessionHints, saveSessionHints } from '../../lib/session-hints.ts';
import { TokensPanel } from './TokensPanel.tsx';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A small in-memory tokens API behind fetch: list, create (the secret returned once), revoke. */
function serveTokens(initial: ApiToken[], me: { isDemo: boolean } | null = null) {
  const tokens = [...initial];
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { url: String(url), method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (call.url === '/api/auth/me') return json(200, { user: { id: me?.isDemo ? DEMO_USER_ID : 'u1', firstName: 'A', lastName: 'B', institution: '', email: 'a@b.c', isDemo: !!me?.isDemo } });
    if (call.url === '/api/tokens' && call.method === 'GET') return json(200, { tokens });
    if (call.url === '/api/tokens' && call.method === 'POST') {
      const token: ApiToken = { id: `t${tokens.length + 1}`, name: (call.body as { name: string }).name, prefix: 'ind_Zx9', createdAt: '2026-11-24T05:00:00.000Z', lastUsedAt: null, revokedAt: null };
      tokens.unshift(token);
      return json(201, { token, secret: 'ind_Zx9-the-whole-secret-value' });
    }
    const revoked = /^\/api\/tokens\/(\w+)$/.exec(call.url);
    if (revoked && call.method === 'DELETE') {
      const index = tokens.findIndex((t) => t.id === revoked[1]);
      tokens[index] = { ...tokens[index], revokedAt: '2026-11-24T06:00:00.000Z' };
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  });
  return calls;
}

const existing: ApiToken = { id: 't1', name: 'old notebook', prefix: 'ind_Ab1', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: '2026-11-20T08:30:00.000Z', revokedAt: null };

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHints();
});

describe('personal API tokens', { timeout: 30_000 }, () => {
  it('lists tokens with name, prefix, created, last used and status', async () => {
    serveTokens([existing, { ...existing, id: 't0', name: 'gone', lastUsedAt: null, revokedAt: '2026-11-02T10:00:00.000Z' }]);
    renderWithProviders(<TokensPanel />);
    const table = await screen.findByTestId('tokens-table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Starts with', 'Created', 'Last used', 'Status', '']);
    const first = within(rows[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(first.slice(0, 2)).toEqual(['old notebook', 'ind_Ab1…']);
    expect(first[3]).not.toBe('Never');
    expect(first[4]).toBe('Active');
    const second = within(rows[2]).getAllByRole('cell').map((c) => c.textContent);
    expect(second[3]).toBe('Never');
    expect(second[4]).toMatch(/^Revoked /);
    // A revoked token has no Revoke button.
    expect(within(rows[2]).queryByRole('button')).toBeNull();
  });

  it('creates a token and shows its secret once, with a copy button and the warning', async () => {
    const calls = serveTokens([]);
    renderWithProviders(<TokensPanel />);
    expect(await screen.findByTestId('tokens-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('token-name'), { target: { value: 'my script' } });
    fireEvent.click(screen.getByTestId('token-create'));
    const shown = await screen.findByTestId('token-secret');
    expect(within(shown).getByTestId('token-secret-value').textContent).toBe('ind_Zx9-the-whole-secret-value');
    expect(shown.textContent).toContain('Copy it now: it will not be shown again.');
    expect(within(shown).getByTestId('token-copy').textContent).toBe('Copy');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'my script' });
    expect(Object.keys(post?.headers ?? {})).toContain(CSRF_HEADER);
    // The list shows the new token by its prefix, never the secret.
    const table = await screen.findByTestId('tokens-table');
    expect(within(table).getByText('my script')).toBeTruthy();
    expect(table.textContent).not.toContain('the-whole-secret-value');
  });

  it('revokes a token only after the confirmation', async () => {
    const calls = serveTokens([existing]);
    renderWithProviders(<TokensPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke old notebook' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Scripts using "old notebook" will be refused from now on.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke old notebook' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke the token' }));
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/tokens/t1']);
  });

  it('tells the demo account it cannot create tokens', async () => {
    saveSessionHints({ id: DEMO_USER_ID, email: 'demo@indicata' });
    serveTokens([], { isDemo: true });
    renderWithProviders(<TokensPanel />);
    expect((await screen.findByTestId('tokens-demo')).textContent).toBe('The demo account is read-only: it cannot create tokens.');
    expect(screen.queryByTestId('token-create')).toBeNull();
  });
});
