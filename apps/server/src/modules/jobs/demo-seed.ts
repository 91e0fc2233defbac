import { eq } from 'drizzle-orm';
import { DEMO_USER_ID, MODEL_FAMILIES, whoAutoJobData, type JobData, type WhoIndicator } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { jobs } from '../../db/schema/index.ts';
import { listIndicators } from '../who/catalog.ts';
import { insertAndEnqueueJob } from './service.ts';

/** Targets the demo prefers, most familiar first: life expectancy, then under-five mortality. */
const PREFERRED_TARGETS = ['WHOSIS_000001', 'MDG_0000000007'];
const RECHECK_MS = 60_000;
const DEMO_SEED = 20_260_101;

/** The demo job for a target: real engine run, every family on auto, three quantile classes. */
export function demoJobData(target: WhoIndicator, testYear: number): JobData {
  return whoAutoJobData(target, { families: [...MODEL_FAMILIES], seed: DEMO_SEED, testYear });
}

/** The demo's target: a preferred indicator when the catalog has it, else the best-covered one. */
export function chooseDemoTarget(indicators: WhoIndicator[]): WhoIndicator | undefined {
  for (const code of PREFERRED_TARGETS) {
    const found = indicators.find((i) => i.code === code && i.years.length >= 5);
    if (found) return found;
  }
  return [...indicators].filter((i) => i.years.length >= 5).sort((a, b) => b.coverage.observations - a.coverage.observations)[0];
}

/** Queues the demo account's example job once, when the WHO catalog has data. Returns whether it is done. */
async function trySeed(ctx: AppContext): Promise<boolean> {
  const [existing] = await ctx.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.userId, DEMO_USER_ID)).limit(1);
  if (existing) return true;
  const target = chooseDemoTarget(await listIndicators(ctx.database.db));
  if (!target) return false;
  // Test on the latest year: training uses strictly earlier years.
  const testYear = Math.max(...target.years);
  await insertAndEnqueueJob(ctx, DEMO_USER_ID, `Example: ${target.indicator} in ${testYear}`, demoJobData(target, testYear));
  ctx.logger.info({ target: target.code, testYear }, 'queued the demo example job');
  return true;
}

/**
 * Gives the read-only demo account ("See more") a real example: one AutoML job on the WHO data this
 * installation has, run by the ordinary queue. Checks again every minute until the catalog has data.
 * @param ctx app context with the queue
 * @returns a function that stops checking
 */
export function seedDemoJobs(ctx: AppContext): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = async () => {
    if (stopped) return;
    try {
      if (await trySeed(ctx)) return;
    } catch (error) {
      ctx.logger.warn({ err: error }, 'could not seed the demo job yet');
    }
    if (!stopped) timer = setTimeout(() => void attempt(), RECHECK_MS);
  };
  void attempt();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
