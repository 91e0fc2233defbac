import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { openApiDocument } from './document.ts';

/** GET /api/openapi.json: the OpenAPI description of the script-facing routes (public, cached per process). */
export async function registerOpenApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  let document: object | undefined;
  app.get('/api/openapi.json', { config: { public: true } }, async () => {
    document ??= openApiDocument(ctx.config.publicUrl);
    return document;
  });
}
