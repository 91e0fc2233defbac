import fs from 'node:fs';
import path from 'node:path';

/** The embedded database has one owner: a second process on the same DATA_DIR gets this error. */
export class DataDirLockedError extends Error {
  constructor(
    public readonly pid: number,
    public readonly dataDir: string,
  ) {
    super(`Another Indicata process (pid ${pid}) is using DATA_DIR=${dataDir}; stop it or choose another DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

export const LOCK_FILE_NAME = 'indicata.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the exclusive lock file DATA_DIR/indicata.lock holding this process's pid.
 * A lock whose pid is no longer running (a crash, a kill -9) is taken over.
 * @param dataDir the data directory (created if missing)
 * @throws DataDirLockedError when a live process holds the lock
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const absolute = path.resolve(dataDir);
  fs.mkdirSync(absolute, { recursive: true });
  const file = path.join(absolute, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      return makeLock(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(file);
    if (holder !== undefined && isAlive(holder)) throw new DataDirLockedError(holder, absolute);
    // Stale (dead pid) or half-written: remove it only if it still holds what we read, then retry the exclusive create.
    if (holder === undefined) {
      const ageMs = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      // A file being written by a process that just created it is young; give it a moment.
      if (ageMs < 1000) {
        sleepSync(100);
        continue;
      }
    }
    if (readPid(file) === holder) fs.rmSync(file, { force: true });
  }
  const holder = readPid(file) ?? 0;
  throw new DataDirLockedError(holder, absolute);
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function makeLock(file: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
  // Last resort for exits that skip the graceful shutdown (process.exit in a handler).
  process.on('exit', release);
  return { file, release };
}
