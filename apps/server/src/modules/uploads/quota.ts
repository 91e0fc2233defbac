import { eq, sql } from 'drizzle-orm';
import { QUOTA_MESSAGES, formatBytes, formatMessage } from '@indicata/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * Per-user upload quota (QUOTA_UPLOAD_BYTES), judged three times:
 * 1. before the file is read, from the request's Content-Length, against the stored uploads plus the uploads this
 *    process is still receiving or checking for the same user (`reserveUploadBytes`): parallel uploads see each
 *    other, and a refused one costs one sum, not the transfer;
 * 2. while the file streams in (a chunked body has no Content-Length): `uploadRoom` bytes at most;
 * 3. exactly, when the upload is recorded: `lockAndCheckUploadQuota` in the insert's transaction, holding the
 *    user's row (SELECT ... FOR UPDATE), so parallel uploads through several processes or PostgreSQL connections
 *    cannot both take the last room.
 */
const receiving = new Map<string, number>();

export function uploadQuotaError(total: number, maxBytes: number): ApiError {
  return new ApiError(413, 'uploadQuotaExceeded', formatMessage(QUOTA_MESSAGES.uploadQuotaExceeded, { total: formatBytes(total), max: formatBytes(maxBytes) }));
}

async function storedBytes(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${uploads.bytes}), 0)::float8` }).from(uploads).where(eq(uploads.userId, userId));
  return row?.total ?? 0;
}

/**
 * Counts `bytes` as taken by an upload of `userId` that this process is receiving; call the returned function
 * once it is stored or refused.
 */
export function reserveUploadBytes(userId: string, bytes: number): () => void {
  receiving.set(userId, (receiving.get(userId) ?? 0) + bytes);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (receiving.get(userId) ?? 0) - bytes;
    if (left > 0) receiving.set(userId, left);
    else receiving.delete(userId);
  };
}

/**
 * Refuses (413) an upload of `incomingBytes` that would take the user's stored uploads, plus those this process
 * is receiving for them (other than `ownReservation`), past `maxBytes`.
 * @returns the bytes still free for this upload
 */
export async function checkUploadQuota(db: Db, userId: string, incomingBytes: number, maxBytes: number, ownReservation = 0): Promise<number> {
  const taken = (await storedBytes(db, userId)) + Math.max(0, (receiving.get(userId) ?? 0) - ownReservation);
  const total = taken + incomingBytes;
  if (total > maxBytes) throw uploadQuotaError(total, maxBytes);
  return maxBytes - taken;
}

/**
 * Inside the transaction that records an upload: locks the user's row, then refuses (413) when the stored uploads
 * plus this one exceed `maxBytes`. Parallel transactions of the same user wait for each other here.
 */
export async function lockAndCheckUploadQuota(tx: Tx, userId: string, incomingBytes: number, maxBytes: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  const total = (await storedBytes(tx, userId)) + incomingBytes;
  if (total > maxBytes) throw uploadQuotaError(total, maxBytes);
}
