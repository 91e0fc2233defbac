import type { ServerEvent } from '@indicata/contracts';

export type EventListener = (event: ServerEvent) => void;

/**
 * Live updates to signed-in users (delivered over GET /api/events).
 * `publish` reaches every open stream of that user, in this process and, on PostgreSQL, in every http process.
 * Keep events small (a type and ids or a status): the client refetches what changed. On PostgreSQL an event's
 * JSON must stay under ~7,900 bytes (NOTIFY's limit); a larger one is delivered with `data: null`.
 */
export interface EventHub {
  /** Delivers `event` to the open streams of `userId` only. Resolves once handed over (not once read). */
  publish(userId: string, event: ServerEvent): Promise<void>;
  /** Listens to `userId`'s events; returns the function that stops listening. */
  subscribe(userId: string, listener: EventListener): () => void;
  /** Number of open subscriptions (for tests and diagnostics). */
  listenerCount(userId?: string): number;
  close(): Promise<void>;
}

/** Fan-out to this process's listeners; the building block of both hubs. */
export class LocalListeners {
  private readonly byUser = new Map<string, Set<EventListener>>();

  add(userId: string, listener: EventListener): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    return () => {
      const current = this.byUser.get(userId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.byUser.delete(userId);
    };
  }

  deliver(userId: string, event: ServerEvent): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch {
        // One broken stream must not keep the event from the user's other tabs.
      }
    }
  }

  count(userId?: string): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let total = 0;
    for (const set of this.byUser.values()) total += set.size;
    return total;
  }

  clear(): void {
    this.byUser.clear();
  }
}

/** Single-process hub (PGlite: the http and worker roles share the process). */
export class InProcessEventHub implements EventHub {
  private readonly listeners = new LocalListeners();

  async publish(userId: string, event: ServerEvent): Promise<void> {
    this.listeners.deliver(userId, event);
  }

  subscribe(userId: string, listener: EventListener): () => void {
    return this.listeners.add(userId, listener);
  }

  listenerCount(userId?: string): number {
    return this.listeners.count(userId);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
