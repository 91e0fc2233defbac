import { describe, expect, it } from 'vitest';
import { errorKindForStatus } from './messages.ts';

describe('the error kind of an HTTP status', () => {
  it('is the same for the server that answers and the client that reads', () => {
    expect([401, 403, 404, 409, 413, 429, 400, 422].map((status) => errorKindForStatus(status))).toEqual([
      'unauthenticated',
      'permission_denied',
      'not_found',
      'conflict',
      'too_big',
      'rate_limited',
      'invalid_argument',
      'invalid_argument',
    ]);
    expect(errorKindForStatus(503)).toBe('unavailable');
  });

  it("reads a 5xx without our body as the service being away, and our own 500 as the server's fault", () => {
    expect(errorKindForStatus(500)).toBe('internal');
    expect(errorKindForStatus(502, 'elsewhere')).toBe('unavailable');
    expect(errorKindForStatus(500, 'elsewhere')).toBe('unavailable');
  });
});
