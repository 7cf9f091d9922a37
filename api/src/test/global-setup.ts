import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM helper shared with the start and test scripts, no type declarations
import { isEmulatorUp, startAuthEmulator, stopAuthEmulator } from '../../../scripts/auth-emulator.mjs';
import { emulatorPort } from './env';

/** Starts the Auth Emulator for the API tests unless one already answers on the port. */
export default async function setup() {
  const port = emulatorPort();
  if (await isEmulatorUp(port)) return undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-api-emulator-'));
  const child = await startAuthEmulator({ port, dataDir, persist: false });
  return async () => {
    await stopAuthEmulator(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
