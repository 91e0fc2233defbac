import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, CSRF_HEADER, DEMO_USER_ID, MESSAGES, SESSION_COOKIE, userProfileSchema } from '@indicata/contracts';
import { users } from '../../src/db/schema/index.ts';
import { buildApp } from '../../src/http/app.ts';
import { LOGIN_LIMITS } from '../../src/modules/auth/routes.ts';
import {
  allDatabaseKinds,
  CSRF_ONLY,
  createTestServer,
  loginAsDemo,
  registerAndLogin,
  sessionCookieOf,
  TEST_PASSWORD,
  type TestServer,
} from '../helpers/index.ts';

const validUser = () => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  institution: 'Navy',
  email: `grace-${Math.random().toString(36).slice(2, 8)}@Example.ORG`,
  password: 'a long enough password',
});

describe.each(allDatabaseKinds())('accounts on $kind', ({ kind, skip, reason }) => {
  let server: TestServer;
  beforeAll(async () => {
    if (skip) return;
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'register', () => {
    it('creates the account (201) with the e-mail lower-cased and an argon2id hash', async () => {
      const body = validUser();
      const response = await server.app.inject({ method: 'POST', url: '/api/auth/register', headers: CSRF_ONLY, payload: body });
      expect(response.statusCode).toBe(201);
      const { user } = response.json();
      expect(userProfileSchema.parse(user)).toEqual({
        id: expect.stringMatching(/^[-0-9A-Za-z_]{20}$/),
        firstName: 'Grace',
        lastName: 'Hopper',
        institution: 'Navy',
        email: body.email.toLowerCase(),
        isDemo: false,
      });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
      const [row] = await server.ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.passwordHash).not.toContain(body.password);
    });

    it.each(['firstName', 'lastName', 'institution', 'email', 'password'] as const)('answers 400 without %s', async (field) => {
      const body: Record<string, string> = validUser();
      delete body[field];
      const response = await server.app.inject({ method: 'POST', url: '/api/auth/register', headers: CSRF_ONLY, payload: body });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('invalid_argument');
      expect(error.message).toMatch(/is required\.$/);
      expect(Object.keys(error.fields)).toEqual([field]);
    });

    it('answers 400 for blank text and a bad e-mail', async () => {
      const blank = await server.app.inject({ method: 'POST', url: '/api/auth/register', headers: CSRF_ONLY, payload: { ...validUser(), lastName: '   ' } });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields).toEqual({ lastName: 'Last name is required.' });
      const bad = await server.app.inject({ method: 'POST', url: '/api/auth/register', headers: CSRF_ONLY, payload: { ...validUser(), email: 'not-an-email' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toEqual({ code: 'invalid_argument', message: 'Enter a valid email address.', fields: { email: 'Enter a valid email address.' } });
    });

    it('answers 409 for an e-mail already registered, whatever its case', async () => {
      const body = validUser();
      const first = await server.app.inject({ method: 'POST', url: '/api/auth/register', headers: CSRF_ONLY, payload: body });
      expect(first.statusCode).toBe(201);
      const again = await server.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: CSRF_ONLY,
        payload: { ...validUser(), email: body.email.toUpperCase() },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'conflict', message: AUTH_MESSAGES.emailTaken });
    });
  });

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'sessions', () => {
    it('logs in with an httpOnly SameSite=Lax cookie and /me answers the profile', async () => {
      const body = validUser();
      await server.app.inject({ method: 'POST', url: '/api/auth/register', headers: CSRF_ONLY, payload: body });
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: CSRF_ONLY,
        payload: { email: body.email.toUpperCase(), password: body.password },
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect(login.json().user.email).toBe(body.email.toLowerCase());

      const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookieOf(login)! } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ user: login.json().user });
    });

    it('refuses a wrong password or unknown e-mail with 401 loginFailed', async () => {
      const { user } = await registerAndLogin(server.app);
      for (const payload of [
        { email: user.email, password: 'wrong password' },
        { email: 'nobody@example.org', password: TEST_PASSWORD },
        { email: '', password: '' },
        { email: 'demo@indicata.invalid', password: '!' },
      ]) {
        const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: CSRF_ONLY, payload });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: { code: 'loginFailed', message: MESSAGES.loginFailed } });
        expect(sessionCookieOf(response)).toBeUndefined();
      }
    });

    it('ends the session on the server at logout: the old cookie gets 401', async () => {
      const { cookie, headers } = await registerAndLogin(server.app);
      expect((await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
      const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(logout.statusCode).toBe(204);
      const cleared = logout.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cleared?.value).toBe('');
      const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(401);
      expect(me.json().error.code).toBe('unauthenticated');
    });

    it('refuses a forged or tampered cookie', async () => {
      const { cookie } = await registerAndLogin(server.app);
      const tampered = cookie.slice(0, -3) + (cookie.endsWith('A') ? 'BBB' : 'AAA');
      for (const value of [tampered, `${SESSION_COOKIE}=abc`, `${SESSION_COOKIE}=`]) {
        const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: value } });
        expect(me.statusCode).toBe(401);
      }
    });

    it('marks the cookie Secure behind an HTTPS proxy when TRUST_PROXY is set, not otherwise', async () => {
      const { user } = await registerAndLogin(server.app);
      const forwarded = { ...CSRF_ONLY, 'x-forwarded-proto': 'https' };
      const untrusted = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: forwarded, payload: { email: user.email, password: TEST_PASSWORD } });
      expect(untrusted.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeFalsy();

      // A second app on the same database, configured for a proxy.
      const behindProxy = await buildApp({ ...server.ctx, config: { ...server.ctx.config, trustProxy: true } });
      try {
        const login = await behindProxy.inject({ method: 'POST', url: '/api/auth/login', headers: forwarded, payload: { email: user.email, password: TEST_PASSWORD } });
        expect(login.statusCode).toBe(200);
        expect(login.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
      } finally {
        await behindProxy.close();
      }
    });
  });

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'guards', () => {
    it('requires a session on every other /api route (401 unauthenticated)', async () => {
      for (const url of ['/api/auth/me', '/api/events', '/api/anything-else']) {
        const response = await server.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().error).toEqual({ code: 'unauthenticated', message: 'You need to sign in.' });
      }
    });

    it('answers health and the public configuration without a session', async () => {
      const health = await server.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const config = await server.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(config.json()).toEqual({ contactEmail: server.ctx.config.contactEmail });
    });

    it('refuses every mutation without the CSRF header (403 permission_denied)', async () => {
      const { cookie, user } = await registerAndLogin(server.app);
      const attempts = [
        { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } },
        { method: 'POST', url: '/api/auth/register', payload: validUser() },
        { method: 'POST', url: '/api/auth/logout' },
        { method: 'DELETE', url: '/api/anything' },
        { method: 'PUT', url: '/api/anything' },
        { method: 'PATCH', url: '/api/anything' },
      ] as const;
      for (const attempt of attempts) {
        const response = await server.app.inject({ ...attempt, headers: { cookie } });
        expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
        expect(response.json().error.code).toBe('permission_denied');
        expect(response.json().error.message).toContain(CSRF_HEADER);
      }
      // The session survived the refused logout.
      expect((await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    });

    it('sends no CORS headers and keeps a strict CSP', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      const preflight = await server.app.inject({ method: 'OPTIONS', url: '/api/auth/login', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'demo account', () => {
    it('signs in as seemore, read-only: writes answer 403 read_only_demo, logout works', async () => {
      const demo = await loginAsDemo(server.app);
      expect(demo.user).toMatchObject({ id: DEMO_USER_ID, firstName: 'Demo', isDemo: true });
      const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: demo.cookie } });
      expect(me.json().user.id).toBe(DEMO_USER_ID);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const response = await server.app.inject({ method, url: '/api/jobs', headers: demo.headers, payload: {} });
        expect(response.statusCode, method).toBe(403);
        expect(response.json().error).toEqual({ code: 'read_only_demo', message: 'The demo account is read-only.' });
      }
      const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: demo.headers });
      expect(logout.statusCode).toBe(204);
      expect((await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: demo.cookie } })).statusCode).toBe(401);
    });

    it('lets a demo visitor sign in to a real account (the old demo session ends)', async () => {
      const { user } = await registerAndLogin(server.app);
      const demo = await loginAsDemo(server.app);
      const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: demo.headers, payload: { email: user.email, password: TEST_PASSWORD } });
      expect(login.statusCode).toBe(200);
      expect((await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: demo.cookie } })).statusCode).toBe(401);
    });
  });

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'rate limits', () => {
    it('cannot be turned against a user: failures from one address never block the right password from another', async () => {
      const { app } = server;
      const { user } = await registerAndLogin(app);
      const attempt = (ip: string, password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, headers: CSRF_ONLY, payload: { email: user.email, password } });
      for (let i = 0; i < 10; i++) expect([401, 429]).toContain((await attempt('10.3.0.1', 'wrong')).statusCode);
      expect((await attempt('10.3.1.1', TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('slows one address down on one account with a growing wait, says how long (Retry-After), and a success resets it', async () => {
      const { app } = server;
      const { user } = await registerAndLogin(app);
      const attempt = (password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.4.0.1', headers: CSRF_ONLY, payload: { email: user.email, password } });
      for (let i = 0; i < 4; i++) expect((await attempt('wrong')).statusCode).toBe(401);
      // A success clears the four failures ...
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
      // ... so five more are free again; the sixth failure starts the wait.
      for (let i = 0; i < 6; i++) expect((await attempt('wrong')).statusCode).toBe(401);
      const blocked = await attempt(TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toEqual({ code: 'rate_limited', message: 'Too many attempts. Wait a minute and try again.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });

    it('refuses a 10 MB password without hashing it (the spec\'s sign-in message)', async () => {
      const { user } = await registerAndLogin(server.app);
      const started = Date.now();
      const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.5.0.1', headers: CSRF_ONLY, payload: { email: user.email, password: 'p'.repeat(10_000_000) } });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(MESSAGES.loginFailed);
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it.each([
      ['password', AUTH_MESSAGES.commonPassword],
      ['12345678', AUTH_MESSAGES.commonPassword],
      ['Qwertyuiop', AUTH_MESSAGES.commonPassword],
      ['        ', 'Password must not be blank.'],
    ])('refuses the password %j at registration', async (password, message) => {
      const response = await server.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.6.0.1', headers: CSRF_ONLY, payload: { ...validUser(), password } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.password).toBe(message);
    });

    it('limits sign-in attempts per client address across e-mails', async () => {
      const from = (ip: string, i: number) =>
        server.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, headers: CSRF_ONLY, payload: { email: `x${i}@example.org`, password: 'x' } });
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) expect((await from('10.1.1.1', i)).statusCode).toBe(401);
      const limited = await from('10.1.1.1', 999);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await from('10.2.2.2', 1000)).statusCode).toBe(401);
    });
  });
});
