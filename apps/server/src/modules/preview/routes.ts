import type { FastifyInstance } from 'fastify';
import { targetClassPreviewRequestSchema } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { parseBody } from '../../http/parse.ts';
import { loadTargetColumn, previewClasses, type UploadColumnReader } from './target-classes.ts';

/**
 * POST /api/preview/target-classes: the class counts the chosen target discretization produces on the
 * chosen data (WHO catalog or the caller's upload), so Target Selection can show them before saving.
 * @param readUploadColumn how an upload's column is read (the uploads module's frame builder)
 */
export function previewRoutes(readUploadColumn?: UploadColumnReader) {
  return async function registerPreviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
    app.post('/api/preview/target-classes', async (request) => {
      const user = requireUser(request);
      const body = parseBody(targetClassPreviewRequestSchema, request);
      const values = await loadTargetColumn(ctx.database.db, user.id, body, readUploadColumn);
      return previewClasses(values, body.discretization);
    });
  };
}

/** The registrar of modules/index.ts. */
export const registerPreviewRoutes = previewRoutes();
