import fs from 'node:fs';

/**
 * Where the logger writes: synchronous writes to a file descriptor (lines stay in order and are not lost
 * when the process exits) that can never hold the process up. pino's default destination (sonic-boom)
 * retries a full pipe forever and, in its exit-time flush, also a closed one (EPIPE): a server whose
 * output reader had gone closed its port and then spun in Atomics.wait for ever, so the 10 s shutdown
 * timer could not fire. Here:
 * - a closed pipe or socket (EPIPE, or any error but EAGAIN) turns the destination off: later lines are dropped;
 * - a full pipe (EAGAIN) is retried for up to `stallMs` (default 2 s), then the line is dropped and the
 *   destination is "stalled": it tries each later line once until a write goes through again;
 * - once `shuttingDown()` is called, a full pipe is given no wait at all.
 * Logging may be lost in these cases; an exit may not be.
 */
export interface LogDestination {
  write(line: string): void;
  /** From now on never wait for a full pipe (called when shutdown starts). */
  shuttingDown(): void;
  /** Lines dropped so far (closed or stuck output). */
  readonly dropped: number;
}

const pause = new Int32Array(new SharedArrayBuffer(4));
function sleep(ms: number): void {
  Atomics.wait(pause, 0, 0, ms);
}

export function createLogDestination(fd = 1, { stallMs = 2_000 } = {}): LogDestination {
  let closed = false;
  let stalled = false;
  let noWait = false;
  let dropped = 0;
  return {
    get dropped() {
      return dropped;
    },
    shuttingDown() {
      noWait = true;
    },
    write(line: string) {
      if (closed) {
        dropped++;
        return;
      }
      let buffer = Buffer.from(line, 'utf8');
      const deadline = Date.now() + (noWait || stalled ? 0 : stallMs);
      while (buffer.length > 0) {
        try {
          const written = fs.writeSync(fd, buffer);
          buffer = buffer.subarray(written);
          stalled = false;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'EAGAIN' && code !== 'EBUSY') {
            closed = true;
            dropped++;
            return;
          }
          if (Date.now() >= deadline) {
            stalled = true;
            dropped++;
            return;
          }
          sleep(10);
        }
      }
    },
  };
}
