import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/types.ts';
import { readUploadColumn, UploadFrameError, UploadReadError } from '../uploads/frame.ts';
import { findUpload } from '../uploads/service.ts';
import type { TargetRows, UploadColumnReader } from './target-classes.ts';

/** Columns kept in memory: a user tries several discretizations of one target in a row; files never change. */
const CACHED_COLUMNS = 8;

/**
 * Reads a column of the caller's own upload through the uploads module (readUploadColumn: on a CSV worker thread,
 * only that column's numbers come back). The last few columns read are cached by upload id and column: uploads are immutable, and
 * ownership is checked before the cache is asked.
 * @param db the database
 * @param storage where uploaded files are
 */
export function uploadColumnReader(db: Db, storage: FileStorage): UploadColumnReader {
  const cache = new Map<string, TargetRows>();
  return async (userId, uploadId, column) => {
    const upload = await findUpload(db, userId, uploadId);
    if (!upload) throw ApiError.of(404, 'not_found');
    const key = `${upload.id}\u0000${column}`;
    const cached = cache.get(key);
    if (cached) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    try {
      const read = await readUploadColumn(storage, upload, column);
      if (!read) throw new ApiError(404, 'not_found', `The uploaded file has no numeric column "${column}".`);
      const rows: TargetRows = { ...read, region: null };
      cache.set(key, rows);
      while (cache.size > CACHED_COLUMNS) cache.delete(cache.keys().next().value!);
      return rows;
    } catch (error) {
      if (error instanceof UploadFrameError) throw new ApiError(404, 'not_found', error.message);
      if (error instanceof UploadReadError) throw new ApiError(400, 'invalid_argument', error.message);
      throw error;
    }
  };
}

const readers = new WeakMap<AppContext, UploadColumnReader>();

/**
 * The app's one upload column reader, so the class preview and the job door share its cache: a job submitted after
 * its preview does not read the file again.
 * @param ctx app context (its database and file storage)
 */
export function sharedUploadColumnReader(ctx: AppContext): UploadColumnReader {
  let reader = readers.get(ctx);
  if (!reader) {
    reader = uploadColumnReader(ctx.database.db, ctx.storage);
    readers.set(ctx, reader);
  }
  return reader;
}
