import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, payments, products } from '../../db/schema/index';
import type { SandboxGateway } from '../../payments/sandbox';
import {
  addProduct,
  bearer,
  registerActor,
  startPayment,
  startPeerApp,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

// Two API processes on one database handle the same laptop at the same moment. On PostgreSQL the
// two app instances have pools of their own, so the requests really run in parallel transactions;
// PGlite (one connection) serialises them, and the outcome must be the same.
let one: TestContext;
let two: TestContext;
let seller: Actor;
let buyers: Actor[];
beforeAll(async () => {
  one = await startTestApp();
  two = await startPeerApp(one);
  seller = await registerActor(one.app, 'seller', 'Race Seller');
  buyers = await Promise.all([
    registerActor(one.app, 'buyer', 'Racing Buyer A'),
    registerActor(two.app, 'buyer', 'Racing Buyer B'),
  ]);
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

const ROUNDS = 8;

/** The gateway's signed "paid" callback, posted to the given process. */
function postPaidCallback(ctx: TestContext, transactionId: number, amountCents: number) {
  const gateway = ctx.app.deps.gateway as SandboxGateway;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/callback',
    payload: gateway.signCallback(transactionId, 'paid', amountCents),
  });
}

describe('two buyers paying for the same laptop at the same moment', () => {
  it('exactly one payment succeeds, the other fails, and the laptop is sold once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const productId = await addProduct(one.app, seller, { price: 400 + round });
      const started = await Promise.all(buyers.map((buyer) => startPayment(one.app, buyer, productId)));
      const answers = await Promise.all([
        postPaidCallback(one, started[0]!.transactionId, (400 + round) * 100),
        postPaidCallback(two, started[1]!.transactionId, (400 + round) * 100),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const statuses = answers.map((a) => (a.json() as { status: string }).status).sort();
      expect(statuses, `round ${round}`).toEqual(['failed', 'paid']);

      const rows = await one.database.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.productId, productId));
      expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'paid']);
      const [product] = await one.database.db.select().from(products).where(eq(products.id, productId));
      expect(product?.status).toBe('sold');
    }
  });

  it('one payment confirmed twice at once is applied once: the repeat is refused with 409', async () => {
    const productId = await addProduct(one.app, seller, { price: 321 });
    const { transactionId } = await startPayment(one.app, buyers[0]!, productId);
    const answers = await Promise.all([
      postPaidCallback(one, transactionId, 32_100),
      postPaidCallback(two, transactionId, 32_100),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [payment] = await one.database.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, transactionId));
    expect(payment?.status).toBe('paid');
  });
});

const book = (ctx: TestContext, buyer: Actor, productId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: bearer(buyer),
    payload: { productId, phone: '01711222333', place: 'Dhanmondi' },
  });

describe('booking the same laptop at the same moment', () => {
  it('the same buyer twice (a double click reaching two processes): one booking, one 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const productId = await addProduct(one.app, seller);
      const answers = await Promise.all([book(one, buyers[0]!, productId), book(two, buyers[0]!, productId)]);
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([201, 409]);
      const rows = await one.database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.productId, productId), eq(bookings.buyerId, buyers[0]!.id)));
      expect(rows).toHaveLength(1);
    }
  });

  it('two buyers at once: both requests stand, and a request alone leaves the laptop available', async () => {
    const productId = await addProduct(one.app, seller);
    const answers = await Promise.all([book(one, buyers[0]!, productId), book(two, buyers[1]!, productId)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const [product] = await one.database.db.select().from(products).where(eq(products.id, productId));
    expect(product?.status).toBe('available');
    expect(
      await one.database.db.select().from(bookings).where(eq(bookings.productId, productId)),
    ).toHaveLength(2);
  });
});

describe('the seller answering one request from two processes at once', () => {
  it('accept and decline race: exactly one stands, the other is a 409, the buyer is told once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const productId = await addProduct(one.app, seller);
      const booked = await book(one, buyers[0]!, productId);
      const id = (booked.json() as { insertedId: string }).insertedId;
      const moves = ['accept', 'decline'] as const;
      const answers = await Promise.all(
        [one, two].map((ctx, i) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/v1/bookings/${id}/${moves[i]}`,
            headers: bearer(seller),
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      const [row] = await one.database.db.select().from(bookings).where(eq(bookings.id, id));
      const [product] = await one.database.db.select().from(products).where(eq(products.id, productId));
      const winner = answers[0]!.statusCode === 200 ? 'accepted' : 'declined';
      expect(row?.state).toBe(winner);
      expect(product?.status).toBe(winner === 'accepted' ? 'booked' : 'available');
    }
  });
});
