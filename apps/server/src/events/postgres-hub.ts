import pg from 'pg';
import type { Logger } from 'pino';
import { serverEventSchema, type ServerEvent } from '@indicata/contracts';
import type { EventHub, EventListener } from './hub.ts';
import { LocalListeners } from './hub.ts';

/** The NOTIFY channel every Indicata process listens on. */
export const EVENTS_CHANNEL = 'indicata_events';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7900;

interface Envelope {
  u: string;
  e: ServerEvent;
}

export interface PostgresEventHubOptions {
  pool: pg.Pool;
  connectionString: string;
  /** false in processes that only publish (the worker role): no LISTEN connection is held. */
  listen: boolean;
  logger?: Pick<Logger, 'warn' | 'error'>;
}

/**
 * Cross-process hub over PostgreSQL LISTEN/NOTIFY: a worker's `publish` reaches the SSE streams of every
 * http process. Delivery, even to this process's own listeners, goes through the database so that the
 * order is the same everywhere. A lost LISTEN connection is re-opened with backoff.
 */
export class PostgresEventHub implements EventHub {
  private readonly listeners = new LocalListeners();
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelayMs = 250;

  private constructor(private readonly options: PostgresEventHubOptions) {}

  /** Creates the hub and, when `listen`, waits until LISTEN is active (so no event published after is missed). */
  static async create(options: PostgresEventHubOptions): Promise<PostgresEventHub> {
    const hub = new PostgresEventHub(options);
    if (options.listen) await hub.connect();
    return hub;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('notification', (message) => this.onNotification(message.payload));
    client.on('error', (error) => {
      this.options.logger?.warn({ err: error }, 'events: LISTEN connection lost; reconnecting');
      this.onConnectionLost(client);
    });
    client.on('end', () => this.onConnectionLost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      client.removeAllListeners();
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.reconnectDelayMs = 250;
  }

  private onConnectionLost(lost: pg.Client): void {
    if (this.client !== lost) return;
    this.client = undefined;
    lost.removeAllListeners();
    lost.on('error', () => {});
    lost.end().catch(() => {});
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.closed) return;
      this.connect().catch((error: unknown) => {
        this.options.logger?.error({ err: error }, 'events: could not re-open the LISTEN connection');
        this.reconnectLater();
      });
    }, delay);
  }

  private onNotification(payload: string | undefined): void {
    if (!payload) return;
    try {
      const envelope = JSON.parse(payload) as Envelope;
      const event = serverEventSchema.parse(envelope.e);
      if (typeof envelope.u === 'string') this.listeners.deliver(envelope.u, event);
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'events: ignored a malformed notification');
    }
  }

  async publish(userId: string, event: ServerEvent): Promise<void> {
    let payload = JSON.stringify({ u: userId, e: event } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.options.logger?.warn({ type: event.type }, 'events: event too large for NOTIFY; sent without data');
      payload = JSON.stringify({ u: userId, e: { type: event.type, data: null } } satisfies Envelope);
    }
    await this.options.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
  }

  subscribe(userId: string, listener: EventListener): () => void {
    return this.listeners.add(userId, listener);
  }

  listenerCount(userId?: string): number {
    return this.listeners.count(userId);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.listeners.clear();
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
