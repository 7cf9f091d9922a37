import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  demoActor,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

// The dashboard lists' query string (docs/decisions/0030-dashboard-list-queries.md): sort by each
// key both ways, case-insensitive search, filters, totals that match the summary cards, rows past
// 5,000 reachable and ties broken by id across pages. Runs on PGlite and on PostgreSQL.

let ctx: TestContext;
let admin: Actor;
let seller: Actor;
let buyer: Actor;
let otherBuyer: Actor;
const product: Record<'apple' | 'banana' | 'cherry', string> = { apple: '', banana: '', cherry: '' };

/** 5,200 live buyers inserted in one statement, older than everyone else, ten per timestamp. */
const BULK = 5200;
const bulkId = (g: number) => `bulk-${String(g).padStart(5, '0')}`;

async function get(path: string, actor: Actor) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: bearer(actor) });
  const total = Number(res.headers['x-total-count']);
  return { res, status: res.statusCode, total, rows: res.json() as Record<string, unknown>[] };
}

async function summary(actor: Actor) {
  return (await get('/dashboard/summary', actor)).res.json() as { counts: Record<string, number> };
}

const field = (rows: Record<string, unknown>[], key: string) => rows.map((r) => r[key]);

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await demoActor(ctx.app, 'admin');
  [seller, buyer, otherBuyer] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Qzx Seller'),
    registerActor(ctx.app, 'buyer', 'Qzx Mira'),
    registerActor(ctx.app, 'buyer', 'Qzx Bodhi'),
  ]);
  // Three listings whose name, price and age order differently.
  product.apple = await addProduct(ctx.app, seller, { productName: 'Qzx Apple laptop', price: 300 });
  product.banana = await addProduct(ctx.app, seller, { productName: 'Qzx Banana laptop', price: 100 });
  product.cherry = await addProduct(ctx.app, seller, { productName: 'Qzx Cherry laptop', price: 200 });
  await queryRows(
    ctx,
    sql`update products set created_at = case id
      when ${product.apple} then timestamptz '2024-03-01'
      when ${product.banana} then timestamptz '2024-01-01'
      else timestamptz '2024-02-01' end
    where id in (${product.apple}, ${product.banana}, ${product.cherry})`,
  );
  for (const [who, id] of [
    [buyer, product.apple],
    [buyer, product.banana],
    [buyer, product.cherry],
    [otherBuyer, product.banana],
  ] as const) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: bearer(who),
      payload: { productId: id, phone: '01711222333', place: 'Dhaka' },
    });
    if (res.statusCode !== 201) throw new Error(`booking: ${res.body}`);
  }
  // Booking dates: banana (newest), apple, cherry; the buyer's apple booking is paid.
  await queryRows(
    ctx,
    sql`update bookings set created_at = case product_id
        when ${product.banana} then timestamptz '2025-03-01'
        when ${product.apple} then timestamptz '2025-02-01'
        else timestamptz '2025-01-01' end,
      paid = (product_id = ${product.apple}),
      state = case when product_id = ${product.apple} then 'paid' else 'accepted' end
    where buyer_id in (${buyer.id}, ${otherBuyer.id})`,
  );
  // Set directly, as the sorting tests below want them (the lists only read the status).
  await queryRows(
    ctx,
    sql`update products set status = 'booked'
    where id in (${product.apple}, ${product.banana}, ${product.cherry})`,
  );
  // Two paid payments and a pending one (never listed) on the seller's listings.
  await queryRows(
    ctx,
    sql`insert into payments (id, transaction_id, product_id, buyer_id, amount_cents, status, gateway, paid_at)
    values ('pay-qzx-1', 99000001, ${product.apple}, ${buyer.id}, 30000, 'paid', 'sandbox', timestamptz '2025-04-01'),
           ('pay-qzx-2', 99000002, ${product.cherry}, ${otherBuyer.id}, 20000, 'paid', 'sandbox', timestamptz '2024-12-01'),
           ('pay-qzx-3', 99000003, ${product.cherry}, ${buyer.id}, 20000, 'pending', 'sandbox', null)`,
  );
  await queryRows(
    ctx,
    sql`insert into users (id, email, name, role, created_at)
      select 'bulk-' || lpad(g::text, 5, '0'), 'bulk-' || lpad(g::text, 5, '0') || '@example.test',
        'Bulkbuyer ' || lpad(g::text, 5, '0'), 'buyer', timestamptz '2020-01-01' + (g / 10) * interval '1 second'
      from generate_series(1, ${BULK}) g`,
  );
}, 180_000);
afterAll(async () => ctx?.close());

describe('All Buyers, All Sellers, Admins', () => {
  it('counts every live buyer; the total matches the summary card and a soft delete moves both', async () => {
    const [live] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from users where role = 'buyer' and deleted_at is null`,
    );
    const n = live!.n;
    const page = await get('/buyer?limit=1', admin);
    expect(page.total).toBe(n);
    expect(page.total).toBeGreaterThan(BULK);
    expect((await summary(admin)).counts.buyers).toBe(page.total);

    const gone = await registerActor(ctx.app, 'buyer', 'Qzx Leaving');
    expect((await get('/buyer?limit=1', admin)).total).toBe(n + 1);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/buyer/${gone.id}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(200);
    expect((await get('/buyer?limit=1', admin)).total).toBe(n);
    expect((await summary(admin)).counts.buyers).toBe(n);
    expect((await get('/buyer?q=Qzx%20Leaving', admin)).total).toBe(0);

    const sellers = await get('/seller?limit=1', admin);
    expect((await summary(admin)).counts.sellers).toBe(sellers.total);
  });

  it('the kept role counts equal a count of the live users after every kind of change', async () => {
    // The unsearched totals read user_role_counts (migration 0008); each write below goes around
    // the API, as an operator's SQL or a bulk seed would, and the counts must still be exact.
    const kept = () =>
      queryRows<{ role: string; n: number }>(
        ctx,
        sql`select role, live as n from user_role_counts order by role`,
      );
    const counted = () =>
      queryRows<{ role: string; n: number }>(
        ctx,
        sql`select role, count(*)::int as n from users where deleted_at is null group by role order by role`,
      );
    expect(await kept()).toEqual(await counted());
    const changes = [
      sql`insert into users (id, email, name, role)
        select 'qzx-count-' || g, 'qzx-count-' || g || '@example.test', 'Qzx Count ' || g, 'buyer'
        from generate_series(1, 30) g`,
      sql`update users set role = 'seller' where id in ('qzx-count-1', 'qzx-count-2')`,
      sql`update users set deleted_at = now() where id in ('qzx-count-3', 'qzx-count-4', 'qzx-count-5')`,
      sql`update users set deleted_at = null where id = 'qzx-count-3'`,
      sql`update users set name = 'Qzx Renamed' where id like 'qzx-count-%'`,
      sql`update users set role = 'admin', deleted_at = null where id = 'qzx-count-4'`,
      sql`delete from users where id like 'qzx-count-%' and id <> 'qzx-count-1'`,
    ];
    for (const change of changes) {
      await queryRows(ctx, change);
      expect(await kept()).toEqual(await counted());
    }
    await queryRows(ctx, sql`delete from users where id = 'qzx-count-1'`);
    expect((await get('/seller?limit=1', admin)).total).toBe(
      (await counted()).find((r) => r.role === 'seller')!.n,
    );
  });

  it('reaches the oldest buyer, past row 5,000, on the last page of the default order (newest first)', async () => {
    const { total } = await get('/buyer?limit=1', admin);
    const last = await get(`/buyer?limit=100&page=${Math.ceil(total / 100)}`, admin);
    expect(last.status).toBe(200);
    expect(last.rows.at(-1)).toMatchObject({ _id: bulkId(1), email: `${bulkId(1)}@example.test` });
  });

  it('searches name and e-mail case-insensitively on the server', async () => {
    const byEmail = await get('/buyer?q=BULK-05123@EXAMPLE', admin);
    expect(byEmail.total).toBe(1);
    expect(byEmail.rows).toEqual([expect.objectContaining({ _id: bulkId(5123), name: 'Bulkbuyer 05123' })]);
    const byName = await get('/buyer?q=%20%20bulkBUYER%2004999%20', admin);
    expect(field(byName.rows, '_id')).toEqual([bulkId(4999)]);
    // LIKE's own characters match literally.
    expect((await get('/buyer?q=bulk%25', admin)).total).toBe(0);
    expect((await get('/buyer?q=bulk_', admin)).total).toBe(0);
    // An empty search is no search.
    expect((await get('/buyer?q=&limit=1', admin)).total).toBe((await get('/buyer?limit=1', admin)).total);
  });

  it('sorts by each key both ways, ties broken by id', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => bulkId(i + 1)); // same name prefix, one timestamp
    const ids = async (query: string) =>
      field((await get(`/buyer?q=Bulkbuyer%200000&${query}`, admin)).rows, '_id');
    expect(await ids('sort=name')).toEqual(nine);
    expect(await ids('sort=name&order=desc')).toEqual([...nine].reverse());
    expect(await ids('sort=email&order=asc')).toEqual(nine);
    expect(await ids('sort=email&order=desc')).toEqual([...nine].reverse());
    // 00001…00009 share one created_at: the id decides, in the sort's direction.
    expect(await ids('sort=createdAt&order=asc')).toEqual(nine);
    expect(await ids('sort=createdAt')).toEqual([...nine].reverse());
  });

  it('pages through 5,200 matches without repeating or skipping a row', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(BULK / 100); page++) {
      const { rows, total } = await get(`/buyer?q=bulk-&limit=100&page=${page}`, admin);
      expect(total).toBe(BULK);
      seen.push(...(field(rows, '_id') as string[]));
    }
    expect(new Set(seen).size).toBe(BULK);
    // Newest first, ten rows per timestamp, the id breaking each tie: exactly 05200 down to 00001.
    expect(seen).toEqual(Array.from({ length: BULK }, (_, i) => bulkId(BULK - i)));
  });

  it('lists admins with the same query string', async () => {
    const admins = await get('/admin?sort=email&order=desc', admin);
    expect(admins.status).toBe(200);
    expect(admins.rows.map((r) => r.email)).toContain(admin.email);
    expect((await get(`/admin?q=${admin.email.toUpperCase()}`, admin)).total).toBe(1);
    expect((await get('/admin?q=nobody-matches-this', admin)).total).toBe(0);
  });
});

describe('My Products', () => {
  it('sorts, searches and filters the seller’s listings; totals match the summary cards', async () => {
    const names = async (query: string) =>
      field((await get(`/add-products?${query}`, seller)).rows, 'productName');
    const [apple, banana, cherry] = ['Qzx Apple laptop', 'Qzx Banana laptop', 'Qzx Cherry laptop'];
    expect(await names('')).toEqual([apple, cherry, banana]);
    expect(await names('sort=createdAt&order=asc')).toEqual([banana, cherry, apple]);
    expect(await names('sort=name')).toEqual([apple, banana, cherry]);
    expect(await names('sort=name&order=desc')).toEqual([cherry, banana, apple]);
    expect(await names('sort=price')).toEqual([banana, cherry, apple]);
    expect(await names('sort=price&order=desc')).toEqual([apple, cherry, banana]);
    expect(await names('q=qZX%20CHERRY')).toEqual([cherry]);

    await queryRows(ctx, sql`update products set status = 'sold' where id = ${product.cherry}`);
    const statuses = async (query: string) =>
      field((await get(`/add-products?${query}`, seller)).rows, 'status');
    expect(await statuses('sort=status')).toEqual(['booked', 'booked', 'sold']);
    expect(await statuses('sort=status&order=desc')).toEqual(['sold', 'booked', 'booked']);
    expect(await names('status=sold')).toEqual([cherry]);
    const counts = (await summary(seller)).counts;
    for (const status of ['available', 'booked', 'sold'] as const) {
      expect((await get(`/add-products?status=${status}&limit=1`, seller)).total).toBe(counts[status]);
    }
    expect((await get('/add-products?limit=1', seller)).total).toBe(counts.products);
    expect(counts.products).toBe(3);
    await queryRows(ctx, sql`update products set status = 'booked' where id = ${product.cherry}`);
  });
});

describe('My Orders', () => {
  it('sorts by date, product name and price both ways, searches the product name, filters paid', async () => {
    const names = async (query: string) =>
      field((await get(`/bookings?${query}`, buyer)).rows, 'productName');
    const [apple, banana, cherry] = ['Qzx Apple laptop', 'Qzx Banana laptop', 'Qzx Cherry laptop'];
    expect(await names('')).toEqual([banana, apple, cherry]);
    expect(await names('sort=date&order=asc')).toEqual([cherry, apple, banana]);
    expect(await names('sort=productName')).toEqual([apple, banana, cherry]);
    expect(await names('sort=productName&order=desc')).toEqual([cherry, banana, apple]);
    expect(await names('sort=price')).toEqual([banana, cherry, apple]);
    expect(await names('sort=price&order=desc')).toEqual([apple, cherry, banana]);
    expect(await names('q=BANANA')).toEqual([banana]);
    expect(await names('paid=true')).toEqual([apple]);
    expect(await names('paid=false&sort=price')).toEqual([banana, cherry]);

    const counts = (await summary(buyer)).counts;
    expect((await get('/bookings?limit=1', buyer)).total).toBe(counts.bookings);
    expect((await get('/bookings?paid=true&limit=1', buyer)).total).toBe(counts.paidBookings);
    expect(counts).toMatchObject({ bookings: 3, paidBookings: 1 });
  });
});

describe('My Buyers', () => {
  it('merges bookings and paid payments in one ordered page; sorts, searches and filters them', async () => {
    const page = await get('/my-buyers', seller);
    // Four bookings and two paid payments; the pending one is not a buyer, and Mira's payment for
    // the apple she booked is her paid booking's row (one person, one laptop, one row).
    expect(page.total).toBe(5);
    const key = (r: Record<string, unknown>) => `${r.kind}:${r.productName as string}:${r.name as string}`;
    // The two banana bookings share one date: the id decides (next test), so their buyers are left out here.
    expect(page.rows.map((r) => `${r.kind}:${r.productName as string}`)).toEqual([
      'booking:Qzx Banana laptop', // 2025-03-01
      'booking:Qzx Banana laptop', // 2025-03-01
      'booking:Qzx Apple laptop', // 2025-02-01
      'booking:Qzx Cherry laptop', // 2025-01-01
      'payment:Qzx Cherry laptop', // 2024-12-01
    ]);
    expect(page.rows[2]).toMatchObject({ kind: 'booking', price: 300, paid: true, place: 'Dhaka' });
    expect(page.rows.at(-1)).toMatchObject({ kind: 'payment', price: 200, date: '2024-12-01T00:00:00.000Z' });

    const keys = async (query: string) => (await get(`/my-buyers?${query}`, seller)).rows.map(key);
    const byDateAsc = await keys('sort=date&order=asc');
    expect(byDateAsc[0]).toBe('payment:Qzx Cherry laptop:Qzx Bodhi');
    expect(byDateAsc.at(-1)).toMatch(/^booking:Qzx Banana laptop:/);
    const names = async (query: string) => field((await get(`/my-buyers?${query}`, seller)).rows, 'name');
    expect(await names('sort=name')).toEqual(['Qzx Bodhi', 'Qzx Bodhi', 'Qzx Mira', 'Qzx Mira', 'Qzx Mira']);
    expect(await names('sort=name&order=desc')).toEqual([
      'Qzx Mira',
      'Qzx Mira',
      'Qzx Mira',
      'Qzx Bodhi',
      'Qzx Bodhi',
    ]);
    const products = async (query: string) =>
      field((await get(`/my-buyers?${query}`, seller)).rows, 'productName');
    expect(await products('sort=productName')).toEqual([
      'Qzx Apple laptop',
      'Qzx Banana laptop',
      'Qzx Banana laptop',
      'Qzx Cherry laptop',
      'Qzx Cherry laptop',
    ]);
    expect((await products('sort=productName&order=desc'))[0]).toBe('Qzx Cherry laptop');
    const prices = async (query: string) => field((await get(`/my-buyers?${query}`, seller)).rows, 'price');
    expect(await prices('sort=price')).toEqual([100, 100, 200, 200, 300]);
    expect(await prices('sort=price&order=desc')).toEqual([300, 200, 200, 100, 100]);

    // Search: buyer name, buyer e-mail, product name, any case.
    expect((await get('/my-buyers?q=qzx%20BODHI', seller)).total).toBe(2);
    expect((await get(`/my-buyers?q=${otherBuyer.email.toUpperCase()}`, seller)).total).toBe(2);
    expect(await keys('q=cherry&sort=date')).toEqual([
      'booking:Qzx Cherry laptop:Qzx Mira',
      'payment:Qzx Cherry laptop:Qzx Bodhi',
    ]);
    // Filters, and the seller's summary card counts the bookings the list shows. The payments
    // filter lists every paid payment, Mira's too.
    expect((await get('/my-buyers?kind=payment', seller)).rows.map(key)).toEqual([
      'payment:Qzx Apple laptop:Qzx Mira',
      'payment:Qzx Cherry laptop:Qzx Bodhi',
    ]);
    const bookingsOnly = await get('/my-buyers?kind=booking&limit=1', seller);
    expect(bookingsOnly.total).toBe(4);
    expect((await summary(seller)).counts.bookings).toBe(bookingsOnly.total);
    expect((await get('/my-buyers?kind=payment&q=bodhi', seller)).total).toBe(1);
  });

  it('ties on the date are broken by id, the same way across pages', async () => {
    const all = (await get('/my-buyers?limit=100', seller)).rows;
    const banana = all.filter((r) => r.productName === 'Qzx Banana laptop').map((r) => r._id as string);
    expect(banana).toEqual([...banana].sort().reverse());
    const paged: unknown[] = [];
    for (let page = 1; page <= 6; page++)
      paged.push(...(await get(`/my-buyers?limit=1&page=${page}`, seller)).rows);
    expect(paged).toEqual(all);
  });

  it('a booking or payment always carries its product’s seller, whatever an insert or update sends', async () => {
    // My Buyers reads bookings and payments by their seller_id (migration 0007): a row naming
    // another seller would show one seller's buyer to another.
    await queryRows(
      ctx,
      sql`insert into bookings (id, buyer_id, product_id, seller_id, phone, place)
        values ('qzx-wrong-seller', ${otherBuyer.id}, ${product.apple}, ${admin.id}, '01711222333', 'Dhaka')`,
    );
    await queryRows(ctx, sql`update payments set seller_id = ${admin.id} where id = 'pay-qzx-3'`);
    const stored = await queryRows<{ id: string; seller_id: string }>(
      ctx,
      sql`select id, seller_id from bookings where id = 'qzx-wrong-seller'
        union all select id, seller_id from payments where id = 'pay-qzx-3'`,
    );
    expect(stored).toEqual([
      { id: 'qzx-wrong-seller', seller_id: seller.id },
      { id: 'pay-qzx-3', seller_id: seller.id },
    ]);
    await queryRows(ctx, sql`delete from bookings where id = 'qzx-wrong-seller'`);
  });

  it('pages 5,100 bookings in SQL: the oldest is on the last page and a search finds any buyer', async () => {
    await queryRows(
      ctx,
      sql`insert into bookings (id, buyer_id, product_id, phone, place, created_at)
        select 'bulk-booking-' || g, 'bulk-' || lpad(g::text, 5, '0'), ${product.banana}, '01711222333', 'Dhaka',
          timestamptz '2021-01-01' + g * interval '1 minute'
        from generate_series(1, 5100) g`,
    );
    const { total } = await get('/my-buyers?limit=1', seller);
    expect(total).toBe(5105); // the five rows above and 5,100 bookings
    const last = await get(`/my-buyers?limit=100&page=${Math.ceil(total / 100)}`, seller);
    expect(last.rows.at(-1)).toMatchObject({ _id: 'bulk-booking-1', name: 'Bulkbuyer 00001' });
    const found = await get('/my-buyers?q=BULK-05099@example.TEST', seller);
    expect(found.rows).toEqual([expect.objectContaining({ _id: 'bulk-booking-5099', kind: 'booking' })]);
    expect((await summary(seller)).counts.bookings).toBe(
      (await get('/my-buyers?kind=booking&limit=1', seller)).total,
    );
  });
});

describe('Reported Items and the audit log', () => {
  it('sorts, searches by product, reporter or seller e-mail, filters status; open total matches the card', async () => {
    for (const [who, id, reason] of [
      [buyer, product.apple, 'Stolen photo'],
      [otherBuyer, product.cherry, 'Wrong specs'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: bearer(who),
        payload: { productId: id, reason },
      });
      expect(res.statusCode).toBe(201);
    }
    const reportNames = async (query: string) =>
      field((await get(`/reports?${query}`, admin)).rows, 'productName');
    expect(await reportNames('q=qzx')).toEqual(['Qzx Cherry laptop', 'Qzx Apple laptop']);
    expect(await reportNames('q=qzx&order=asc')).toEqual(['Qzx Apple laptop', 'Qzx Cherry laptop']);
    expect(await reportNames('q=qzx&sort=productName')).toEqual(['Qzx Apple laptop', 'Qzx Cherry laptop']);
    expect(await reportNames('q=qzx&sort=productName&order=desc')).toEqual([
      'Qzx Cherry laptop',
      'Qzx Apple laptop',
    ]);
    expect(await reportNames('q=APPLE%20LAPTOP')).toEqual(['Qzx Apple laptop']);
    expect(await reportNames(`q=${otherBuyer.email.toUpperCase()}`)).toEqual(['Qzx Cherry laptop']);
    expect((await get(`/reports?q=${seller.email}`, admin)).total).toBe(2);

    const [first] = (await get('/reports?q=cherry', admin)).rows;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/reports/${first!._id as string}/dismiss`,
      headers: bearer(admin),
    });
    expect(field((await get('/reports?q=qzx&status=dismissed', admin)).rows, 'productName')).toEqual([
      'Qzx Cherry laptop',
    ]);
    expect(field((await get('/reports?q=qzx&sort=status', admin)).rows, 'status')).toEqual([
      'dismissed',
      'open',
    ]);
    expect(field((await get('/reports?q=qzx&sort=status&order=desc', admin)).rows, 'status')).toEqual([
      'open',
      'dismissed',
    ]);
    const open = await get('/reports?status=open&limit=1', admin);
    expect((await summary(admin)).counts.openReports).toBe(open.total);
  });

  it('searches the audit log by actor, target and action, newest first or oldest first', async () => {
    const newest = await get('/audit-log?q=REPORT.DISMISS', admin);
    expect(newest.total).toBeGreaterThanOrEqual(1);
    expect(newest.rows.every((r) => r.action === 'report.dismiss')).toBe(true);
    const deletes = await get('/audit-log?q=qzx', admin);
    expect(deletes.rows.map((r) => r.targetLabel)).toContain('Qzx Cherry laptop');
    const byAdmin = await get(`/audit-log?q=${admin.email.toUpperCase()}`, admin);
    expect(byAdmin.total).toBeGreaterThanOrEqual(2); // the buyer deleted above and the dismissal
    expect(byAdmin.rows.every((r) => r.actor === admin.email)).toBe(true);
    const dates = field((await get('/audit-log?order=asc', admin)).rows, 'createdAt') as string[];
    expect(dates).toEqual([...dates].sort());
  });
});

describe('bad list queries', () => {
  it.each([
    ['/buyer?sort=password', 'sort'],
    ['/seller?order=up', 'order'],
    ['/admin?sort=createdAt&order=DESC', 'order'],
    [`/buyer?q=${'x'.repeat(101)}`, 'q'],
    ['/buyer?q=a%0Ab', 'q'],
    ['/add-products?sort=secret', 'sort'],
    ['/add-products?status=stolen', 'status'],
    ['/bookings?paid=yes', 'paid'],
    ['/bookings?sort=name', 'sort'],
    ['/my-buyers?kind=refund', 'kind'],
    ['/my-buyers?sort=email', 'sort'],
    ['/reports?status=closed', 'status'],
    ['/reports?sort=reason', 'sort'],
    ['/audit-log?sort=action', 'sort'],
    ['/audit-log?limit=101', 'limit'],
  ])('%s is a 400 naming %s', async (path, name) => {
    const who =
      path.startsWith('/add-products') || path.startsWith('/my-buyers')
        ? seller
        : path.startsWith('/bookings')
          ? buyer
          : admin;
    const { res } = await get(path, who);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation_error',
      message: expect.stringContaining(`querystring.${name}`),
    });
  });
});
