import type { FastifyInstance } from 'fastify';
import { targetClassPreviewRequestSchema } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { parseBody } from '../../http/parse.ts';
import { createStorage } from '../../storage/index.ts';
import { loadTargetColumn, previewClasses } from './target-classes.ts';
import { uploadColumnReader } from './upload-column.ts';

/**
 * POST /api/preview/target-classes: the class counts the chosen target discretization produces on the
 * chosen data (WHO catalog or the caller's upload), so Target Selection can show them before saving.
 */
export async function registerPreviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const readUploadColumn = uploadColumnReader(ctx.database.db, () => (ctx.storage ??= createStorage(ctx.config)));
  app.post('/api/preview/target-classes', async (request) => {
    const user = requireUser(request);
    const body = parseBody(targetClassPreviewRequestSchema, request);
    const values = await loadTargetColumn(ctx.database.db, user.id, body, readUploadColumn);
    return previewClasses(values, body.discretization);
  });
}
