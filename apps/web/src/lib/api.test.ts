import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@indicata/contracts';
import { api, ApiRequestError, retryPolicies, setSignedOut, setUnauthorizedHandler } from './api.ts';
import { OPERATION_RETRY } from './retry.ts';
import { readSessionHints, saveSessionHints } from './session-hints.ts';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

type Call = [string, RequestInit];
const headersOf = (call: Call) => call[1].headers as Record<string, string>;

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    // Same shape as the spec's policy, scaled down so the test runs in milliseconds.
    retryPolicies.operation = { budgetMs: 200, baseDelayMs: 1, maxBackoffFactor: 64 };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    retryPolicies.operation = OPERATION_RETRY;
  });

  it('sends the CSRF header on mutations but not on reads, with same-origin cookies', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await api.get('/api/jobs');
    await api.post('/api/jobs', { name: 'x' });
    await api.put('/api/jobs/1', { name: 'y' });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await api.del('/api/jobs/1');
    const calls = fetchMock.mock.calls as Call[];
    expect(headersOf(calls[0])[CSRF_HEADER]).toBeUndefined();
    for (const call of calls.slice(1)) expect(headersOf(call)[CSRF_HEADER]).toBe(CSRF_HEADER_VALUE);
    expect(calls.every((call) => call[1].credentials === 'same-origin')).toBe(true);
    expect(calls[1][1].body).toBe(JSON.stringify({ name: 'x' }));
    expect(headersOf(calls[1])['Content-Type']).toBe('application/json');
  });

  it('after a sign-out sends only the calls that need no session, until the next sign-in', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    setSignedOut(true);
    try {
      await expect(api.get('/api/jobs')).rejects.toMatchObject({ status: 401 });
      expect(fetchMock).not.toHaveBeenCalled();
      await api.get('/api/config/public');
      await api.post('/api/auth/logout');
      expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/config/public', '/api/auth/logout']);
    } finally {
      setSignedOut(false);
    }
    await api.get('/api/jobs');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('adds the /api prefix to bare paths', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await api.get('/health');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/health');
  });

  it('retries an idempotent read on 503, 408 and 429, then returns the answer', async () => {
    fetchMock
      .mockResolvedValueOnce(json(503, { error: { code: 'unavailable', message: 'The service is unavailable' } }))
      .mockResolvedValueOnce(json(408, undefined))
      .mockResolvedValueOnce(json(429, undefined))
      .mockResolvedValueOnce(json(200, { value: 42 }));
    await expect(api.get<{ value: number }>('/api/thing')).resolves.toEqual({ value: 42 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('retries after a network failure', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(200, { ok: 1 }));
    await expect(api.get('/api/thing')).resolves.toEqual({ ok: 1 });
  });

  it('does not retry a POST, nor a 4xx', async () => {
    fetchMock.mockImplementation(async () => json(503, { error: { code: 'unavailable', message: 'down' } }));
    await expect(api.post('/api/jobs', {})).rejects.toMatchObject({ status: 503, code: 'unavailable' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockClear();
    fetchMock.mockImplementation(async () => json(404, { error: { code: 'not_found', message: 'Not found.' } }));
    await expect(api.get('/api/jobs/x')).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after the budget and throws the last error', async () => {
    fetchMock.mockImplementation(async () => json(500, { error: { code: 'internal', message: 'boom' } }));
    const started = Date.now();
    await expect(api.get('/api/thing')).rejects.toBeInstanceOf(ApiRequestError);
    expect(fetchMock.mock.calls.length).toBeGreaterThan(1);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('parses the error body into code, message and fields', async () => {
    fetchMock.mockResolvedValue(json(400, { error: { code: 'invalid_argument', message: 'Bad', fields: { email: 'Enter a valid email address.' } } }));
    const error = await api.post('/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_argument', message: 'Bad', fields: { email: 'Enter a valid email address.' } });
  });

  it('on a 401 from a protected call clears the hints and hands over to the unauthorized handler', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    saveSessionHints({ id: 'u1', email: 'a@b.org' });
    fetchMock.mockResolvedValue(json(401, { error: { code: 'unauthenticated', message: 'You need to sign in.' } }));
    await expect(api.get('/api/jobs')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(readSessionHints()).toBeNull();
  });

  it('leaves a 401 from the sign-in calls to the caller', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    saveSessionHints({ id: 'u1', email: 'a@b.org' });
    fetchMock.mockResolvedValue(json(401, { error: { code: 'loginFailed', message: 'Incorrect email or password' } }));
    await expect(api.post('/api/auth/login', { email: 'a', password: 'b' })).rejects.toMatchObject({ code: 'loginFailed' });
    expect(handler).not.toHaveBeenCalled();
    expect(readSessionHints()).not.toBeNull();
  });
});
