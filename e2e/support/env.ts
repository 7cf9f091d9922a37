import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const offset = Number(process.env.SB_PORT_OFFSET ?? 100);
const port = (name: string, base: number) => Number(process.env[name] ?? base + offset);

export interface DemoAccount {
  role: 'admin' | 'seller' | 'buyer';
  name: string;
  email: string;
  password: string;
}

/** Where the stack under test lives: the same port layout as web-server/src/ports.ts, offset 100 by default. */
export const e2eEnv = {
  repoRoot,
  offset,
  dataDir: process.env.DATA_DIR ?? path.join(repoRoot, '.data-test', 'e2e'),
  ports: {
    host: port('HOST_PORT', 3000),
    catalog: port('CATALOG_PORT', 3001),
    dashboard: port('DASHBOARD_PORT', 3002),
    checkout: port('CHECKOUT_PORT', 3003),
    api: port('API_PORT', 4000),
    authEmulator: port('AUTH_EMULATOR_PORT', 9099),
  },
  get apiUrl() {
    return `http://localhost:${this.ports.api}/api/v1`;
  },
  get emulatorUrl() {
    return `http://127.0.0.1:${this.ports.authEmulator}`;
  },
};

export function demoAccount(role: DemoAccount['role']): DemoAccount {
  const accounts = JSON.parse(
    readFileSync(path.join(repoRoot, 'api', 'src', 'seed', 'demo-accounts.json'), 'utf8'),
  ) as DemoAccount[];
  const account = accounts.find((a) => a.role === role);
  if (!account) throw new Error(`No demo ${role} in demo-accounts.json`);
  return account;
}

/** A fresh e-mail per test run, so journeys never trip over each other's accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}
