import { apiErrorSchema, errorKindForStatus } from '@indicata/contracts';

/** A failed API call: the HTTP status (0 when the server could not be reached) and the server's error body. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** Seconds the server asked us to wait (Retry-After), when it said so. */
  readonly retryAfterSeconds?: number;

  constructor(init: { status: number; code: string; message: string; fields?: Record<string, string>; retryAfterSeconds?: number }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** Builds an ApiRequestError from a parsed body (or null) and the response's status and headers. */
export function toApiRequestError(status: number, body: unknown, retryAfterHeader: string | null): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(body);
  const retryAfter = retryAfterHeader !== null ? Number(retryAfterHeader) : NaN;
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
  if (parsed.success) {
    return new ApiRequestError({ status, ...parsed.data.error, retryAfterSeconds });
  }
  // No body of ours: the answer came from something in front of the server.
  return new ApiRequestError({ status, code: errorKindForStatus(status, 'elsewhere'), message: `Request failed (HTTP ${status}).`, retryAfterSeconds });
}

export function networkError(cause: unknown): ApiRequestError {
  const error = new ApiRequestError({ status: 0, code: 'network', message: 'The server cannot be reached.' });
  (error as { cause?: unknown }).cause = cause;
  return error;
}
