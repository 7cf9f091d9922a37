import os from 'node:os';
import path from 'node:path';

export const emulatorPort = () => Number(process.env.AUTH_EMULATOR_PORT ?? 9199);
export const emulatorHost = () => `127.0.0.1:${emulatorPort()}`;
/**
 * Shared between files and runs: the generated seed images are deterministic and uploads are
 * content-addressed, so nothing in it depends on which test wrote it.
 */
export const testDataDir = () => path.join(os.tmpdir(), 'sb-api-test-data');
