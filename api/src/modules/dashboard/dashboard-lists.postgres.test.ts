import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogQuerySchema } from 'shared-contracts/audit';
import { BookingsQuerySchema, MyBuyersQuerySchema } from 'shared-contracts/bookings';
import { SellerProductsQuerySchema } from 'shared-contracts/products';
import { ReportsQuerySchema } from 'shared-contracts/reports';
import { UserListQuerySchema } from 'shared-contracts/users';
import { auditPageQuery } from '../../services/audit';
import { buyerBookingsPageQuery, myBuyersPageQuery } from '../bookings/bookings.repository';
import { sellerProductsPageQuery } from '../products/products.repository';
import { reportsPageQuery } from '../reports/reports.repository';
import { usersPageQuery } from '../users/users.repository';
import { queryRows, startTestApp, type TestContext } from '../../test/harness';

// EXPLAIN of each dashboard list's first page and of a search, on PostgreSQL at the issue's
// scale (20,000 buyers, a seller with 3,010 listings, 3,000 bookings and 500 paid payments among
// 20,000 listings and 23,000 bookings), after ANALYZE, with the planner's default settings
// (sequential scans allowed): each plan must read the list's own index
// (docs/decisions/0030-dashboard-list-queries.md). The queries are the very SQL the API runs,
// built by the services' *PageQuery functions. PostgreSQL only (*.postgres.test.ts): PGlite's
// planner sees the same indexes, but the figures here are PostgreSQL's.

let ctx: TestContext;
const SELLER = 'explain-seller';
const BUYER = 'explain-buyer-00042';
const SMALL_SELLER = 'explain-seller-7';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The indexes a plan reads, and the tables it reads whole. */
async function explain(query: SQL) {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(ctx, sql`explain (format json) ${query}`);
  const raw = row!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const nodes = planNodes(plan[0]!.Plan);
  return {
    indexes: new Set(nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []))),
    seqScans: new Set(nodes.flatMap((n) => (n['Node Type'] === 'Seq Scan' ? [n['Relation Name']] : []))),
    text: JSON.stringify(plan[0]!.Plan, ['Node Type', 'Index Name', 'Relation Name', 'Plans'], 1),
  };
}

beforeAll(async () => {
  ctx = await startTestApp();
  const statements: SQL[] = [
    sql`insert into users (id, email, name, role, created_at)
      select 'explain-buyer-' || lpad(g::text, 5, '0'), 'explain-buyer-' || lpad(g::text, 5, '0') || '@example.test',
        'Explain Buyer ' || g, 'buyer', now() - g * interval '1 minute'
      from generate_series(1, 20000) g`,
    sql`insert into users (id, email, name, role, created_at)
      select 'explain-seller-' || g, 'explain-seller-' || g || '@example.test', 'Explain Seller ' || g, 'seller',
        now() - g * interval '1 hour'
      from generate_series(1, 200) g`,
    sql`insert into users (id, email, name, role) values (${SELLER}, 'explain-seller@example.test', 'Big Seller', 'seller')`,
    // 3,010 listings of the big seller, 17,000 of 200 others.
    sql`insert into products (id, seller_id, category_id, name, price_cents, status, quality, phone, location,
        description, year, image_url, created_at)
      select 'explain-product-' || g, case when g <= 3010 then ${SELLER} else 'explain-seller-' || (g % 200 + 1) end,
        '03', 'Laptop model ' || g, 10000 + g, (array['available', 'booked', 'sold'])[g % 3 + 1], 'Good',
        '01711222333', 'Dhaka', 'A laptop', 2020, 'images/placeholder-photo.webp', now() - g * interval '1 minute'
      from generate_series(1, 20010) g`,
    // 3,000 bookings of the big seller's listings (the buyer 00042 has 150 of them), 20,000 of others.
    sql`insert into bookings (id, buyer_id, product_id, phone, place, paid, state, created_at)
      select 'explain-booking-' || g, 'explain-buyer-' || lpad((g % 20 + 1 + case when g <= 3000 then 30 else (g % 900) * 20 end)::text, 5, '0'),
        'explain-product-' || case when g <= 3000 then g else 3010 + g % 17000 + 1 end,
        '01711222333', 'Dhaka', g % 4 = 0, case when g % 4 = 0 then 'paid' else 'accepted' end,
        now() - g * interval '1 minute'
      from generate_series(1, 23000) g`,
    sql`insert into payments (id, transaction_id, product_id, buyer_id, amount_cents, status, gateway, paid_at)
      select 'explain-payment-' || g, 90000000 + g, 'explain-product-' || g,
        'explain-buyer-' || lpad((g % 20000 + 1)::text, 5, '0'), 10000 + g,
        case when g <= 500 then 'paid' else 'failed' end, 'sandbox', now() - g * interval '1 minute'
      from generate_series(1, 2000) g`,
    sql`insert into reports (id, product_id, reporter_id, reason, status, created_at)
      select 'explain-report-' || g, 'explain-product-' || (g * 3), 'explain-buyer-' || lpad((g % 20000 + 1)::text, 5, '0'),
        'Fake', (array['open', 'dismissed', 'removed'])[g % 3 + 1], now() - g * interval '1 minute'
      from generate_series(1, 5000) g`,
    sql`insert into audit_log (id, actor, action, target_type, target_id, target_label, created_at)
      select 'explain-audit-' || g, 'admin-' || (g % 5) || '@example.test', 'user.delete', 'user',
        'explain-buyer-' || g, 'explain-buyer-' || lpad(g::text, 5, '0') || '@example.test', now() - g * interval '1 minute'
      from generate_series(1, 20000) g`,
    sql`vacuum analyze users, products, bookings, payments, reports, audit_log`,
  ];
  for (const statement of statements) await queryRows(ctx, statement);
}, 180_000);
afterAll(async () => ctx?.close());

describe('dashboard list plans on PostgreSQL (20,000 buyers, a seller with 3,000 bookings)', () => {
  const db = () => ctx.database.db;
  const cases: [string, () => SQL, string[], string[]][] = [
    // [list, its query, indexes of which the plan must read at least one, tables it must not read whole]
    [
      'All Buyers, first page',
      () => usersPageQuery(db(), 'buyer', UserListQuerySchema.parse({})).getSQL(),
      ['users_role_newest_idx'],
      ['users'],
    ],
    [
      'All Buyers, sorted by e-mail',
      () => usersPageQuery(db(), 'buyer', UserListQuerySchema.parse({ sort: 'email' })).getSQL(),
      ['users_role_email_idx'],
      ['users'],
    ],
    [
      'All Buyers, sorted by name, Z→A',
      () =>
        usersPageQuery(db(), 'buyer', UserListQuerySchema.parse({ sort: 'name', order: 'desc' })).getSQL(),
      ['users_role_name_idx'],
      ['users'],
    ],
    [
      'All Buyers, search by e-mail',
      () => usersPageQuery(db(), 'buyer', UserListQuerySchema.parse({ q: 'BUYER-12345@' })).getSQL(),
      ['users_email_trgm_idx'],
      ['users'],
    ],
    // The big seller owns 15% of the listings, the newest ones: walking the catalogue's own
    // newest-first index and keeping theirs is as short a read as the seller's index.
    [
      'My Products of the big seller, first page',
      () => sellerProductsPageQuery(db(), SELLER, SellerProductsQuerySchema.parse({})).getSQL(),
      ['products_seller_newest_idx', 'products_newest_idx'],
      ['products'],
    ],
    [
      'My Products of the big seller, sold only',
      () =>
        sellerProductsPageQuery(db(), SELLER, SellerProductsQuerySchema.parse({ status: 'sold' })).getSQL(),
      ['products_seller_status_newest_idx', 'products_newest_idx'],
      ['products'],
    ],
    [
      'My Products of a seller with 85 listings, first page',
      () => sellerProductsPageQuery(db(), SMALL_SELLER, SellerProductsQuerySchema.parse({})).getSQL(),
      ['products_seller_newest_idx'],
      ['products'],
    ],
    [
      'My Products of a seller with 85 listings, sold only',
      () =>
        sellerProductsPageQuery(
          db(),
          SMALL_SELLER,
          SellerProductsQuerySchema.parse({ status: 'sold' }),
        ).getSQL(),
      ['products_seller_status_newest_idx'],
      ['products'],
    ],
    [
      'My Products, search by product name',
      () =>
        sellerProductsPageQuery(db(), SELLER, SellerProductsQuerySchema.parse({ q: 'model 1234' })).getSQL(),
      ['products_name_trgm_idx', 'products_seller_newest_idx'],
      ['products'],
    ],
    [
      'My Orders, first page',
      () => buyerBookingsPageQuery(db(), BUYER, BookingsQuerySchema.parse({})).getSQL(),
      ['bookings_buyer_newest_idx'],
      ['bookings', 'products'],
    ],
    [
      'My Orders, paid only',
      () => buyerBookingsPageQuery(db(), BUYER, BookingsQuerySchema.parse({ paid: 'true' })).getSQL(),
      ['bookings_buyer_paid_newest_idx'],
      ['bookings', 'products'],
    ],
    [
      'My Orders, search by product name',
      () => buyerBookingsPageQuery(db(), BUYER, BookingsQuerySchema.parse({ q: 'model 2' })).getSQL(),
      // One buyer's few bookings through their index, each listing by its key and checked for the
      // words there: cheaper than the name's trigrams since the listings gained the review and
      // verification columns (migrations 0030 and 0032), and still no scan of a whole table.
      ['bookings_buyer_paid_newest_idx', 'products_pkey'],
      ['bookings'],
    ],
    [
      'My Buyers, first page',
      () => myBuyersPageQuery(SELLER, MyBuyersQuerySchema.parse({})),
      ['bookings_seller_newest_idx'],
      ['bookings', 'payments', 'products'],
    ],
    [
      'My Buyers, search by buyer e-mail',
      () => myBuyersPageQuery(SELLER, MyBuyersQuerySchema.parse({ q: 'explain-buyer-00042@' })),
      ['bookings_seller_newest_idx', 'users_email_trgm_idx'],
      ['bookings', 'products'],
    ],
    [
      'Reported Items, first page',
      () => reportsPageQuery(db(), ReportsQuerySchema.parse({})).getSQL(),
      ['reports_newest_idx'],
      ['reports'],
    ],
    [
      'Reported Items, open only',
      () => reportsPageQuery(db(), ReportsQuerySchema.parse({ status: 'open' })).getSQL(),
      ['reports_status_newest_idx'],
      ['reports'],
    ],
    [
      'Reported Items, search',
      () => reportsPageQuery(db(), ReportsQuerySchema.parse({ q: 'model 2997' })).getSQL(),
      ['products_name_trgm_idx'],
      ['products', 'users'],
    ],
    [
      'Audit log, first page',
      () => auditPageQuery(db(), AuditLogQuerySchema.parse({})).getSQL(),
      ['audit_log_created_at_idx'],
      ['audit_log'],
    ],
    [
      'Audit log, search by target e-mail',
      () => auditPageQuery(db(), AuditLogQuerySchema.parse({ q: 'explain-buyer-01234' })).getSQL(),
      ['audit_log_target_label_trgm_idx', 'audit_log_actor_trgm_idx'],
      ['audit_log'],
    ],
  ];

  it.each(cases)('%s reads its index', async (_name, query, anyOf, notWhole) => {
    const plan = await explain(query());
    expect(
      [...plan.indexes].some((i) => anyOf.includes(i)),
      plan.text,
    ).toBe(true);
    for (const table of notWhole) expect(plan.seqScans.has(table), plan.text).toBe(false);
  });
});
