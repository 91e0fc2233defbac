import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/types.ts';
import { buildUploadFrame, UploadFrameError } from '../uploads/frame.ts';
import { findUpload } from '../uploads/service.ts';
import type { UploadColumnReader } from './target-classes.ts';

/**
 * Reads a column of the caller's own upload through the uploads module's frame builder.
 * @param db the database
 * @param storage where uploaded files are (resolved lazily: the storage may be created on first use)
 */
export function uploadColumnReader(db: Db, storage: () => FileStorage): UploadColumnReader {
  return async (userId, uploadId, column) => {
    const upload = await findUpload(db, userId, uploadId);
    if (!upload) throw ApiError.of(404, 'not_found');
    try {
      const frame = await buildUploadFrame(storage(), upload);
      const found = frame.columns.find((c) => c.name === column);
      if (!found) throw new ApiError(404, 'not_found', `The uploaded file has no numeric column "${column}".`);
      return found.values;
    } catch (error) {
      if (error instanceof UploadFrameError) throw new ApiError(404, 'not_found', error.message);
      throw error;
    }
  };
}
