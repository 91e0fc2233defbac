import { eq, sql } from 'drizzle-orm';
import { QUOTA_MESSAGES, formatBytes, formatMessage } from '@indicata/contracts';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * Refuses an upload that would take the user's stored uploads past QUOTA_UPLOAD_BYTES (413, issue 13 finding 10).
 * @param incomingBytes size of the file being uploaded
 */
export async function checkUploadQuota(db: Db, userId: string, incomingBytes: number, maxBytes: number): Promise<void> {
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${uploads.bytes}), 0)::float8` }).from(uploads).where(eq(uploads.userId, userId));
  const total = (row?.total ?? 0) + incomingBytes;
  if (total > maxBytes) {
    throw new ApiError(413, 'uploadQuotaExceeded', formatMessage(QUOTA_MESSAGES.uploadQuotaExceeded, { total: formatBytes(total), max: formatBytes(maxBytes) }));
  }
}
