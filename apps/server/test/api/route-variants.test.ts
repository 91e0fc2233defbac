import { CSRF_HEADER } from '@indicata/contracts';
import { createTestServer, loginAsDemo, registerAndLogin, type TestServer } from '../helpers/index.ts';

/**
 * A guard once tested the raw URL for "/api/" while the router decodes it, so
 * "/%61pi/who/indicators" reached the route without a session and "/%61pi/auth/demo" without the CSRF header.
 * Every API route, under encoded, double-encoded, mixed-case and trailing-slash spellings, must answer
 * exactly as its canonical path does.
 */

/** Percent-encodes the letter at `index` of the path once or twice. */
function encodeAt(path: string, index: number, times: 1 | 2): string {
  const hex = path.charCodeAt(index).toString(16).padStart(2, '0');
  const encoded = times === 1 ? `%${hex}` : `%25${hex}`;
  return path.slice(0, index) + encoded + path.slice(index + 1);
}

/** The spellings of one path that a browser or a proxy may send for it. */
export function pathVariants(path: string): { label: string; path: string }[] {
  const firstLetter = 1; // the 'a' of /api
  const lastLetter = path.search(/[a-z][^a-z]*$/);
  const upper = path.replace(/^\/api/, '/API');
  const mixed = path.replace(/[a-z]/g, (c, i: number) => (i % 2 === 0 ? c.toUpperCase() : c));
  return [
    { label: 'encoded first letter', path: encodeAt(path, firstLetter, 1) },
    { label: 'encoded last letter', path: encodeAt(path, lastLetter, 1) },
    { label: 'double-encoded first letter', path: encodeAt(path, firstLetter, 2) },
    { label: 'upper-case prefix', path: upper },
    { label: 'mixed case', path: mixed },
    { label: 'trailing slash', path: `${path}/` },
    { label: 'encoded and trailing slash', path: `${encodeAt(path, firstLetter, 1)}/` },
  ];
}

let addressCounter = 0;
/** A new client address per probe, so the sign-in limits per address never decide an answer. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

describe('the guard decides on the matched route, not the raw URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses an anonymous GET of /%61pi/who/indicators like /api/who/indicators (401)', async () => {
    const canonical = await server.app.inject({ method: 'GET', url: '/api/who/indicators' });
    const encoded = await server.app.inject({ method: 'GET', url: '/%61pi/who/indicators' });
    expect(canonical.statusCode).toBe(401);
    expect(encoded.statusCode).toBe(401);
    expect(encoded.json()).toEqual(canonical.json());
  });

  it('refuses POST /%61pi/auth/demo without the CSRF header (403) and sets no cookie', async () => {
    const encoded = await server.app.inject({ method: 'POST', url: '/%61pi/auth/demo' });
    expect(encoded.statusCode).toBe(403);
    expect(encoded.cookies).toEqual([]);
  });

  it('refuses POST /%61pi/auth/logout without the CSRF header (403) and keeps the session', async () => {
    const user = await registerAndLogin(server.app);
    const response = await server.app.inject({ method: 'POST', url: '/%61pi/auth/logout', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(403);
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('answers every variant of every route exactly as the canonical path, for anonymous, a user and the demo', async () => {
    const user = await registerAndLogin(server.app);
    const demo = await loginAsDemo(server.app);
    const callers = [
      { who: 'anonymous', headers: {} as Record<string, string> },
      { who: 'anonymous with the CSRF header', headers: { [CSRF_HEADER]: user.headers[CSRF_HEADER]! } },
      { who: 'user without the CSRF header', headers: { cookie: user.cookie } },
      { who: 'demo', headers: demo.headers },
    ];
    // Side-effect-free probes: a body the route refuses, ids that do not exist; logout and sign-in routes
    // are probed without a session or as the demo (which would only renew its own session).
    const routes = server.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.includes('*') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(20);
    const mismatches: string[] = [];
    for (const route of routes) {
      if (route.url === '/api/events') continue; // a stream that never ends; covered by the authorization matrix
      const path = route.url.replace(/:(\w+)/g, 'AAAAAAAAAAAAAAAAAAAA');
      for (const caller of callers) {
        // Signing in or out as someone would end the caller's own session for the probes that follow.
        if (/^\/api\/auth\/(logout|login|demo)$/.test(route.url) && caller.headers.cookie) continue;
        const send = (url: string) =>
          server.app.inject({ method: route.method as 'GET', url, remoteAddress: nextAddress(), headers: { ...caller.headers, 'content-type': 'application/json' }, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}' });
        const canonical = await send(path);
        for (const variant of pathVariants(path)) {
          const answer = await send(variant.path);
          if (answer.statusCode !== canonical.statusCode || answer.body !== canonical.body) {
            mismatches.push(`${route.method} ${variant.path} (${variant.label}) as ${caller.who}: ${answer.statusCode} ${answer.body.slice(0, 80)} instead of ${canonical.statusCode} ${canonical.body.slice(0, 80)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
