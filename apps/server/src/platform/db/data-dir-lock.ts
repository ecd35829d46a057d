/**
 * The embedded database is one process's private files: two servers on the same DATA_DIR would corrupt
 * it. A lock file created with O_EXCL holds our pid; a second process finds it and stops with a clear
 * message. A lock left by a process that no longer exists (a crash, a kill -9) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = '.tradehall.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';

  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Data directory ${dataDir} is in use by another Tradehall process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another directory.',
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string, pid: number = process.pid): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx', 0o644);
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
      return lockFor(lockPath, pid);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(lockPath);
      if (holder !== null && holder !== pid && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      // Stale (dead holder, or unreadable because its writer died mid-write): remove it and retry.
      try {
        unlinkSync(lockPath);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  const holder = readPid(lockPath) ?? 0;
  throw new DataDirLockedError(dataDir, holder);
}

function lockFor(lockPath: string, pid: number): DataDirLock {
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      // Only remove the file if it is still ours.
      if (readPid(lockPath) === pid) {
        try {
          unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      }
    },
  };
}
