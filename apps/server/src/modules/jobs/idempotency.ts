import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatMessage, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, readIdempotencyKey } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { jobs } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { SqlExecutor } from './boss-db.ts';

/** A submission's idempotency key with the hash of its body. */
export interface Submission {
  key: string;
  hash: string;
}

/** JSON with every object's keys sorted, so one request hashes alike whatever order a client wrote its keys in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The submission named by the request's Idempotency-Key header, or null without one.
 * @throws ApiError 400 idempotencyKeyInvalid for a key that is too short, too long or not printable ASCII
 */
export function submissionOf(headers: Record<string, string | string[] | undefined>, body: unknown): Submission | null {
  const key = readIdempotencyKey(headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
  if (key === null) return null;
  if (key === 'invalid') {
    throw new ApiError(400, 'idempotencyKeyInvalid', IDEMPOTENCY_MESSAGES.idempotencyKeyInvalid, { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_MESSAGES.idempotencyKeyInvalid });
  }
  return { key, hash: createHash('sha256').update(canonicalJson(body)).digest('hex') };
}

function reusedKey(jobId: string): ApiError {
  const message = formatMessage(IDEMPOTENCY_MESSAGES.idempotencyKeyReused, { jobId });
  return new ApiError(422, 'idempotencyKeyReused', message, { [IDEMPOTENCY_KEY_HEADER]: message });
}

/** The id of the job this user's earlier submission with `submission.key` queued, or null. */
function sameRequestOrRefuse(row: { id: string; hash: string | null } | undefined, submission: Submission): string | null {
  if (!row) return null;
  if (row.hash !== submission.hash) throw reusedKey(row.id);
  return row.id;
}

/**
 * The job an earlier submission with this key queued (its repeat gets it back), or null when the key is new.
 * @param execute inside the insert's transaction, its executor (a submission that committed meanwhile is seen there)
 * @throws ApiError 422 idempotencyKeyReused when that submission's body was another
 */
export async function earlierSubmission(ctx: AppContext, userId: string, submission: Submission, execute?: SqlExecutor): Promise<string | null> {
  if (execute) {
    const { rows } = await execute('SELECT id, request_hash AS hash FROM jobs WHERE user_id = $1 AND idempotency_key = $2', [userId, submission.key]);
    return sameRequestOrRefuse(rows[0] as { id: string; hash: string | null } | undefined, submission);
  }
  const [row] = await ctx.database.db
    .select({ id: jobs.id, hash: jobs.requestHash })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.idempotencyKey, submission.key)))
    .limit(1);
  return sameRequestOrRefuse(row, submission);
}
