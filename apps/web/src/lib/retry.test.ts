import { describe, expect, it } from 'vitest';
import { backoffDelayMs, isRetryableStatus, OPERATION_RETRY, UPLOAD_RETRY, withRetry } from './retry.ts';

describe('retry policy', () => {
  it('uses the spec budgets: 120 s per operation, 600 s per upload', () => {
    expect(OPERATION_RETRY.budgetMs).toBe(120_000);
    expect(UPLOAD_RETRY.budgetMs).toBe(600_000);
  });

  it('retries 5xx, 408, 429 and network failures only', () => {
    expect([500, 502, 503, 504, 408, 429, 0].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413].some(isRetryableStatus)).toBe(false);
  });

  it('doubles the wait up to 64 times the base, plus under a second of jitter', () => {
    const noJitter = () => 0;
    const delays = Array.from({ length: 9 }, (_, attempt) => backoffDelayMs(attempt, OPERATION_RETRY, noJitter));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 64000, 64000]);
    expect(backoffDelayMs(0, OPERATION_RETRY, () => 0.999)).toBeLessThan(2000);
  });

  it('stops when the next wait would pass the budget and throws the last error', async () => {
    let clock = 0;
    const waits: number[] = [];
    let calls = 0;
    const failure = new Error('still down');
    await expect(
      withRetry(
        async () => {
          calls++;
          throw failure;
        },
        {
          policy: OPERATION_RETRY,
          isRetryable: () => true,
          random: () => 0,
          now: () => clock,
          sleep: async (ms) => {
            waits.push(ms);
            clock += ms;
          },
        },
      ),
    ).rejects.toBe(failure);
    // 1+2+4+8+16+32 = 63 s; the next 64 s wait would end at 127 s > 120 s.
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000]);
    expect(calls).toBe(7);
  });

  it('honours a longer Retry-After and does not retry what is not retryable', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 2) throw new Error('busy');
        return 'ok';
      },
      { policy: OPERATION_RETRY, isRetryable: () => true, retryAfterMs: () => 5000, random: () => 0, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([5000]);

    let plainCalls = 0;
    await expect(
      withRetry(async () => {
        plainCalls++;
        throw new Error('bad request');
      }, { policy: OPERATION_RETRY, isRetryable: () => false }),
    ).rejects.toThrow('bad request');
    expect(plainCalls).toBe(1);
  });
});
