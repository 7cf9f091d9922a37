import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoActor, queryRows, startTestApp, type Actor, type TestContext } from '../test/harness';
import { DEMO_SELLER_EMAIL, seedBulkActivity } from './bulk';

// The scale of docs/decisions/0030-dashboard-list-queries.md: what `pnpm --filter api seed:bulk` adds for the dashboard's lists, read
// back through the API's own list endpoints.
const SCALE = { buyers: 20_000, bookings: 3_000, payments: 500, reports: 1_000, audit: 2_000 };

let ctx: TestContext;
let admin: Actor;
let seller: Actor;
let buyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  await seedBulkActivity({ db: ctx.database.db, ...SCALE });
  admin = await demoActor(ctx.app, 'admin');
  seller = await demoActor(ctx.app, 'seller');
  buyer = await demoActor(ctx.app, 'buyer');
}, 120_000);
afterAll(() => ctx?.close());

async function total(actor: Actor, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(actor) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return Number(res.headers['x-total-count']);
}

async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    ctx,
    sql`
      select (select count(*)::int from users where role = 'buyer') as buyers,
             (select count(*)::int from products p join users s on s.id = p.seller_id
               where s.email = ${DEMO_SELLER_EMAIL}) as listings,
             (select count(*)::int from bookings) as bookings,
             (select count(*)::int from bookings where paid) as "paidBookings",
             (select count(*)::int from payments where status = 'paid') as payments,
             (select count(*)::int from reports) as reports,
             (select count(*)::int from audit_log) as audit`,
  );
  return row!;
}

describe('seedBulkActivity (seed:bulk)', () => {
  it("makes 20,000 buyers besides the demo buyer, and the demo seller's 3,000 bookings and 500 payments", async () => {
    expect(await total(admin, '/buyer?limit=1')).toBe(20_001);
    // Each of the 500 payments is by the buyer who booked that laptop: one row of My Buyers each.
    expect(await total(seller, '/my-buyers?limit=1')).toBe(3_000);
    expect(await total(seller, '/my-buyers?kind=payment&limit=1')).toBe(500);
    expect(await total(seller, `/add-products?email=${DEMO_SELLER_EMAIL}&limit=1`)).toBeGreaterThanOrEqual(
      3_000,
    );
    // Every tenth booking is the demo buyer's: their My Orders pages too.
    expect(await total(buyer, '/bookings?limit=1')).toBe(300);
    expect(await total(admin, '/reports?limit=1')).toBe(1_000);
    expect(await total(admin, '/audit-log?limit=1')).toBe(2_000);
    expect(await counts()).toMatchObject({ bookings: 3_000, paidBookings: 500, payments: 500 });
  });

  it('keeps the data consistent: booked and sold listings of the seller, payments at the listing price', async () => {
    const rows = await queryRows<{ problem: string; n: number }>(
      ctx,
      sql`
      select 'booking of another seller''s listing' as problem, count(*)::int as n
        from bookings b join products p on p.id = b.product_id join users s on s.id = p.seller_id
        where s.email <> ${DEMO_SELLER_EMAIL}
      union all
      select 'paid booking of a listing not sold', count(*)::int
        from bookings b join products p on p.id = b.product_id where b.paid <> (p.status = 'sold')
      union all
      select 'payment not at the listing price', count(*)::int
        from payments y join products p on p.id = y.product_id where y.amount_cents <> p.price_cents
      union all
      select 'payment by someone other than the booker', count(*)::int
        from payments y where not exists
          (select 1 from bookings b where b.product_id = y.product_id and b.buyer_id = y.buyer_id)
      union all
      select 'audit entry about a user who is not a buyer', count(*)::int
        from audit_log a join users u on u.id = a.target_id where u.role <> 'buyer'`,
    );
    expect(rows.filter((r) => r.n > 0)).toEqual([]);
  });

  it('adds nothing when run again', async () => {
    const before = await counts();
    expect(before.buyers).toBe(20_001);
    await seedBulkActivity({ db: ctx.database.db, ...SCALE });
    expect(await counts()).toEqual(before);
  });
});
