import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function registerHealthRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  app.get('/api/health', { config: { public: true } }, async () => ({ status: 'ok' as const }));
}
