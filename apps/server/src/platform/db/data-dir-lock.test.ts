/** The data-dir lock: exclusive, names the holder, takes over a dead holder's lock, releases only its own. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradehall-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('data directory lock', () => {
  it('creates the directory and a lock file holding our pid, removed on release', () => {
    const dir = path.join(freshDir(), 'nested', 'data');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a directory held by a live process, naming the directory and the pid', () => {
    const dir = freshDir();
    const holder = process.ppid;
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${holder}\n`);
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toBe(
      `Data directory ${dir} is in use by another Tradehall process (pid ${holder}). ` +
        'Stop that process, or set DATA_DIR to another directory.',
    );
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(holder));
  });

  it('takes over a stale lock whose process is gone, or that is unreadable', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    writeFileSync(path.join(dir, LOCK_FILE_NAME), 'garbage');
    acquireDataDirLock(dir).release();
  });

  it('does not delete a lock that someone else holds by now', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.ppid));
  });
});
