import { columnValues, parseEngineConfig, validateParams } from '@indicata/engine';
import { outerSplit } from '@indicata/engine/search/splits';
import { candidatesFor } from '@indicata/engine/search/spaces';
import type { ModelFamily } from '@indicata/contracts';
import type { AppContext } from '../../src/context.ts';
import type { JobRow } from '../../src/db/schema/index.ts';
import { buildFrameForJob } from '../../src/modules/jobs/job-frame.ts';
import { jobDataToEngineConfig } from '../../src/modules/jobs/map-config.ts';

/**
 * What a worker would refuse in a queued job for its configuration alone, without fitting anything: the frame
 * (target, dimension, upload), the mapping onto the engine's configuration (indicators, test share), the engine's
 * own configuration schema, the outer split (test year and region) and every explicit model candidate's
 * parameters as the engine's models validate them when a fit thread builds them.
 * @returns the refusal's message, or null when the worker would start fitting
 */
export async function workerRefusal(ctx: AppContext, job: JobRow): Promise<string | null> {
  try {
    const { frame, targetColumn } = await buildFrameForJob(ctx, job);
    const config = parseEngineConfig(jobDataToEngineConfig(job.data, { frame, targetColumn, seed: job.seed, budgetSeconds: 30, workers: 0 }));
    const target = columnValues(frame, config.target);
    const usable = [...target.keys()].filter((i) => !Number.isNaN(target[i]));
    outerSplit(usable, frame.time, frame.space, frame.region ?? null, config.split);
    for (const [family, choice] of Object.entries(config.models) as [ModelFamily, 'auto' | Record<string, unknown>][]) {
      for (const candidate of candidatesFor(family, choice, 1, 10_000)) validateParams(family, candidate.params);
    }
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
