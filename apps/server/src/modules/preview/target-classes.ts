import { WHO_DATABASE, type TargetClassPreviewResponse } from '@indicata/contracts';
import { previewTargetClasses } from '@indicata/engine';
import type { TargetDiscretization } from '@indicata/engine/pipeline/config';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { buildWhoFrame, WhoFrameError } from '../who/frame.ts';

export interface TargetColumnRequest {
  database: string;
  uploadId: string | null;
  targetCode: string;
  targetDimension?: string;
}

/** Reads one numeric column of the caller's upload (NaN = missing). */
export type UploadColumnReader = (userId: string, uploadId: string, column: string) => Promise<Float64Array>;

/**
 * The target column's values (NaN = missing) from the WHO catalog or the user's upload.
 * Only the target is loaded: the WHO frame is asked for no other indicator.
 */
export async function loadTargetColumn(
  db: Db,
  userId: string,
  request: TargetColumnRequest,
  readUploadColumn: UploadColumnReader | undefined,
): Promise<Float64Array> {
  if (request.database === WHO_DATABASE) {
    try {
      const frame = await buildWhoFrame(db, {
        targetCode: request.targetCode,
        targetDimension: request.targetDimension,
        featureCodes: [request.targetCode],
      });
      const column = frame.columns.find((c) => c.name === frame.targetColumn);
      if (!column) throw new WhoFrameError(`The WHO catalog has no values for ${frame.targetColumn}.`);
      return column.values;
    } catch (error) {
      if (error instanceof WhoFrameError) throw new ApiError(404, 'not_found', error.message);
      throw error;
    }
  }
  if (!request.uploadId) throw new ApiError(400, 'invalid_argument', 'Choose the uploaded file (uploadId) or the WHO database.');
  if (!readUploadColumn) throw ApiError.of(503, 'unavailable');
  return readUploadColumn(userId, request.uploadId, request.targetCode);
}

/**
 * Counts the rows per class of a discretization on a target column.
 * @param values the target column (NaN = missing)
 * @param discretization automatic groups (with their method) or manual classes
 */
export function previewClasses(values: Float64Array, discretization: TargetDiscretization): TargetClassPreviewResponse {
  let rows = 0;
  for (const v of values) if (!Number.isNaN(v)) rows += 1;
  if (rows === 0) throw new ApiError(404, 'not_found', 'The chosen target has no values.');
  const preview = previewTargetClasses(values, discretization);
  return { classes: preview.classes, unassigned: preview.unassigned, missing: preview.missing, rows };
}
