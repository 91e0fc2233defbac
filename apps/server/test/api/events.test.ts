import type { AddressInfo } from 'node:net';
import { createEventHub } from '../../src/events/create-hub.ts';
import { allDatabaseKinds, createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';

interface Stream {
  /** Resolves with the next `data:` payload, parsed. */
  next(): Promise<unknown>;
  /** The next raw frame (the text between blank lines). */
  nextFrame(): Promise<string>;
  headers: Headers;
  close(): void;
}

async function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`GET /api/events answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const readFrame = async (): Promise<string> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return frame;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
  return {
    headers: response.headers,
    nextFrame: readFrame,
    async next() {
      for (;;) {
        const frame = await readFrame();
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) return JSON.parse(data);
      }
    },
    close: () => controller.abort(),
  };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(allDatabaseKinds())('GET /api/events on $kind', ({ kind, skip, reason }) => {
  let server: TestServer;
  let baseUrl: string;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    if (skip) return;
    server = await createTestServer(kind, { context: { sseKeepAliveMs: 200 } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    alice = await registerAndLogin(server.app);
    bob = await registerAndLogin(server.app);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'streams', () => {
    it('is an event stream with a retry hint and keep-alive comments', async () => {
      const stream = await openStream(baseUrl, alice.cookie);
      try {
        expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
        expect(await stream.nextFrame()).toBe('retry: 3000\n: connected');
        expect(await stream.nextFrame()).toBe(': keep-alive');
      } finally {
        stream.close();
      }
    });

    it('delivers a published event to its user only', async () => {
      const aliceStream = await openStream(baseUrl, alice.cookie);
      const aliceSecondTab = await openStream(baseUrl, alice.cookie);
      const bobStream = await openStream(baseUrl, bob.cookie);
      try {
        await until(() => server.ctx.events.listenerCount(alice.user.id) === 2 && server.ctx.events.listenerCount(bob.user.id) === 1);
        await server.ctx.events.publish(alice.user.id, { type: 'job', data: { id: 'j1', status: 'done' } });
        expect(await aliceStream.next()).toEqual({ type: 'job', data: { id: 'j1', status: 'done' } });
        expect(await aliceSecondTab.next()).toEqual({ type: 'job', data: { id: 'j1', status: 'done' } });
        // Bob's first event is the one meant for him: Alice's never reached his stream.
        await server.ctx.events.publish(bob.user.id, { type: 'question', data: { id: 'q1' } });
        expect(await bobStream.next()).toEqual({ type: 'question', data: { id: 'q1' } });
      } finally {
        aliceStream.close();
        aliceSecondTab.close();
        bobStream.close();
      }
      await until(() => server.ctx.events.listenerCount() === 0);
    });

    it('ends the stream soon after its session ends', async () => {
      const carol = await registerAndLogin(server.app);
      const stream = await openStream(baseUrl, carol.cookie);
      try {
        await until(() => server.ctx.events.listenerCount(carol.user.id) === 1);
        const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: carol.headers });
        expect(logout.statusCode).toBe(204);
        await until(() => server.ctx.events.listenerCount(carol.user.id) === 0);
      } finally {
        stream.close();
      }
    });

    it('refuses a visitor without a session', async () => {
      const response = await fetch(`${baseUrl}/api/events`);
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('unauthenticated');
    });

    it.runIf(kind === 'postgres')('delivers what another process publishes (a worker: LISTEN/NOTIFY)', async () => {
      // A second hub on its own connections, as the worker role creates it: it publishes and does not listen.
      const workerHub = await createEventHub(server.ctx.database, { listen: false });
      const stream = await openStream(baseUrl, alice.cookie);
      try {
        await until(() => server.ctx.events.listenerCount(alice.user.id) === 1);
        await workerHub.publish(alice.user.id, { type: 'job', data: { id: 'from-worker' } });
        expect(await stream.next()).toEqual({ type: 'job', data: { id: 'from-worker' } });
        expect(workerHub.listenerCount()).toBe(0);
      } finally {
        stream.close();
        await workerHub.close();
      }
    });
  });
});
