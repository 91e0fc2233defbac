import { LIMITS } from '@indicata/contracts';

/** How long and how hard to retry one operation (spec section 9). */
export interface RetryPolicy {
  /** Give up once this much time has passed since the first attempt. */
  budgetMs: number;
  /** Wait before the first retry; doubled after each failure. */
  baseDelayMs: number;
  /** The doubling stops at baseDelayMs times this factor. */
  maxBackoffFactor: number;
}

export const OPERATION_RETRY: RetryPolicy = {
  budgetMs: LIMITS.retry.operationMs,
  baseDelayMs: 1000,
  maxBackoffFactor: LIMITS.retry.maxBackoffFactor,
};

export const UPLOAD_RETRY: RetryPolicy = { ...OPERATION_RETRY, budgetMs: LIMITS.retry.uploadMs };

/** 5xx, 408 and 429 may succeed later; other statuses will not. Status 0 is a network failure. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status >= 500 || (LIMITS.retry.retryableStatuses as readonly number[]).includes(status);
}

/**
 * The wait before retry number `attempt` (0 for the first retry): base x 2^attempt, capped at
 * base x maxBackoffFactor, plus up to one base delay of jitter so many clients do not retry in step.
 */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const factor = Math.min(2 ** attempt, policy.maxBackoffFactor);
  return policy.baseDelayMs * factor + Math.floor(random() * policy.baseDelayMs);
}

export interface RetryOptions {
  policy: RetryPolicy;
  /** Whether this failure is worth another attempt. */
  isRetryable: (error: unknown) => boolean;
  /** A server-requested wait (Retry-After), honoured when longer than the backoff. */
  retryAfterMs?: (error: unknown) => number | undefined;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `operation` until it succeeds, fails with a non-retryable error, or the next wait would pass
 * the policy's budget; then the last error is thrown.
 */
export async function withRetry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  const started = now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (options.signal?.aborted || !options.isRetryable(error)) throw error;
      const delay = Math.max(backoffDelayMs(attempt, options.policy, options.random), options.retryAfterMs?.(error) ?? 0);
      if (now() - started + delay > options.policy.budgetMs) throw error;
      await wait(delay, options.signal);
    }
  }
}
