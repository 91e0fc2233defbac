import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';

export async function registerPublicConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/config/public', { config: { public: true } }, async (): Promise<PublicConfig> => ({
    contactEmail: ctx.config.contactEmail,
  }));
}
