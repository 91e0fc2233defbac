import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Room a memory file system must have free to take the tests' data dirs (each PGlite database is about 40 MB). */
const MIN_FREE_BYTES = 2 * 1024 ** 3;

let root: string | undefined;

/**
 * The folder for the tests' data dirs (PGlite databases, uploads, a server's DATA_DIR): /dev/shm, a memory file
 * system, when it has room, else the OS temp dir. A test database starts as a copy of the ~40 MB template: on a
 * disk that copy cost about 0.3-1.1 CPU-s (mostly the kernel's), in memory about 0.08.
 */
export function testTempRoot(): string {
  root ??= (() => {
    try {
      const stats = fs.statfsSync('/dev/shm');
      if (stats.bavail * stats.bsize >= MIN_FREE_BYTES) {
        fs.accessSync('/dev/shm', fs.constants.W_OK);
        return '/dev/shm';
      }
    } catch {
      // No /dev/shm (not Linux), or not writable.
    }
    return os.tmpdir();
  })();
  return root;
}

/** A new empty folder under testTempRoot(), named `<prefix>XXXXXX`. */
export function makeTestTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(testTempRoot(), prefix));
}
