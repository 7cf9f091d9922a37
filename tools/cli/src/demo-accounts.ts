// The demo accounts the seed creates (api/src/seed/demo-accounts.json): what `npm start` prints,
// and who the bench and the end-to-end tests sign in as.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from 'web-server/runtime-config';

export interface DemoAccount {
  role: 'admin' | 'seller' | 'buyer';
  name: string;
  email: string;
  password: string;
}

export const DEMO_ACCOUNTS_FILE = path.join(repoRoot, 'api', 'src', 'seed', 'demo-accounts.json');

export function demoAccounts(): DemoAccount[] {
  return JSON.parse(readFileSync(DEMO_ACCOUNTS_FILE, 'utf8')) as DemoAccount[];
}

export function demoAccount(role: DemoAccount['role']): DemoAccount {
  const account = demoAccounts().find((a) => a.role === role);
  if (!account) throw new Error(`No demo ${role} in demo-accounts.json`);
  return account;
}
