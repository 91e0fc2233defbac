import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { QUOTA_MESSAGES, formatMessage, type ServerEvent } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { findSessionUser } from '../auth/sessions.ts';

/** Interval of the `: keep-alive` comments that keep proxies from closing an idle stream. */
export const KEEP_ALIVE_MS = 15_000;
/** The reconnection delay suggested to EventSource. */
export const RETRY_MS = 3_000;

/**
 * GET /api/events: Server-Sent Events of the signed-in user. Each event is a default `message` whose data
 * is the JSON envelope `{ type, data }` (contracts ServerEvent), so `EventSource.onmessage` sees every type.
 */
export async function registerEventRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const keepAliveMs = ctx.sseKeepAliveMs ?? KEEP_ALIVE_MS;
  const open = new Set<ServerResponse>();
  /** Open streams per session (QUOTA_EVENT_STREAMS). */
  const perSession = new Map<string, number>();

  // Streams never end by themselves; end them so the server can close.
  app.addHook('preClose', async () => {
    for (const raw of open) raw.end();
    open.clear();
  });

  app.get('/api/events', async (request, reply) => {
    const user = requireUser(request);
    const session = request.sessionToken ?? user.id;
    const streams = perSession.get(session) ?? 0;
    const max = ctx.config.quotas.eventStreams;
    if (streams >= max) throw new ApiError(429, 'eventStreamsExceeded', formatMessage(QUOTA_MESSAGES.eventStreamsExceeded, { count: streams, max }));
    perSession.set(session, streams + 1);
    let counted = true;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    open.add(raw);

    const send = (event: ServerEvent) => {
      raw.write(`data: ${JSON.stringify({ type: event.type, data: event.data ?? null })}\n\n`);
    };
    const unsubscribe = ctx.events.subscribe(user.id, send);
    // Each keep-alive also re-checks the session, so a stream ends soon after its session does (logout, expiry).
    const token = request.sessionToken;
    const keepAlive = setInterval(() => {
      raw.write(': keep-alive\n\n');
      if (!token) return;
      findSessionUser(ctx.database.db, token)
        .then((current) => {
          if (!current) raw.end();
        })
        .catch(() => {});
    }, keepAliveMs);
    keepAlive.unref();

    const cleanUp = () => {
      if (counted) {
        counted = false;
        const left = (perSession.get(session) ?? 1) - 1;
        if (left > 0) perSession.set(session, left);
        else perSession.delete(session);
      }
      clearInterval(keepAlive);
      unsubscribe();
      open.delete(raw);
    };
    request.raw.on('close', cleanUp);
    raw.on('close', cleanUp);
    raw.on('error', cleanUp);
  });
}
