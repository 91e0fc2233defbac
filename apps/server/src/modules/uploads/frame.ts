import type { PanelFrame } from '@indicata/engine/data/frame';
import type { FileStorage } from '../../storage/types.ts';
import type { UploadColumn } from './csv-tasks.ts';
import { uploadColumnInThread, uploadFrameInThread } from './csv-threads.ts';

/** What buildUploadFrame needs of an upload record (a row of the uploads table or an UploadRecord). */
export interface UploadFrameSource {
  storageKey?: string;
  fileUrl?: string;
  selectedRegionColumn: string;
  selectedYearColumn: string;
}

/** The stored file is gone. */
export class UploadFrameError extends Error {}

/** The stored file cannot be turned into a frame (the message says why; files are checked at upload, so rare). */
export class UploadReadError extends Error {}

/**
 * The panel frame of an uploaded CSV, read on a CSV worker thread (csv-threads.ts) with the contracts reader:
 * space = the user's spatial column, time = the temporal column, every other column numeric (non-numeric cells
 * missing, text-only columns left out and listed in frame.textColumns).
 * @param storage where the file is
 * @param upload the upload record (its storage key and chosen columns)
 * @param options `onlyColumns`: keep only these value columns (a class preview needs just its target)
 * @throws UploadFrameError when the stored file is gone, UploadReadError when it cannot be read
 */
export async function buildUploadFrame(storage: FileStorage, upload: UploadFrameSource, options: { onlyColumns?: string[] } = {}): Promise<PanelFrame> {
  const key = upload.storageKey ?? upload.fileUrl;
  if (!key) throw new UploadFrameError('The upload record has no storage key.');
  const bytes = await storage.get(key);
  if (!bytes) throw new UploadFrameError(`The uploaded file ${key} is no longer in storage.`);
  const outcome = await uploadFrameInThread({
    bytes,
    spaceColumn: upload.selectedRegionColumn,
    timeColumn: upload.selectedYearColumn,
    onlyColumns: options.onlyColumns,
  });
  if (!outcome.ok) throw new UploadReadError(outcome.message);
  return outcome.frame;
}

/**
 * One numeric column of an uploaded CSV (NaN = missing) with each row's year and place, read on a CSV worker thread
 * like buildUploadFrame; the other columns stay on the thread (a class preview needs nothing else).
 * @returns the column, or null when the file has no numeric column of that name
 * @throws UploadFrameError when the stored file is gone, UploadReadError when it cannot be read
 */
export async function readUploadColumn(storage: FileStorage, upload: UploadFrameSource, column: string): Promise<UploadColumn | null> {
  const key = upload.storageKey ?? upload.fileUrl;
  if (!key) throw new UploadFrameError('The upload record has no storage key.');
  const bytes = await storage.get(key);
  if (!bytes) throw new UploadFrameError(`The uploaded file ${key} is no longer in storage.`);
  const outcome = await uploadColumnInThread({ bytes, spaceColumn: upload.selectedRegionColumn, timeColumn: upload.selectedYearColumn, column });
  if (!outcome.ok) throw new UploadReadError(outcome.message);
  return outcome.column;
}
