import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp } from 'firebase-admin/app';
import type { TestProject } from 'vitest/node';
import { isEmulatorUp, startAuthEmulator } from 'cli/auth-emulator';
import { firebaseAuth } from '../auth/firebase';
import { createDatabase } from '../db/index';
import { seedIfEmpty } from '../seed/seed';
import { emulatorHost, emulatorPort, testDataDir } from './env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite database (tarball path) each test file starts from; null on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

/**
 * Opening PGlite runs initdb; migrating and seeding (with 28 rendered images) costs more. Done once
 * here, each test file then loads a copy of the result in well under a second.
 */
async function buildPgliteTemplate(): Promise<string> {
  const dataDir = testDataDir();
  mkdirSync(dataDir, { recursive: true });
  const database = await createDatabase({ databaseUrl: 'memory://' });
  try {
    await database.migrate();
    const auth = firebaseAuth({
      firebaseProjectId: 'demo-secondbyte',
      firebaseAuthEmulatorHost: emulatorHost(),
    });
    await seedIfEmpty({ db: database.db, auth });
    await deleteApp(auth.app); // its keep-alive sockets would hold the main process open
    const blob = await database.dump!();
    const file = path.join(dataDir, `pglite-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function killProcessGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  child.stdout?.destroy();
  child.stderr?.destroy();
}

/** Starts the Auth Emulator for the API tests unless one already answers on the port. */
export default async function setup(project: TestProject) {
  const port = emulatorPort();
  let stop = async () => {};
  if (!(await isEmulatorUp(port))) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-api-emulator-'));
    const child = await startAuthEmulator({ port, dataDir, persist: false });
    stop = async () => {
      // Nothing to export (persist: false), so no graceful SIGINT shutdown, which can outlast
      // vitest's teardown timeout: end the emulator's whole process group at once.
      await killProcessGroup(child);
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const template = process.env.TEST_DATABASE_URL ? null : await buildPgliteTemplate();
  project.provide('pgliteTemplate', template);
  return async () => {
    if (template) rmSync(template, { force: true });
    await stop();
  };
}
