import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per embedded database folder. PGlite keeps its pages in the process: a second
 * process on the same folder neither sees the first's writes nor is seen, and the two overwrite
 * each other's files (acknowledged writes were lost that way). So the folder gets a lock file,
 * created with O_EXCL (open "wx": the kernel refuses it when it exists), holding who owns it.
 * A lock left by a process that died (SIGKILL, power loss) is taken over only when that process is
 * known to be gone: same host and no such pid, or a pid since reused by another process (Linux:
 * another start time in /proc). A lock from another host is never taken over.
 */
export const LOCK_FILE = 'pravesh.lock';

interface LockOwner {
  pid: number;
  hostname: string;
  /** When the owner took the lock (ISO 8601). */
  since: string;
  /** The owner's command line, for the refusal message. */
  command: string;
  /** The owner's start time in clock ticks after boot (Linux /proc/<pid>/stat), to spot a reused pid. */
  startTicks?: number | undefined;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still this process's (idempotent). */
  release(): void;
}

/** The process's start time after boot in clock ticks (field 22 of /proc/<pid>/stat), where known. */
function startTicksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const ticks = startTicksOf(owner.pid);
  return owner.startTicks === undefined || ticks === undefined || ticks === owner.startTicks;
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return undefined;
    return {
      pid: parsed.pid,
      hostname: parsed.hostname,
      since: String(parsed.since ?? 'an unknown time'),
      command: String(parsed.command ?? 'unknown command'),
      startTicks: typeof parsed.startTicks === 'number' ? parsed.startTicks : undefined,
    };
  } catch {
    return undefined;
  }
}

/** True when the file could be created (it did not exist); writes `content` into it. */
function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readTextOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function removeIfSame(file: string, content: string): void {
  try {
    if (readFileSync(file, 'utf8') === content) unlinkSync(file);
  } catch {
    // Already gone.
  }
}

function refusal(dataDir: string, owner: LockOwner | undefined): DataDirLockedError {
  if (!owner) {
    return new DataDirLockedError(
      `the embedded database at ${dataDir} is locked by ${LOCK_FILE}, which names no owner (a process ` +
        `may be taking it right now); if no server or command uses this folder, remove the file`,
    );
  }
  const sameHost = owner.hostname === os.hostname();
  return new DataDirLockedError(
    `the embedded database at ${dataDir} is in use by pid ${owner.pid} (${owner.command}) on ` +
      `${sameHost ? 'this host' : `host ${owner.hostname}`} since ${owner.since}: one process at a time may ` +
      `open it (stop that one, or set PRAVESH_DATA_DIR to another folder${
        sameHost ? '' : `; if that host's process is gone, remove ${path.join(dataDir, LOCK_FILE)}`
      })`,
  );
}

/**
 * Takes the folder's lock or throws DataDirLockedError naming its holder. The lock is released by
 * release() and, should the process exit without it, by an exit handler.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    since: new Date().toISOString(),
    command: process.argv.map((part) => path.basename(part)).join(' '),
    startTicks: startTicksOf(process.pid),
  };
  const content = `${JSON.stringify(mine)}\n`;
  if (!createExclusive(file, content)) {
    const owner = readOwner(file);
    if (!owner || owner.hostname !== os.hostname() || isAlive(owner)) throw refusal(dataDir, owner);
    takeOver(file, content, owner, dataDir);
  }
  const release = (): void => {
    process.off('exit', release);
    removeIfSame(file, content);
  };
  process.on('exit', release);
  return { path: file, release };
}

/**
 * Replaces a dead owner's lock. Two processes may find the same dead lock at once: a second O_EXCL
 * file serialises them, and the lock is read again under it, so only one of them takes it.
 */
function takeOver(file: string, content: string, dead: LockOwner, dataDir: string): void {
  const guard = `${file}.takeover`;
  if (!createExclusive(guard, content)) {
    const taker = readOwner(guard);
    // A taker that died mid-takeover leaves its guard: clear it and let the next start try again.
    if (taker && taker.hostname === os.hostname() && !isAlive(taker)) removeIfSame(guard, readTextOrEmpty(guard));
    throw refusal(dataDir, taker ?? dead);
  }
  try {
    const current = readOwner(file);
    if (current && (current.pid !== dead.pid || current.since !== dead.since)) throw refusal(dataDir, current);
    unlinkSync(file);
    if (!createExclusive(file, content)) throw refusal(dataDir, readOwner(file));
  } finally {
    removeIfSame(guard, content);
  }
}
