import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTS_RECONNECTED, ServerEventStream } from './events.ts';

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  send(payload: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(payload) }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const latest = () => FakeEventSource.instances[FakeEventSource.instances.length - 1];

describe('ServerEventStream', () => {
  let stream: ServerEventStream;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    stream = new ServerEventStream({
      url: '/api/events',
      createEventSource: (url) => new FakeEventSource(url),
      baseDelayMs: 1000,
      maxDelayMs: 8000,
      random: () => 0.5, // no jitter
    });
  });
  afterEach(() => {
    stream.stop();
    vi.useRealTimers();
  });

  it('delivers {type, data} events to the handlers of that type only', () => {
    const jobs = vi.fn();
    const questions = vi.fn();
    stream.subscribe('job', jobs);
    stream.subscribe('question', questions);
    stream.start();
    latest().open();
    latest().send({ type: 'job', data: { id: 'a' } });
    latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(jobs).toHaveBeenCalledWith({ id: 'a' }, { type: 'job', data: { id: 'a' } });
    expect(questions).not.toHaveBeenCalled();
  });

  it('reconnects after a drop with doubling waits, and announces the reconnection', () => {
    const reconnected = vi.fn();
    stream.subscribe(EVENTS_RECONNECTED, reconnected);
    stream.start();
    latest().open();
    expect(stream.getState()).toBe('open');

    latest().fail();
    expect(stream.getState()).toBe('reconnecting');
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0].closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);

    latest().fail(); // second failure in a row: wait 2 s
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);

    latest().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(stream.getState()).toBe('open');

    latest().fail(); // after a successful open the wait starts over at 1 s
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('caps the wait and stops reconnecting once stopped', () => {
    expect(stream.reconnectDelayMs(10)).toBe(8000);
    stream.start();
    latest().fail();
    stream.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(stream.getState()).toBe('idle');
  });
});
