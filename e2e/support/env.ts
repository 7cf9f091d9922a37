import path from 'node:path';
import { PORT_OFFSETS, resolvePorts } from 'web-server/ports';
import { repoRoot } from 'web-server/runtime-config';

export { demoAccount, type DemoAccount } from 'cli/demo-accounts';

// The tests' offset unless SB_PORT_OFFSET says otherwise; the ports themselves are web-server/src/ports.ts's.
const portEnv = { ...process.env, SB_PORT_OFFSET: process.env.SB_PORT_OFFSET ?? String(PORT_OFFSETS.test) };
const offset = Number(portEnv.SB_PORT_OFFSET);

/** Where the stack under test lives. */
export const e2eEnv = {
  repoRoot,
  offset,
  dataDir: process.env.DATA_DIR ?? path.join(repoRoot, '.data-test', 'e2e'),
  ports: resolvePorts(portEnv),
  get apiUrl() {
    return `http://localhost:${this.ports.api}/api/v1`;
  },
  get emulatorUrl() {
    return `http://127.0.0.1:${this.ports.authEmulator}`;
  },
};

/** A fresh e-mail per test run, so journeys never trip over each other's accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}
