import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A lock older than this is left over by a process that died while holding it. */
const STALE_LOCK_MS = 2 * 60 * 1000;
const WAIT_LIMIT_MS = 5 * 60 * 1000;

/**
 * Runs fn while holding `${dir}/.lock`, a directory created with mkdir (atomic: exactly one process
 * succeeds, on every file system, NFS included). Instances starting together on one data folder take
 * turns: the first creates the files, the next ones find and read them — everyone ends up with the
 * same keys and certificate.
 */
export async function withDirLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lock = path.join(dir, '.lock');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > WAIT_LIMIT_MS) throw new Error(`${lock} held for too long; remove it if no instance is starting`);
      await sleep(50 + Math.random() * 50);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Writes a whole file or nothing: a temporary file beside it, renamed over it (readers never see half). */
export function writeFileAtomic(file: string, content: string, mode = 0o600): void {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content, { mode });
  renameSync(temp, file);
}
