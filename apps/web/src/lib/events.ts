import { useEffect, useRef, useSyncExternalStore } from 'react';
import { serverEventSchema, type ServerEvent } from '@indicata/contracts';

/** Subscribe to this type to hear every event. */
export const ANY_SERVER_EVENT = '*';
/**
 * Emitted (with no data) when the stream comes back after a drop: events sent meanwhile were missed,
 * so features should refetch (e.g. invalidate their TanStack Query caches).
 */
export const EVENTS_RECONNECTED = 'connection:reopened';

export type ServerEventHandler = (data: unknown, event: ServerEvent) => void;
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting';

interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface ServerEventStreamOptions {
  url: string;
  createEventSource?: (url: string) => EventSourceLike;
  /** First reconnect wait; doubled after each failed try up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/**
 * One EventSource for the whole app, re-opened with backoff after a drop (the browser's own retry gives
 * up for good after a non-200 answer such as a restart's 502). Start it after sign-in, stop it at sign-out.
 */
export class ServerEventStream {
  private source: EventSourceLike | null = null;
  private readonly handlers = new Map<string, Set<ServerEventHandler>>();
  private readonly stateListeners = new Set<() => void>();
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private hasOpened = false;
  private running = false;
  private state: ConnectionState = 'idle';
  private readonly options: Required<ServerEventStreamOptions>;

  constructor(options: ServerEventStreamOptions) {
    this.options = {
      createEventSource: (url) => new EventSource(url, { withCredentials: true }),
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      random: Math.random,
      ...options,
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.hasOpened = false;
    this.failures = 0;
    this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.closeSource();
    this.setState('idle');
  }

  /** Calls `handler` for every event of `type` (or every event for ANY_SERVER_EVENT); returns the unsubscribe. */
  subscribe(type: string, handler: ServerEventHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  getState = (): ConnectionState => this.state;

  onStateChange = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  };

  /** The wait before reconnect try number `failures` (1-based). */
  reconnectDelayMs(failures: number): number {
    const { baseDelayMs, maxDelayMs, random } = this.options;
    const exponential = Math.min(baseDelayMs * 2 ** Math.max(0, failures - 1), maxDelayMs);
    return Math.round(exponential * (0.75 + random() * 0.5));
  }

  private connect(): void {
    this.setState(this.hasOpened ? 'reconnecting' : 'connecting');
    const source = this.options.createEventSource(this.options.url);
    this.source = source;
    source.onopen = () => {
      if (this.source !== source) return;
      const reopened = this.hasOpened;
      this.hasOpened = true;
      this.failures = 0;
      this.setState('open');
      if (reopened) this.dispatch({ type: EVENTS_RECONNECTED, data: null });
    };
    source.onmessage = (message) => {
      if (this.source !== source) return;
      let json: unknown;
      try {
        json = JSON.parse(String(message.data));
      } catch {
        return; // Not ours (or a keep-alive): ignore.
      }
      const parsed = serverEventSchema.safeParse(json);
      if (parsed.success) this.dispatch(parsed.data);
    };
    source.onerror = () => {
      if (this.source !== source) return;
      this.closeSource();
      if (!this.running) return;
      this.failures += 1;
      this.setState('reconnecting');
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.running) this.connect();
      }, this.reconnectDelayMs(this.failures));
    };
  }

  private closeSource(): void {
    if (!this.source) return;
    const source = this.source;
    this.source = null;
    source.onopen = source.onmessage = source.onerror = null;
    source.close();
  }

  private dispatch(event: ServerEvent): void {
    for (const key of [event.type, ANY_SERVER_EVENT]) {
      for (const handler of [...(this.handlers.get(key) ?? [])]) {
        try {
          handler(event.data, event);
        } catch (error) {
          console.error('Server event handler failed', event.type, error);
        }
      }
    }
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener();
  }
}

/** The app's single stream on GET /api/events. */
export const serverEvents = new ServerEventStream({ url: '/api/events' });

/**
 * Runs `handler(data, event)` for each server event of `type` while the component is mounted.
 * The latest handler is always used, so it need not be memoised.
 */
export function useServerEvent(type: string, handler: ServerEventHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => serverEvents.subscribe(type, (data, event) => latest.current(data, event)), [type]);
}

/** The stream's connection state, for a "reconnecting" indicator. */
export function useServerEventsState(): ConnectionState {
  return useSyncExternalStore(serverEvents.onStateChange, serverEvents.getState, serverEvents.getState);
}
