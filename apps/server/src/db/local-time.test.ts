import { localTimestamp } from './local-time.ts';

describe('localTimestamp', () => {
  it("writes the spec's stored timestamp in local time, every field padded", () => {
    expect(localTimestamp(new Date(2024, 0, 5, 7, 8, 9, 4))).toBe('2024-01-05 07:08:09.004');
    expect(localTimestamp(new Date(1999, 11, 31, 23, 59, 59, 999))).toBe('1999-12-31 23:59:59.999');
  });
});
