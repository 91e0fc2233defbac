import fs from 'node:fs';
import { MESSAGES, replayRecordSchema, type AutoMLResults, type ReplayBundle } from '@indicata/contracts';
import { bundledFrameOf, engineVersionOf } from '@indicata/engine/pipeline/replay';
import type { AppContext } from '../../context.ts';
import type { JobRow } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { buildFrameForJob } from './job-frame.ts';

let appVersion: string | null = null;

/** The app's version (the server package's), read once. */
function appVersionOf(): string {
  appVersion ??= (JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? 'unknown';
  return appVersion;
}

/** File name of a job's replay bundle. */
export function replayBundleFileName(jobId: string): string {
  return `indicata-${jobId}-replay.json`;
}

/**
 * A finished job's replay bundle: its configuration and seed, the replay record, the panel the run read (rebuilt from
 * the upload or the WHO catalog, and included only when its SHA-256 is still the run's), the versions and the results.
 * @param ctx app context
 * @param job the owner's finished job
 * @throws ApiError 409 when the job has no replay record (unfinished, or finished before records were kept)
 */
export async function replayBundleOf(ctx: AppContext, job: JobRow): Promise<ReplayBundle> {
  const results = job.status === 'done' ? (job.results as AutoMLResults | null) : null;
  const record = replayRecordSchema.safeParse(results?.replay);
  if (!results || !record.success) throw new ApiError(409, 'noReplayRecord', MESSAGES.noReplayRecord);
  const source = job.data.uploadId === null ? 'who' : 'upload';
  let frame: ReplayBundle['frame'] = null;
  let frameNote: string | null = null;
  try {
    const bundled = bundledFrameOf((await buildFrameForJob(ctx, job)).frame, source);
    if (bundled.sha256 === record.data.frameSha256) frame = bundled;
    else frameNote = 'the data changed since the run (its SHA-256 differs from the recorded one), so the panel is left out';
  } catch (error) {
    frameNote = `the panel could not be rebuilt: ${error instanceof Error ? error.message : String(error)}`;
  }
  return {
    format: 'indicata-replay-bundle',
    version: 1,
    createdAt: new Date().toISOString(),
    job: { id: job.id, name: job.name, seed: job.seed, data: job.data },
    versions: { engine: engineVersionOf(), app: appVersionOf(), node: process.version },
    whoVintages: results.whoVintages ?? null,
    replay: record.data,
    frame,
    frameNote,
    results,
  };
}
