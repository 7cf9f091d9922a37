import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/**
 * One owner per on-disk PGlite folder (docs/decisions/0023-one-owner-per-pglite-folder.md).
 * PGlite is a single-process database: a second process opening the same folder reads a stale
 * copy and can corrupt it. The owner writes `<folder>.lock` (pid, start, command) and removes it
 * on close; whoever finds a lock of a live process refuses, a lock whose process is gone (kill -9)
 * is taken over.
 */
export interface LockOwner {
  pid: number;
  /** /proc start time of the process in clock ticks (Linux): tells a reused pid from the owner. */
  processStart: string | null;
  hostname: string;
  startedAt: string;
  command: string;
  /** Random per lock: a release or takeover only ever removes the lock it read. */
  nonce: string;
}

/** A path as one shell word, so the command in a message can be pasted as it is. */
const shellWord = (text: string) =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly owner: LockOwner,
    readonly lockPath = lockPathOf(folder),
  ) {
    super(
      owner.hostname === os.hostname() ? liveOwnerMessage(folder, owner) : otherHostMessage(lockPath, owner),
    );
    this.name = 'FolderLockedError';
  }
}

function liveOwnerMessage(folder: string, owner: LockOwner) {
  return (
    `The database folder ${folder} is in use by process ${owner.pid} (${owner.command}), started ` +
    `${owner.startedAt}. ` +
    'An embedded PGlite database has one owner: two processes on one folder corrupt it. ' +
    'To change data while the API runs, use the operator commands (pnpm --filter api admin:grant, ' +
    'admin:revoke, seed), which reach the running API through its operator channel; otherwise stop ' +
    `process ${owner.pid} first.`
  );
}

/**
 * A lock written on another host (a shared volume, a container that moved): its pid means nothing
 * here, so the message says whose it is and how to clear it once that host no longer uses it.
 */
function otherHostMessage(lockPath: string, owner: LockOwner) {
  return (
    `The database folder is locked by another host: ${lockPath} was written by process ` +
    `${owner.pid} (${owner.command}) on host "${owner.hostname}" at ${owner.startedAt}. ` +
    `This host ("${os.hostname()}") cannot see that host's processes, so it cannot tell whether ` +
    'that process still runs, and keeps the lock: two processes on one PGlite folder corrupt it. ' +
    `If nothing on "${owner.hostname}" uses the folder any more (that machine or container is gone), ` +
    `clear the lock with: rm ${shellWord(lockPath)}`
  );
}

export interface FolderLock {
  readonly path: string;
  readonly owner: LockOwner;
  release(): void;
}

export const lockPathOf = (folder: string) => `${folder.replace(/\/+$/, '')}.lock`;

/** Locks held by this process: opening a folder twice in one process is refused too. */
const heldHere = new Set<string>();

function processStartOf(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the command name (which may contain spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  // A lock written on another machine (a shared volume) cannot be checked: it stays until someone
  // who can see that machine clears it (FolderLockedError says how).
  if (owner.hostname !== os.hostname()) return true;
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false; // damaged lock
  if (owner.pid === process.pid) return false; // not held here (checked before): a restarted container's pid 1
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // Alive, unless the pid now belongs to another process (pids are reused, especially in containers).
  const start = processStartOf(owner.pid);
  return !(owner.processStart && start && start !== owner.processStart);
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as LockOwner;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Unreadable content cannot name a live owner: written whole (see below), so only damage does this.
    return { pid: 0, processStart: null, hostname: os.hostname(), startedAt: '?', command: '?', nonce: '' };
  }
}

export function acquireFolderLock(folder: string): FolderLock {
  const lockPath = lockPathOf(folder);
  if (heldHere.has(lockPath)) {
    throw new Error(`The database folder ${folder} is already open in this process`);
  }
  const owner: LockOwner = {
    pid: process.pid,
    processStart: processStartOf(process.pid),
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 300) || process.argv0,
    nonce: randomBytes(12).toString('hex'),
  };
  // Written whole to a private file, then hard-linked into place: link() fails if the lock exists
  // (like O_EXCL) and a reader never sees a half-written lock.
  const draft = `${lockPath}.${process.pid}.${owner.nonce}`;
  writeFileSync(draft, `${JSON.stringify(owner)}\n`, { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, lockPath);
        heldHere.add(lockPath);
        return {
          path: lockPath,
          owner,
          release() {
            if (!heldHere.delete(lockPath)) return;
            if (readOwner(lockPath)?.nonce === owner.nonce) unlinkSync(lockPath);
          },
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const current = readOwner(lockPath);
      if (!current) continue; // released meanwhile: try again
      if (isAlive(current)) throw new FolderLockedError(folder, current, lockPath);
      takeOverStale(lockPath, current);
    }
    throw new Error(`Could not take the lock ${lockPath}: it keeps changing hands`);
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Moves a dead owner's lock aside. Two processes may find the same stale lock at once: each moves
 * whatever is at the path to a private name and checks it is the stale lock it read; one that moved
 * a fresh lock instead (the other was quicker) puts it back.
 */
function takeOverStale(lockPath: string, stale: LockOwner) {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = readOwner(aside);
  if (moved && moved.nonce !== stale.nonce) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // Someone else holds the path by now; the loop re-reads it.
    }
  }
  unlinkSync(aside);
}
