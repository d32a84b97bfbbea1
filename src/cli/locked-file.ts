// One writer at a time for a small file that several infra processes may change at once
// (`auth login` in one terminal, `config set` in another): a lock file beside it, created
// with O_EXCL, and the new content written to a temporary file renamed over the old one, so
// a reader sees the old file or the new one, never a part, and no writer's change is lost.
// Synchronous on purpose: the whole read-modify-write takes well under a millisecond, and a
// synchronous section cannot be interleaved with anything else in this process.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';

/** How long a writer waits for another before giving up with a sentence. */
const WAIT_LIMIT_MS = 10_000;
/** A lock older than this is taken to be left by a writer on another machine or a reused pid. */
const STALE_AFTER_MS = 30_000;

export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
  constructor(
    readonly lockFile: string,
    readonly holder: string,
  ) {
    super(`another infra process (${holder}) has been writing ${lockFile} for ${WAIT_LIMIT_MS / 1000} s`);
  }
}

/** Blocks the thread for `ms` (no event loop turn: the section stays synchronous). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function holderAlive(content: string): boolean {
  const pid = Number(content.split('\n')[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes `lockFile` when its holder is gone (killed mid-write: SIGKILL leaves no chance to
 * clean up). The content is read again right before the removal, so a lock that a faster
 * process has just taken over is left alone.
 */
function removeIfStale(lockFile: string, now: number): boolean {
  let content: string;
  let age: number;
  try {
    content = readFileSync(lockFile, 'utf8');
    age = now - statSync(lockFile).mtimeMs;
  } catch {
    return true; // gone already: try again
  }
  // Being written this very moment (created, pid not yet in it): give it time.
  if (content === '' && age < 1_000) return false;
  if (holderAlive(content) && age < STALE_AFTER_MS) return false;
  try {
    if (readFileSync(lockFile, 'utf8') !== content) return false;
    unlinkSync(lockFile);
  } catch {
    // removed by another waiter: fine
  }
  return true;
}

/** Runs `fn` holding `<file>.lock`; errors creating the lock (read-only directory) are thrown as they are. */
export function withFileLock<T>(file: string, fn: () => T, now: () => number = Date.now): T {
  const lockFile = `${file}.lock`;
  const started = now();
  let delay = 2;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(lockFile, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (removeIfStale(lockFile, now())) continue;
      if (now() - started > WAIT_LIMIT_MS) {
        let holder = 'unknown';
        try {
          holder = `pid ${readFileSync(lockFile, 'utf8').split('\n')[0]}`;
        } catch {
          // gone meanwhile
        }
        throw new LockTimeoutError(lockFile, holder);
      }
      // A little randomness, so waiters that collided do not retry in lock-step.
      pause(delay + Math.floor(Math.random() * delay));
      delay = Math.min(delay * 2, 50);
    }
  }
  try {
    writeSync(fd, `${process.pid}\n${new Date(now()).toISOString()}\n`);
    return fn();
  } finally {
    closeSync(fd);
    rmSync(lockFile, { force: true });
  }
}

/** Writes `text` to `file` (mode 0600) through a temporary file renamed over it. */
export function writeFileAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    const fd = openSync(tmp, 'wx', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
