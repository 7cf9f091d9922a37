import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block, UserBlocks } from 'shared-contracts/blocks';
import type { ConversationDetail } from 'shared-contracts/conversations';
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

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await demoActor(ctx.app, 'admin');
});
afterAll(async () => ctx?.close());

const call = (actor: Actor | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });

const REFUSAL = {
  error: 'blocked',
  message:
    'This conversation is closed: a block stops messages, offers and bookings between you and this person',
};

/** A seller, a buyer, a listing of 80,000 taka and the buyer's question about it. */
async function conversing(tag: string) {
  const [seller, buyer] = await Promise.all([
    registerActor(ctx.app, 'seller', `Seller ${tag}`),
    registerActor(ctx.app, 'buyer', `Buyer ${tag}`),
  ]);
  const productId = await addProduct(ctx.app, seller, { price: 80000 });
  const started = await call(buyer, 'POST', '/conversations', { productId, text: 'Is it still available?' });
  expect(started.statusCode).toBe(201);
  return { seller, buyer, productId, conversationId: started.json<{ _id: string }>()._id };
}

const counts = async (productId: string) => {
  const [row] = await queryRows<{ messages: string; offers: string; bookings: string }>(
    ctx,
    sql`select (select count(*) from messages m join conversations c on c.id = m.conversation_id
                 where c.product_id = ${productId}) as messages,
               (select count(*) from offers where product_id = ${productId}) as offers,
               (select count(*) from bookings where product_id = ${productId}) as bookings`,
  );
  return { messages: Number(row!.messages), offers: Number(row!.offers), bookings: Number(row!.bookings) };
};

const book = (actor: Actor, productId: string) =>
  call(actor, 'POST', '/bookings', { productId, phone: '01711222333', place: 'Banani 11' });

describe('blocking', () => {
  for (const blockerSide of ['buyer', 'seller'] as const) {
    it(`blocked by the ${blockerSide}: messages, offers and bookings are refused both ways and change nothing`, async () => {
      const people = await conversing(`blocked-by-${blockerSide}`);
      const { seller, buyer, productId, conversationId } = people;
      const blocker = people[blockerSide];
      const blocked = blockerSide === 'buyer' ? seller : buyer;
      const before = await counts(productId);

      expect((await call(blocker, 'POST', `/conversations/${conversationId}/block`)).statusCode).toBe(201);
      for (const who of [buyer, seller]) {
        const res = await call(who, 'POST', `/conversations/${conversationId}/messages`, { text: 'Hello?' });
        expect(res.statusCode).toBe(403);
        // The same words for both: the blocked person is not told who blocked.
        expect(res.json()).toEqual(REFUSAL);
      }
      const again = await call(buyer, 'POST', '/conversations', { productId, text: 'Hello again' });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual(REFUSAL);
      const offered = await call(buyer, 'POST', '/offers', { productId, amount: 60000 });
      expect(offered.statusCode).toBe(403);
      expect(offered.json()).toEqual(REFUSAL);
      const booked = await book(buyer, productId);
      expect(booked.statusCode).toBe(403);
      expect(booked.json()).toEqual(REFUSAL);
      // The seller's other listing too: the block is between the people, not about one laptop.
      const other = await addProduct(ctx.app, seller, { price: 50000 });
      expect((await book(buyer, other)).statusCode).toBe(403);
      expect(await counts(productId)).toEqual(before);

      const readBlocked = await call(blocked, 'GET', `/conversations/${conversationId}`);
      expect(readBlocked.json<ConversationDetail>()).toMatchObject({ closed: true, blockedByMe: false });
      const readBlocker = await call(blocker, 'GET', `/conversations/${conversationId}`);
      expect(readBlocker.json<ConversationDetail>()).toMatchObject({ closed: true, blockedByMe: true });

      // Only the blocker lifts it.
      const lift = await call(blocked, 'DELETE', `/conversations/${conversationId}/block`);
      expect(lift.statusCode).toBe(404);
      expect(lift.json()).toMatchObject({ error: 'block_not_found' });
      expect((await call(blocker, 'DELETE', `/conversations/${conversationId}/block`)).statusCode).toBe(200);
      const sent = await call(blocked, 'POST', `/conversations/${conversationId}/messages`, {
        text: 'Thanks',
      });
      expect(sent.statusCode).toBe(201);
      expect((await call(buyer, 'POST', '/offers', { productId, amount: 60000 })).statusCode).toBe(201);
      expect((await book(buyer, productId)).statusCode).toBe(201);
      expect((await call(blocker, 'GET', `/conversations/${conversationId}`)).json()).toMatchObject({
        closed: false,
        blockedByMe: false,
      });
    });
  }

  it('stops the seller answering an open offer, but either may still decline it', async () => {
    const { seller, buyer, productId, conversationId } = await conversing('offer-answer');
    const made = await call(buyer, 'POST', '/offers', { productId, amount: 60000 });
    expect(made.statusCode).toBe(201);
    const offerId = made.json<{ _id: string }>()._id;
    await call(buyer, 'POST', `/conversations/${conversationId}/block`);
    const countered = await call(seller, 'POST', `/offers/${offerId}/counter`, { amount: 70000 });
    expect(countered.statusCode).toBe(403);
    expect(countered.json()).toEqual(REFUSAL);
    expect((await call(seller, 'POST', `/offers/${offerId}/accept`)).statusCode).toBe(403);
    const [row] = await queryRows<{ state: string }>(
      ctx,
      sql`select state from offers where id = ${offerId}`,
    );
    expect(row!.state).toBe('pending');
    expect((await call(seller, 'POST', `/offers/${offerId}/decline`)).statusCode).toBe(200);
  });

  it('lets only the conversation’s two people block: others get 404, an operator 404 too', async () => {
    const { productId, conversationId } = await conversing('outsider');
    const outsider = await registerActor(ctx.app, 'buyer', 'Outside Olga');
    for (const who of [outsider, admin]) {
      const res = await call(who, 'POST', `/conversations/${conversationId}/block`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'conversation_not_found' });
    }
    expect((await call(null, 'POST', `/conversations/${conversationId}/block`)).statusCode).toBe(401);
    expect((await call(outsider, 'POST', '/conversations/nope/block')).statusCode).toBe(404);
    const [row] = await queryRows<{ n: string }>(
      ctx,
      sql`select count(*) as n from blocks b join conversations c on c.id = b.conversation_id
          where c.product_id = ${productId}`,
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('lists the blocker’s blocked people paged and searched, and unblocks from the list', async () => {
    const blocker = await registerActor(ctx.app, 'buyer', 'Listing Lina');
    const names: string[] = [];
    for (const name of ['Arif Anwar', 'Bashir Bari', 'Chandni Chowdhury']) {
      const seller = await registerActor(ctx.app, 'seller', name);
      const productId = await addProduct(ctx.app, seller, { price: 40000 });
      const started = await call(blocker, 'POST', '/conversations', { productId, text: 'Hi' });
      await call(blocker, 'POST', `/conversations/${started.json<{ _id: string }>()._id}/block`);
      names.push(name);
    }
    const page = await call(blocker, 'GET', '/blocks?limit=2&sort=name');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json<Block[]>().map((b) => b.name)).toEqual(['Arif Anwar', 'Bashir Bari']);
    const searched = await call(blocker, 'GET', '/blocks?q=chand');
    const found = searched.json<Block[]>();
    expect(found.map((b) => b.name)).toEqual(['Chandni Chowdhury']);
    expect((await call(blocker, 'GET', '/blocks?sort=nope')).statusCode).toBe(400);
    expect((await call(blocker, 'DELETE', `/blocks/${found[0]!.userId}`)).statusCode).toBe(200);
    const missing = await call(blocker, 'DELETE', `/blocks/${found[0]!.userId}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: 'block_not_found',
      message: 'You have not blocked this person',
    });
    expect((await call(blocker, 'GET', '/blocks')).headers['x-total-count']).toBe('2');
  });

  it('shows operators a user’s blocks given and received; nobody else may read them', async () => {
    const { seller, buyer, conversationId } = await conversing('operator');
    await call(seller, 'POST', `/conversations/${conversationId}/block`);
    const asAdmin = await call(admin, 'GET', `/admin/users/${seller.id}/blocks`);
    expect(asAdmin.statusCode).toBe(200);
    const record = asAdmin.json<UserBlocks>();
    expect(record.given.map((b) => [b.userId, b.conversationId])).toEqual([[buyer.id, conversationId]]);
    expect(record.received).toEqual([]);
    const other = await call(admin, 'GET', `/admin/users/${buyer.id}/blocks`);
    expect(other.json<UserBlocks>().received.map((b) => b.userId)).toEqual([seller.id]);
    for (const who of [seller, buyer]) {
      expect((await call(who, 'GET', `/admin/users/${seller.id}/blocks`)).statusCode).toBe(403);
    }
    // An operator reading the conversation sees it closed, without being its blocker.
    expect((await call(admin, 'GET', `/conversations/${conversationId}`)).json()).toMatchObject({
      closed: true,
      blockedByMe: false,
    });
  });
});
