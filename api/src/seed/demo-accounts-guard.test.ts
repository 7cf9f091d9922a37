import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { startTestApp, type TestContext } from '../test/harness';
import { refuseDemoAccountsInProduction } from './demo-accounts-guard';
import { loadDemoAccounts } from './seed';

// A database seeded with the demo accounts (as every test database is), checked as production would.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('demo accounts in production', () => {
  it('refuses to start while the database holds them, naming each and SEED_DEMO_ACCOUNTS=1', async () => {
    const refusal = refuseDemoAccountsInProduction(ctx.database.db, {
      env: 'production',
      seedDemoAccounts: false,
    });
    await expect(refusal).rejects.toThrow(/^Refusing to start in production \(NODE_ENV=production\)/);
    await expect(refusal).rejects.toThrow(
      'the database holds the demo accounts admin@secondbyte.test, buyer@secondbyte.test, seller@secondbyte.test, whose passwords are published',
    );
    await expect(refusal).rejects.toThrow(/set SEED_DEMO_ACCOUNTS=1 to run with demo accounts/);
  });

  it('starts with them when SEED_DEMO_ACCOUNTS=1 asked for them, and outside production', async () => {
    await expect(
      refuseDemoAccountsInProduction(ctx.database.db, { env: 'production', seedDemoAccounts: true }),
    ).resolves.toBeUndefined();
    await expect(
      refuseDemoAccountsInProduction(ctx.database.db, { env: 'development', seedDemoAccounts: false }),
    ).resolves.toBeUndefined();
  });

  it('starts once they are deleted (soft delete counts)', async () => {
    for (const account of loadDemoAccounts()) {
      await ctx.database.db
        .update(users)
        .set({ deletedAt: new Date() })
        .where(eq(users.email, account.email));
    }
    await expect(
      refuseDemoAccountsInProduction(ctx.database.db, { env: 'production', seedDemoAccounts: false }),
    ).resolves.toBeUndefined();
  });
});
