import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema/index';
import {
  addProduct,
  bearer,
  multipart,
  ownImageUrl,
  queryRows,
  registerActor,
  startPeerApp,
  startTestApp,
  validProduct,
  type Actor,
  type TestContext,
} from '../test/harness';

// Idempotency-Key on writes (docs/decisions/0052-idempotent-writes.md), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL, where the peer app has a pool of its own as a second replica.

let ctx: TestContext;
let peer: TestContext;
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  peer = await startPeerApp(ctx);
  [seller, otherSeller, buyer] = await Promise.all([
    registerActor(ctx.app, 'seller'),
    registerActor(ctx.app, 'seller', 'Other seller'),
    registerActor(ctx.app, 'buyer'),
  ]);
});
afterAll(async () => {
  await peer?.close();
  await ctx?.close();
});

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

const listing = (productName: string) => validProduct({ productName, image: ownImageUrl() });

const addWithKey = (app: TestContext['app'], actor: Actor, key: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/add-products',
    headers: { ...bearer(actor), 'idempotency-key': key },
    payload,
  });

const countProducts = async (productName: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from products where name = ${productName}`,
      )
    )[0]!.n,
  );

describe('Idempotency-Key', () => {
  it('answers a repeated listing with the first answer, marked as replayed, and lists it once', async () => {
    const key = newKey();
    const first = await addWithKey(ctx.app, seller, key, listing('Idem ThinkPad once'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await addWithKey(ctx.app, seller, key, listing('Idem ThinkPad once'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await countProducts('Idem ThinkPad once')).toBe(1);
  });

  it('books once when the booking is sent twice with one key', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'Idem booked laptop' });
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/bookings',
        headers: { ...bearer(buyer), 'idempotency-key': key },
        payload: { productId, phone: '01711-222333', place: 'Gulshan 1 circle' },
      });
    const key = newKey();
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from bookings where product_id = ${productId}`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('starts one payment when the payment post is sent twice with one key', async () => {
    const productId = await addProduct(ctx.app, seller, { productName: 'Idem paid laptop' });
    const key = newKey();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/init',
        headers: { ...bearer(buyer), 'idempotency-key': key },
        payload: { _id: productId, price: 1, email: buyer.email },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.json()).toBe(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const rows = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from payments where product_id = ${productId}`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('refuses the same key with another body with 422 and writes nothing', async () => {
    const key = newKey();
    expect((await addWithKey(ctx.app, seller, key, listing('Idem first body'))).statusCode).toBe(201);
    const other = await addWithKey(ctx.app, seller, key, listing('Idem second body'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: 'idempotency_key_reused',
      message: expect.stringContaining('already used for a different request'),
    });
    expect(await countProducts('Idem second body')).toBe(0);
  });

  it.each([
    ['too short', 'short'],
    ['a space inside', 'has a space'],
    ['too long', 'k'.repeat(129)],
    ['not ASCII', 'schlüssel-1234'],
  ])('refuses a key that is %s with 400 and writes nothing', async (_what, key) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/add-products',
      headers: { ...bearer(seller), 'idempotency-key': key },
      payload: listing(`Idem bad key ${key.length}`),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_idempotency_key',
      message: expect.stringContaining('Idempotency-Key must be 8 to 128 visible ASCII characters'),
    });
    expect(await countProducts(`Idem bad key ${key.length}`)).toBe(0);
  });

  it("never replays one caller's answer to another caller with the same key", async () => {
    const key = newKey();
    const mine = await addWithKey(ctx.app, seller, key, listing('Idem per caller'));
    const theirs = await addWithKey(ctx.app, otherSeller, key, listing('Idem per caller'));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().insertedId).not.toBe(mine.json().insertedId);
    expect(await countProducts('Idem per caller')).toBe(2);
  });

  it('runs the write once when two instances receive the same key at the same instant', async () => {
    const key = newKey();
    const answers = await Promise.all(
      [ctx, peer, ctx, peer, ctx, peer].map((target) =>
        addWithKey(target.app, seller, key, listing('Idem at once')),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().insertedId)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await countProducts('Idem at once')).toBe(1);
  });

  it('runs the key again when its first attempt died before committing', async () => {
    const key = newKey();
    const scope = `user:${seller.id} POST /api/v1/add-products`;
    // Another process's transaction holds the key, then dies (rolls back) with nothing committed.
    let claimed!: () => void;
    const keyHeld = new Promise<void>((resolve) => (claimed = resolve));
    let die!: () => void;
    const dying = new Promise<void>((resolve) => (die = resolve));
    const firstAttempt = ctx.database.db
      .transaction(async (tx) => {
        await tx.insert(idempotencyKeys).values({
          scope,
          key,
          requestHash: 'x',
          statusCode: 0,
          headers: {},
          body: '',
          expiresAt: new Date(Date.now() + 60_000),
        });
        claimed();
        await dying;
        throw new Error('process killed');
      })
      .catch(() => 'rolled back');
    await keyHeld;
    const retry = addWithKey(peer.app, seller, key, listing('Idem after a dead attempt'));
    die();
    expect(await firstAttempt).toBe('rolled back');
    const res = await retry;
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await countProducts('Idem after a dead attempt')).toBe(1);
  });

  it('keeps nothing of a refused write: its key runs again', async () => {
    const key = newKey();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/bookings',
        headers: { ...bearer(buyer), 'idempotency-key': key },
        payload: { productId: '000000000000000000000000', phone: '01711-222333', place: 'Banani' },
      });
    expect((await send()).statusCode).toBe(404);
    const again = await send();
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const rows = await queryRows(ctx, sql`select 1 from idempotency_keys where key = ${key}`);
    expect(rows).toHaveLength(0);
  });

  it('forgets a key after 24 hours', async () => {
    const key = newKey();
    expect((await addWithKey(ctx.app, seller, key, listing('Idem a day later'))).statusCode).toBe(201);
    const realNow = ctx.app.deps.now;
    ctx.app.deps.now = () => new Date(Date.now() + 25 * 3_600_000);
    try {
      const later = await addWithKey(ctx.app, seller, key, listing('Idem a day later'));
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      ctx.app.deps.now = realNow;
    }
    expect(await countProducts('Idem a day later')).toBe(2);
  });

  it('replays an image upload resent with a new multipart boundary, as a browser resends FormData', async () => {
    const key = newKey();
    const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const send = () => {
      const body = multipart({}, { field: 'image', filename: 'photo.png', contentType: 'image/png', data });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/images',
        headers: { ...bearer(seller), ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    };
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('lets browsers send the header and read the replay mark (CORS)', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/add-products',
      headers: {
        origin: 'http://localhost:3999',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/add-products',
      headers: { ...bearer(seller), origin: 'http://localhost:3999', 'idempotency-key': newKey() },
      payload: listing('Idem cors'),
    });
    expect(String(post.headers['access-control-expose-headers'])).toContain('Idempotent-Replayed');
  });
});
