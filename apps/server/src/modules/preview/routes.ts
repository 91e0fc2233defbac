import type { FastifyInstance } from 'fastify';
import { targetClassPreviewRequestSchema } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { parseBody } from '../../http/parse.ts';
import { loadTargetRows, previewClasses } from './target-classes.ts';
import { sharedUploadColumnReader } from './upload-column.ts';

/** Previews one user may ask for per minute: each may read a whole upload (seconds of a CSV thread). */
export const PREVIEWS_PER_MINUTE = 20;

/**
 * POST /api/preview/target-classes: the class counts the chosen target discretization produces on the
 * chosen data (WHO catalog or the caller's upload), overall and, given the split, in its training and test years,
 * so Target Selection can show them and what they allow before saving.
 * Uploads are read on a CSV worker thread; PREVIEWS_PER_MINUTE per user (429 with Retry-After beyond).
 */
export async function registerPreviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const readUploadColumn = sharedUploadColumnReader(ctx);
  const limitPerUser = app.createRateLimit({ max: PREVIEWS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (r) => `preview:${r.user?.id ?? r.ip}` });
  // Stores nothing: the read-only demo sees the classes its choices would give, as it may go through every step.
  app.post('/api/preview/target-classes', { config: { storesNothing: true } }, async (request, reply) => {
    const user = requireUser(request);
    const limit = await limitPerUser(request);
    if (!limit.isAllowed && limit.isExceeded) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(limit.ttl / 1000))));
      throw ApiError.of(429, 'rate_limited');
    }
    const body = parseBody(targetClassPreviewRequestSchema, request);
    const rows = await loadTargetRows(ctx.database.db, user.id, body, readUploadColumn);
    return previewClasses(rows, body.discretization, body.split);
  });
}
