import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ID_PATTERN, createApiTokenRequestSchema, withoutBidiControls } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import { parseBody, parseParams } from '../../http/parse.ts';
import { createToken, listTokens, revokeToken } from './service.ts';

const idParams = z.object({ id: z.string().regex(ID_PATTERN, 'Not a token id.') });

/** Personal API tokens of the signed-in user (session only: a token cannot mint or list tokens). */
export async function registerTokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/tokens', async (request) => {
    const user = requireUser(request);
    return { tokens: await listTokens(ctx.database.db, user.id) };
  });

  app.post('/api/tokens', async (request, reply) => {
    const user = requireUser(request);
    const parsed = parseBody(createApiTokenRequestSchema, request);
    // Bidirectional overrides are dropped from the stored name (they could make it read as another name).
    const { name } = createApiTokenRequestSchema.parse({ name: withoutBidiControls(parsed.name) });
    return reply.code(201).send(await createToken(ctx.database.db, user.id, name));
  });

  app.delete('/api/tokens/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseParams(idParams, request);
    if (!(await revokeToken(ctx.database.db, user.id, id))) throw ApiError.of(404, 'not_found');
    return reply.code(204).send();
  });
}
