import { and, eq } from 'drizzle-orm';
import type { PanelFrame } from '@indicata/engine';
import type { AppContext } from '../../context.ts';
import { uploads, type JobRow } from '../../db/schema/index.ts';
import { buildUploadFrame, UploadFrameError } from '../uploads/frame.ts';
import { buildWhoFrame, WhoFrameError } from '../who/frame.ts';
import { jobMaxMissingPercent } from './map-config.ts';

/** The job's data cannot be turned into a panel (missing upload, unknown target ...); shown to the owner. */
export class JobDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobDataError';
  }
}

export interface JobFrame {
  frame: PanelFrame;
  /** The frame column the job predicts. */
  targetColumn: string;
}

/**
 * Builds the panel a job runs on: from the WHO catalog (target indicator and dimension; the manually
 * chosen indicators as features when there are any, else every indicator within the job's missing-data threshold) or from
 * the owner's uploaded CSV (the upload's spatial and temporal columns; the target is a column of the file).
 * @param ctx app context (database, storage)
 * @param job the job row
 * @param options withGaps: WHO panels also get the country-years with indicators but no target (gap filling;
 *   an uploaded file's panel has its rows without a target anyway); gapColumns: only these columns' values make
 *   a WHO gap (see WhoFrameRequest)
 * @throws JobDataError with a message a person can act on
 */
export async function buildFrameForJob(ctx: AppContext, job: JobRow, options: { withGaps?: boolean; gapColumns?: string[] } = {}): Promise<JobFrame> {
  const data = job.data;
  if (!data.uploadId) {
    try {
      const frame = await buildWhoFrame(ctx.database.db, {
        targetCode: data.codePredictionIndicator,
        targetDimension: data.predictionIndicatorDimensions[0],
        featureCodes: data.indicatorsAnalyzingCode.length > 0 ? data.indicatorsAnalyzingCode.filter((c) => c !== data.codePredictionIndicator) : undefined,
        // The job's own threshold, so the catalog never drops a column the user allowed; judged on every target row
        // (the engine then applies its rule on the latest training years: engine README "Missing data").
        maxMissingPercent: jobMaxMissingPercent(data),
        withGaps: options.withGaps,
        gapColumns: options.gapColumns,
      });
      return { frame, targetColumn: frame.targetColumn };
    } catch (error) {
      if (error instanceof WhoFrameError) throw new JobDataError(error.message);
      throw error;
    }
  }
  const [upload] = await ctx.database.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, data.uploadId), eq(uploads.userId, job.userId)))
    .limit(1);
  if (!upload) throw new JobDataError('The imported database of this job no longer exists. Import it again and resubmit.');
  let frame: PanelFrame;
  try {
    frame = await buildUploadFrame(ctx.storage, upload);
  } catch (error) {
    if (error instanceof UploadFrameError) {
      throw new JobDataError(`The file of the imported database "${upload.fileName}" is missing from storage. Import it again and resubmit.`);
    }
    throw new JobDataError(`The imported database could not be read: ${(error as Error).message}`);
  }
  if (!frame.columns.some((c) => c.name === data.codePredictionIndicator)) {
    throw new JobDataError(`The target "${data.codePredictionIndicator}" is not a numeric column of "${upload.fileName}".`);
  }
  return { frame, targetColumn: data.codePredictionIndicator };
}
