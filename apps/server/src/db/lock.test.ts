import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './lock.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-lock-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('acquireDataDirLock', () => {
  it('writes our pid, refuses a second holder with the actionable message, and releases', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `Another Indicata process (pid ${process.pid}) is using DATA_DIR=${path.resolve(dataDir)}; stop it or choose another DATA_DIR.`,
    );
    lock.release();
    lock.release();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dataDir).release();
  });

  it('takes over a stale lock whose process is gone', () => {
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an old, unreadable lock file', () => {
    const file = path.join(dataDir, LOCK_FILE_NAME);
    fs.writeFileSync(file, 'garbage');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    acquireDataDirLock(dataDir).release();
  });

  it('creates a missing DATA_DIR', () => {
    const nested = path.join(dataDir, 'a', 'b');
    acquireDataDirLock(nested).release();
    expect(fs.statSync(nested).isDirectory()).toBe(true);
  });
});
