import { IDEMPOTENCY_KEY_HEADER } from '@indicata/contracts';
import { rerunJobRequest } from './jobsApi.ts';

/** Answers every re-run with one job after `release()`, recording each request's Idempotency-Key. */
function serveReruns() {
  const keys: string[] = [];
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    keys.push(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER) ?? '');
    await answered;
    return new Response(JSON.stringify({ job: { id: 'j1', name: 'x (re-run)' } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { keys, release };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('rerunJobRequest', () => {
  it('sends one Idempotency-Key for a double click while the first is on its way, and a new one for the next re-run', async () => {
    const server = serveReruns();
    const first = rerunJobRequest('j0', 'x (re-run)');
    const second = rerunJobRequest('j0', 'x (re-run)');
    await vi.waitFor(() => expect(server.keys).toHaveLength(2));
    server.release();
    await Promise.all([first, second]);
    expect(server.keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(server.keys[1]).toBe(server.keys[0]);
    await rerunJobRequest('j0', 'x (re-run)');
    expect(server.keys[2]).not.toBe(server.keys[0]);
  });
});
