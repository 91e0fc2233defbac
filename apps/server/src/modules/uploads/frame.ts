import { decodeCsvBytes } from '@indicata/contracts';
import { frameFromTable, parseSemicolonCsv } from '@indicata/engine/data/csv';
import type { PanelFrame } from '@indicata/engine/data/frame';
import type { FileStorage } from '../../storage/types.ts';

/** What buildUploadFrame needs of an upload record (a row of the uploads table or an UploadRecord). */
export interface UploadFrameSource {
  storageKey?: string;
  fileUrl?: string;
  selectedRegionColumn: string;
  selectedYearColumn: string;
}

export class UploadFrameError extends Error {}

/**
 * The panel frame of an uploaded CSV, read with the engine's semicolon reader: space = the user's spatial
 * column, time = the temporal column, every other column numeric (non-numeric cells missing, text-only
 * columns left out and listed in frame.textColumns).
 * @param storage where the file is
 * @param upload the upload record (its storage key and chosen columns)
 * @throws UploadFrameError when the stored file is gone
 */
export async function buildUploadFrame(storage: FileStorage, upload: UploadFrameSource): Promise<PanelFrame> {
  const key = upload.storageKey ?? upload.fileUrl;
  if (!key) throw new UploadFrameError('The upload record has no storage key.');
  const bytes = await storage.get(key);
  if (!bytes) throw new UploadFrameError(`The uploaded file ${key} is no longer in storage.`);
  const table = parseSemicolonCsv(decodeCsvBytes(bytes));
  return frameFromTable(table, { spaceColumn: upload.selectedRegionColumn, timeColumn: upload.selectedYearColumn });
}
