import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireFolderLock, FolderLockedError, lockPathOf, type LockOwner } from './folder-lock';
import { createDatabase } from './index';

const root = mkdtempSync(path.join(os.tmpdir(), 'sb-folder-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshFolder = () => path.join(root, `pglite-${++n}`);

/** A real other process: `sleep`, alive until killed. */
function otherProcess() {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid!,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

const lockOf = (pid: number, overrides: Partial<LockOwner> = {}): LockOwner => ({
  pid,
  processStart: null,
  hostname: os.hostname(),
  startedAt: '2026-01-01T00:00:00.000Z',
  command: 'node dist/server.js',
  nonce: `nonce-${pid}`,
  ...overrides,
});
const writeLock = (folder: string, owner: LockOwner) =>
  writeFileSync(lockPathOf(folder), JSON.stringify(owner));

describe('the on-disk PGlite folder lock', () => {
  it('is written on open with pid and command, refused a second time, and removed on release', () => {
    const folder = freshFolder();
    const lock = acquireFolderLock(folder);
    const written = JSON.parse(readFileSync(lockPathOf(folder), 'utf8')) as LockOwner;
    expect(written).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(written.command.length).toBeGreaterThan(0);
    expect(() => acquireFolderLock(folder)).toThrow('is already open in this process');
    lock.release();
    expect(existsSync(lockPathOf(folder))).toBe(false);
    acquireFolderLock(folder).release();
  });

  it('refuses while another live process owns the folder, naming it and what to do instead', async () => {
    const folder = freshFolder();
    const other = otherProcess();
    try {
      writeLock(folder, lockOf(other.pid));
      let error: unknown;
      try {
        acquireFolderLock(folder);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(FolderLockedError);
      const message = (error as Error).message;
      expect(message).toContain(`in use by process ${other.pid} (node dist/server.js)`);
      expect(message).toContain('use the operator commands (pnpm --filter api admin:grant');
      expect(message).toContain(`otherwise stop process ${other.pid} first`);
      // The owner's lock is untouched.
      expect(JSON.parse(readFileSync(lockPathOf(folder), 'utf8'))).toMatchObject({ pid: other.pid });
      // createDatabase refuses the same way, before PGlite touches the folder.
      await expect(createDatabase({ databaseUrl: folder })).rejects.toBeInstanceOf(FolderLockedError);
    } finally {
      await other.kill();
    }
  });

  it('takes over the lock of a process that died without releasing it (kill -9)', async () => {
    const folder = freshFolder();
    const other = otherProcess();
    writeLock(folder, lockOf(other.pid));
    await other.kill();
    const lock = acquireFolderLock(folder);
    expect(JSON.parse(readFileSync(lockPathOf(folder), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse after a restart)', async () => {
    const folder = freshFolder();
    const other = otherProcess();
    try {
      writeLock(folder, lockOf(other.pid, { processStart: '1' }));
      const lock = acquireFolderLock(folder);
      expect(lock.owner.pid).toBe(process.pid);
      lock.release();
    } finally {
      await other.kill();
    }
  });

  it('keeps a lock written on another host, says whose it is and when, and names the command that clears it', () => {
    // A folder whose name needs quoting in a shell, as a shared volume's path may.
    const folder = path.join(root, `shared volume's pglite-${++n}`);
    writeLock(folder, lockOf(4242, { hostname: 'api-old-container', startedAt: '2026-03-04T05:06:07.000Z' }));
    let error: unknown;
    try {
      acquireFolderLock(folder);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(FolderLockedError);
    const message = (error as Error).message;
    expect(message).toContain(
      `${lockPathOf(folder)} was written by process 4242 (node dist/server.js) on host "api-old-container" at 2026-03-04T05:06:07.000Z`,
    );
    expect(message).toContain(`This host ("${os.hostname()}") cannot see that host's processes`);
    // Refused, not taken over: the lock is still there.
    expect(JSON.parse(readFileSync(lockPathOf(folder), 'utf8'))).toMatchObject({
      hostname: 'api-old-container',
    });
    // The command the message names, run as written, clears it; then the folder opens.
    const command = message.slice(message.indexOf('clear the lock with: ') + 'clear the lock with: '.length);
    expect(command.startsWith('rm ')).toBe(true);
    execSync(command, { shell: '/bin/sh' });
    acquireFolderLock(folder).release();
  });

  it('takes over a damaged lock file', () => {
    const folder = freshFolder();
    writeFileSync(lockPathOf(folder), '{"pid": 12');
    acquireFolderLock(folder).release();
  });

  it('is held by createDatabase for an on-disk folder until close; memory:// takes none', async () => {
    const folder = freshFolder();
    const database = await createDatabase({ databaseUrl: folder });
    expect(existsSync(lockPathOf(folder))).toBe(true);
    await expect(createDatabase({ databaseUrl: folder })).rejects.toThrow('already open in this process');
    await database.close();
    expect(existsSync(lockPathOf(folder))).toBe(false);
    const memory = await createDatabase({ databaseUrl: 'memory://' });
    expect(memory.folderLock).toBeUndefined();
    await memory.close();
  }, 300_000);
});
