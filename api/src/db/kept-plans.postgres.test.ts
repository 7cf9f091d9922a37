import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, startTestApp, type TestContext } from '../test/harness';
import { KEPT_PLANS_APPLICATION } from './index';

// The catalogue's kept-plan reads (preparedRead and runWithKeptPlan, docs/decisions/0064-catalogue-reads-keep-their-plans.md)
// reach their own pool through the routes' request-scoped database, on PostgreSQL: its connections
// are named, and pg_stat_activity shows each one's last statement. Through the proxy the pool was
// never found, and the reads ran, planned anew, on the main pool. pg_stat_activity keeps a
// statement's first 1,024 characters: a brand's page is told by the key it selects for its cursor.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const keptPoolStatements = async () =>
  (
    await queryRows<{ query: string }>(
      ctx,
      sql`select query from pg_stat_activity
          where application_name = ${KEPT_PLANS_APPLICATION} and datname = current_database()`,
    )
  ).map((r) => r.query);

const productRead = /^select "products"\."id", "products"\."name"/;

it("runs a brand's page on the kept-plan pool", async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/category/products/03' });
  expect(res.statusCode).toBe(200);
  expect(await keptPoolStatements()).toEqual(
    expect.arrayContaining([
      expect.stringMatching(productRead),
      expect.stringContaining('"created_at"::text from'),
    ]),
  );
});

it("runs a listing's details on the kept-plan pool", async () => {
  const [listing] = (await ctx.app
    .inject({ method: 'GET', url: '/api/v1/category/products/04' })
    .then((r) => r.json())) as { _id: string }[];
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/details/${listing!._id}` });
  expect(res.statusCode).toBe(200);
  const details = (await keptPoolStatements()).filter((q) => productRead.test(q) && !q.includes('::text'));
  expect(details).toHaveLength(1);
});
