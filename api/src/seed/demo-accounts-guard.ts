import { and, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/index';
import { users } from '../db/schema/index';
import { loadDemoAccounts } from './seed';

/**
 * The demo accounts' passwords are published (README, demo-accounts.json). In production they are
 * neither seeded nor tolerated in the database unless SEED_DEMO_ACCOUNTS=1 asks for them: a
 * database copied from a trial would otherwise start with a known admin e-mail, and whoever
 * registers that e-mail keeps its role (docs/decisions/0028-secure-by-default.md).
 */
export async function refuseDemoAccountsInProduction(
  db: Database,
  config: Pick<Config, 'env' | 'seedDemoAccounts'>,
): Promise<void> {
  if (config.env !== 'production' || config.seedDemoAccounts) return;
  const emails = loadDemoAccounts().map((account) => account.email);
  const found = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), isNull(users.deletedAt)));
  if (found.length === 0) return;
  throw new Error(
    `Refusing to start in production (NODE_ENV=production): the database holds the demo accounts ${found
      .map((row) => row.email)
      .sort()
      .join(
        ', ',
      )}, whose passwords are published. Delete them (as an admin, or in the users table), or set SEED_DEMO_ACCOUNTS=1 to run with demo accounts.`,
  );
}
