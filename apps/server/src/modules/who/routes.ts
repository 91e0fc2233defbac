import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { catalogStatus, indicatorLabels, listIndicators } from './catalog.ts';

/**
 * WHO catalog reads (signed-in users):
 * GET /api/who/status           -> WhoStatus (available, sizes, source; howToFill when empty)
 * GET /api/who/indicators       -> { indicators: WhoIndicator[] } (the spec's indicatorsNew, with coverage)
 * GET /api/who/indicator-labels -> { [code]: label } (the spec's indicators node)
 */
export async function registerWhoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  app.get('/api/who/status', async () => catalogStatus(db));
  app.get('/api/who/indicators', async () => ({ indicators: await listIndicators(db) }));
  app.get('/api/who/indicator-labels', async () => indicatorLabels(db));
}
