import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MESSAGES,
  UNFINISHED_JOB_STATUSES,
  newId,
  storedUploadName,
  type CsvProblem,
  type UploadListItem,
  type UploadRecord,
} from '@indicata/contracts';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { uploads, type UploadRow } from '../../db/schema/uploads.ts';
import { ApiError } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/types.ts';
import { validateUploadInThread } from './csv-threads.ts';
import { lockAndCheckUploadQuota } from './quota.ts';

/** The file was refused: `problem` names the message (spec section 5 or a CSV detail message). */
export class UploadRefusedError extends Error {
  constructor(public readonly problem: CsvProblem) {
    super(problem.key);
  }
}

export interface NewUpload {
  userId: string;
  fileName: string;
  bytes: Uint8Array;
  spatialColumn: string;
  temporalColumn: string;
  /** QUOTA_UPLOAD_BYTES: the upload is recorded only if the user's stored uploads stay within it (checked under a lock). */
  maxStoredBytes?: number;
}

/** Storage folder of uploaded CSVs (spec section 7: csvs/{timestamp}_{sanitised name}). */
export const CSV_FOLDER = 'csvs';

export function toUploadRecord(row: UploadRow): UploadRecord {
  return {
    id: row.id,
    fileName: row.fileName,
    storedName: row.storedName,
    fileUrl: row.storageKey,
    columns: row.columns,
    selectedRegionColumn: row.selectedRegionColumn,
    selectedYearColumn: row.selectedYearColumn,
    regionValues: row.regionValues,
    yearValues: row.yearValues,
    numericColumns: row.numericColumns,
    nonNumericCells: row.nonNumericCells,
    rowCount: row.rowCount,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Checks an uploaded CSV with every rule of spec section 5 (the same reader the browser runs, on a CSV worker
 * thread so a big file does not block other requests), stores it at
 * `csvs/{timestamp}_{sanitised name}` and records it. Nothing is left behind when any step fails: a refused
 * file is never stored, and the stored file is removed when the record cannot be written.
 * @throws UploadRefusedError with the message to show
 */
export async function createUpload(db: Db, storage: FileStorage, upload: NewUpload, now: () => number = Date.now): Promise<UploadRecord> {
  const checked = await validateUploadInThread({
    fileName: upload.fileName,
    bytes: upload.bytes,
    spatialColumn: upload.spatialColumn,
    temporalColumn: upload.temporalColumn,
  });
  if (!checked.ok) throw new UploadRefusedError(checked.problem);
  // The bytes went to the CSV thread and came back (moved, not copied): store the returned ones.
  const { summary, bytes } = checked;

  let timestamp = now();
  let storedName = storedUploadName(upload.fileName, timestamp);
  // Two uploads of the same name in the same millisecond: the later one takes the next millisecond.
  while ((await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.storedName, storedName))).length > 0) {
    timestamp += 1;
    storedName = storedUploadName(upload.fileName, timestamp);
  }
  const storageKey = `${CSV_FOLDER}/${storedName}`;
  await storage.put(storageKey, bytes);
  try {
    const row = await db.transaction(async (tx) => {
      if (upload.maxStoredBytes !== undefined) await lockAndCheckUploadQuota(tx, upload.userId, bytes.byteLength, upload.maxStoredBytes);
      const [inserted] = await tx
        .insert(uploads)
        .values({
          id: newId(),
          userId: upload.userId,
          fileName: upload.fileName,
          storedName,
          storageKey,
          columns: checked.columns,
          selectedRegionColumn: upload.spatialColumn,
          selectedYearColumn: upload.temporalColumn,
          regionValues: summary.regionValues,
          yearValues: summary.yearValues,
          numericColumns: summary.numericColumns,
          nonNumericCells: summary.nonNumericCells,
          rowCount: checked.rowCount,
          bytes: bytes.byteLength,
        })
        .returning();
      return inserted;
    });
    return toUploadRecord(row);
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/** The caller's uploads, newest first. */
export async function listUploads(db: Db, userId: string): Promise<UploadListItem[]> {
  const rows = await db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(desc(uploads.createdAt), desc(uploads.id));
  return rows.map((row) => {
    const record = toUploadRecord(row);
    return {
      id: record.id,
      fileName: record.fileName,
      storedName: record.storedName,
      selectedRegionColumn: record.selectedRegionColumn,
      selectedYearColumn: record.selectedYearColumn,
      rowCount: record.rowCount,
      bytes: record.bytes,
      createdAt: record.createdAt,
    };
  });
}

/** One of the caller's uploads, or null (also for another user's upload). */
export async function findUpload(db: Db, userId: string, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
  return row ?? null;
}

/**
 * An upload by its stored name (`{timestamp}_{sanitised name}`, the job's `database` value), for the
 * worker that builds the job's frame; restricted to the job owner's uploads when userId is given.
 */
export async function findUploadByStoredName(db: Db, storedName: string, userId?: string): Promise<UploadRow | null> {
  const condition = userId ? and(eq(uploads.storedName, storedName), eq(uploads.userId, userId)) : eq(uploads.storedName, storedName);
  const [row] = await db.select().from(uploads).where(condition);
  return row ?? null;
}

/**
 * Removes the caller's upload and its file; false when there is none.
 * @throws ApiError 409 uploadInUse while a queued or running job of the caller reads it
 */
export async function deleteUpload(db: Db, storage: FileStorage, userId: string, id: string): Promise<boolean> {
  const row = await findUpload(db, userId, id);
  if (!row) return false;
  // A queued or running job reads the file when it starts or while it runs: deleting it would fail that job.
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), inArray(jobs.status, [...UNFINISHED_JOB_STATUSES]), sql`${jobs.data}->>'uploadId' = ${row.id}`));
  if (count > 0) throw new ApiError(409, 'uploadInUse', MESSAGES.uploadInUse);
  await db.delete(uploads).where(eq(uploads.id, row.id));
  await storage.delete(row.storageKey);
  return true;
}
