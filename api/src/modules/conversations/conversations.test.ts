import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  demoActor,
  queryRows,
  registerActor,
  startPeerApp,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let seller: Actor;
let buyer: Actor;
let stranger: Actor;
let admin: Actor;
let productId: string;
beforeAll(async () => {
  // Long enough for the live-delivery test to hear its event on one stream.
  ctx = await startTestApp({ LIVE_STREAM_MAX_SECONDS: '30' });
  [seller, buyer, stranger, admin] = await Promise.all([
    registerActor(ctx.app, 'seller', 'Rahim Seller'),
    registerActor(ctx.app, 'buyer', 'Karim Buyer'),
    registerActor(ctx.app, 'buyer', 'Someone Else'),
    demoActor(ctx.app, 'admin'),
  ]);
  productId = await addProduct(ctx.app, seller, { productName: 'ThinkPad X1 Carbon' });
}, 60_000);
afterAll(async () => ctx?.close());

const inject = (method: 'GET' | 'POST', url: string, actor?: Actor, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });

const ask = (actor: Actor, text: string, product = productId) =>
  inject('POST', '/conversations', actor, { productId: product, text });

const messagesEmailedTo = async (email: string) =>
  (
    await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from email_outbox where to_address = ${email} and kind = 'notification:message'`,
    )
  )[0]!.n;

describe('conversations', () => {
  it('a buyer asks, the seller answers, both inboxes show it with unread counts', async () => {
    const asked = await ask(buyer, '  Is the battery original?  ');
    expect(asked.statusCode).toBe(201);
    const { _id: id, created } = asked.json();
    expect(created).toBe(true);

    const sellerInbox = (await inject('GET', '/conversations', seller)).json();
    expect(sellerInbox).toHaveLength(1);
    expect(sellerInbox[0]).toMatchObject({
      _id: id,
      productId,
      productName: 'ThinkPad X1 Carbon',
      role: 'seller',
      otherName: 'Karim Buyer',
      unread: 1,
      lastMessage: { body: 'Is the battery original?', mine: false },
    });
    expect((await inject('GET', '/conversations/unread-count', seller)).json()).toEqual({ unread: 1 });
    expect((await inject('GET', '/conversations/unread-count', buyer)).json()).toEqual({ unread: 0 });

    const answered = await inject('POST', `/conversations/${id}/messages`, seller, { text: 'Yes, 91 %.' });
    expect(answered.statusCode).toBe(201);
    // Answering means having read the question.
    expect((await inject('GET', '/conversations/unread-count', seller)).json()).toEqual({ unread: 0 });
    expect((await inject('GET', '/conversations/unread-count', buyer)).json()).toEqual({ unread: 1 });

    const thread = (await inject('GET', `/conversations/${id}`, buyer)).json();
    expect(thread.messages.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ['Is the battery original?', true],
      ['Yes, 91 %.', false],
    ]);
    expect(thread).toMatchObject({ role: 'buyer', otherName: 'Rahim Seller', sellerName: 'Rahim Seller' });

    // `since` answers only what came after; reading clears the count.
    const since = (await inject('GET', `/conversations/${id}?since=${thread.messages[0]._id}`, buyer)).json();
    expect(since.messages.map((m: { body: string }) => m.body)).toEqual(['Yes, 91 %.']);
    const read = await inject('POST', `/conversations/${id}/read`, buyer, { upTo: thread.messages[1]._id });
    expect(read.json()).toEqual({ acknowledged: true, readUpTo: thread.messages[1]._id });
    expect((await inject('GET', '/conversations/unread-count', buyer)).json()).toEqual({ unread: 0 });
    // Never backwards.
    await inject('POST', `/conversations/${id}/read`, buyer, { upTo: '1' });
    expect((await inject('GET', '/conversations/unread-count', buyer)).json()).toEqual({ unread: 0 });

    // Asking again joins the same conversation.
    const again = await ask(buyer, 'And the charger?');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ _id: id, created: false });
    expect((await inject('GET', '/conversations', buyer)).json()).toHaveLength(1);
  });

  it('keeps the text as written: no HTML is interpreted, the length is bounded, blank is refused', async () => {
    const html = '<img src=x onerror=alert(1)> https://evil.example/?q=<b>';
    const asked = await ask(stranger, html);
    expect(asked.statusCode).toBe(201);
    const thread = (await inject('GET', `/conversations/${asked.json()._id}`, stranger)).json();
    expect(thread.messages.at(-1).body).toBe(html);

    expect((await ask(stranger, '   ')).statusCode).toBe(400);
    expect((await ask(stranger, 'x'.repeat(2001))).statusCode).toBe(400);
    const longest = await inject('POST', `/conversations/${asked.json()._id}/messages`, stranger, {
      text: 'x'.repeat(2000),
    });
    expect(longest.statusCode).toBe(201);
  });

  it('refuses a conversation about one’s own listing, a sold one or one that does not exist', async () => {
    const own = await ask(seller, 'Talking to myself');
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('own_listing');

    const sold = await addProduct(ctx.app, seller, { productName: 'Sold laptop' });
    await queryRows(ctx, sql`update products set status = 'sold' where id = ${sold}`);
    const refused = await ask(buyer, 'Still there?', sold);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('product_sold');
    expect(
      (
        await queryRows<{ n: number }>(
          ctx,
          sql`select count(*)::int as n from conversations where product_id = ${sold}`,
        )
      )[0]!.n,
    ).toBe(0);

    expect((await ask(buyer, 'Hello?', 'no-such-product')).statusCode).toBe(404);
    expect((await ask(buyer, 'Hello?')).statusCode).toBe(200);
  });

  it('only the two people read and write; an admin reads; anyone else is told it does not exist', async () => {
    const { _id: id } = (await ask(buyer, 'Private question')).json();
    const outsider = await registerActor(ctx.app, 'seller', 'Outsider');
    for (const actor of [stranger, outsider]) {
      const answers = await Promise.all([
        inject('GET', `/conversations/${id}`, actor),
        inject('POST', `/conversations/${id}/messages`, actor, { text: 'Let me in' }),
        inject('POST', `/conversations/${id}/read`, actor, { upTo: '999' }),
        inject('POST', `/conversations/${id}/report`, actor, { reason: 'Nosy' }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
      expect(answers.every((a) => a.json().error === 'conversation_not_found')).toBe(true);
      const inbox = (await inject('GET', '/conversations', actor)).json() as { _id: string }[];
      expect(inbox.some((c) => c._id === id)).toBe(false);
    }
    expect((await inject('GET', `/conversations/${id}`)).statusCode).toBe(401);

    const asAdmin = await inject('GET', `/conversations/${id}`, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ role: null, buyerName: 'Karim Buyer', unread: 0 });
    const adminWrites = await inject('POST', `/conversations/${id}/messages`, admin, { text: 'Admin here' });
    expect(adminWrites.statusCode).toBe(403);
    expect(adminWrites.json().error).toBe('not_a_participant');
  });

  it('e-mails the recipient once per conversation until they read it, and not while they are reading', async () => {
    const product = await addProduct(ctx.app, seller, { productName: 'Dell Latitude' });
    const before = await messagesEmailedTo(seller.email);
    const { _id: cid } = (await ask(buyer, 'First', product)).json();
    await inject('POST', `/conversations/${cid}/messages`, buyer, { text: 'Second' });
    await inject('POST', `/conversations/${cid}/messages`, buyer, { text: 'Third' });
    // Three messages, one e-mail.
    const afterBurst = await messagesEmailedTo(seller.email);
    expect(afterBurst - before).toBe(1);
    const thread = (await inject('GET', `/conversations/${cid}`, seller)).json();
    await inject('POST', `/conversations/${cid}/read`, seller, { upTo: thread.messages.at(-1)._id });
    await inject('POST', `/conversations/${cid}/messages`, buyer, { text: 'While you are reading' });
    expect(await messagesEmailedTo(seller.email)).toBe(afterBurst);
    // Away for a while: the next message is e-mailed again, once.
    await queryRows(
      ctx,
      sql`update conversations set seller_seen_at = now() - interval '1 hour' where id = ${cid}`,
    );
    await inject('POST', `/conversations/${cid}/messages`, buyer, { text: 'Are you there?' });
    await inject('POST', `/conversations/${cid}/messages`, buyer, { text: 'Hello?' });
    expect(await messagesEmailedTo(seller.email)).toBe(afterBurst + 1);
    const [bell] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from notifications where user_id = ${seller.id} and kind = 'message' and params->>'conversationId' = ${cid}`,
    );
    expect(bell!.n).toBe(6);
  });

  it('a participant reports a conversation and admins see it in Reported Items', async () => {
    const { _id: id } = (await ask(buyer, 'Pay me outside the site?')).json();
    const reported = await inject('POST', `/conversations/${id}/report`, seller, {
      reason: 'Wants to pay outside',
    });
    expect(reported.statusCode).toBe(201);
    const twice = await inject('POST', `/conversations/${id}/report`, seller, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('already_reported_conversation');
    const list = (await inject('GET', '/reports?limit=100', admin)).json() as {
      _id: string;
      conversationId: string | null;
      productId: string;
    }[];
    expect(list.find((r) => r._id === reported.json().insertedId)).toMatchObject({
      conversationId: id,
      productId,
    });
  });
});

describe('a long conversation', () => {
  it('pages back from the newest 100 with before=, without gaps or repeats, and says when none are older', async () => {
    const talker = await registerActor(ctx.app, 'buyer', 'Long Talker');
    const product = await addProduct(ctx.app, seller, { productName: 'Dell Latitude 7420' });
    const { _id: id } = (await ask(talker, 'Message 0', product)).json();
    // 150 more, written straight to the table: the API's own rate limits would make this slow.
    await queryRows(
      ctx,
      sql`insert into messages (conversation_id, sender_id, body)
          select ${id}, ${talker.id}, 'Message ' || n from generate_series(1, 150) as n`,
    );
    const newest = (await inject('GET', `/conversations/${id}`, seller)).json();
    expect(newest.messages).toHaveLength(100);
    expect(newest.messages.at(-1).body).toBe('Message 150');
    expect(newest.hasOlder).toBe(true);
    const older = (
      await inject('GET', `/conversations/${id}?before=${newest.messages[0]._id}`, seller)
    ).json();
    expect(older.messages).toHaveLength(51);
    expect(older.hasOlder).toBe(false);
    const bodies = [...older.messages, ...newest.messages].map((m: { body: string }) => m.body);
    expect(bodies).toEqual(Array.from({ length: 151 }, (_, n) => `Message ${n}`));
    // A stranger cannot page through it either.
    const peek = await inject('GET', `/conversations/${id}?before=${newest.messages[0]._id}`, stranger);
    expect(peek.statusCode).toBe(404);
  });
});

describe('the inbox as a list', () => {
  it('pages, sorts and searches on the server, as far as conversation 201', async () => {
    const busy = await registerActor(ctx.app, 'seller', 'Busy Seller');
    const talker = await registerActor(ctx.app, 'buyer', 'Inbox Talker');
    const template = await addProduct(ctx.app, busy, { productName: 'Inbox Laptop 000' });
    // 200 more listings and a conversation about each of the 201, the oldest activity first.
    await queryRows(
      ctx,
      sql`insert into products (id, seller_id, category_id, name, price_cents, quality, phone, location,
            description, year, image_url, created_at)
          select gen_random_uuid()::text, seller_id, category_id,
            'Inbox Laptop ' || lpad(n::text, 3, '0'), price_cents, quality, phone, location, description,
            year, image_url, created_at
          from products, generate_series(1, 200) as n where id = ${template}`,
    );
    await queryRows(
      ctx,
      sql`insert into conversations (id, product_id, buyer_id, seller_id, last_message_at)
          select gen_random_uuid()::text, p.id, ${talker.id}, p.seller_id,
            now() - interval '1 day' + (substring(p.name from 14)::int) * interval '1 second'
          from products p where p.seller_id = ${busy.id}`,
    );
    const names = async (url: string) => {
      const res = await inject('GET', url, talker);
      expect(res.statusCode).toBe(200);
      return {
        total: Number(res.headers['x-total-count']),
        names: (res.json() as { productName: string }[]).map((c) => c.productName),
      };
    };
    // Latest activity first: page 3 of 100 ends at the oldest, the 201st.
    const first = await names('/conversations?limit=100');
    expect(first.total).toBe(201);
    expect(first.names[0]).toBe('Inbox Laptop 200');
    const last = await names('/conversations?limit=100&page=3');
    expect(last.names).toEqual(['Inbox Laptop 000']);
    // By listing name, and a search on it or on the other person's name.
    expect((await names('/conversations?sort=productName&limit=2')).names).toEqual([
      'Inbox Laptop 000',
      'Inbox Laptop 001',
    ]);
    expect(await names('/conversations?q=laptop%20150')).toEqual({ total: 1, names: ['Inbox Laptop 150'] });
    expect((await names('/conversations?q=busy%20sel&limit=1')).total).toBe(201);
    // Searching one's own name finds nothing: it is the other person's that counts.
    expect((await names('/conversations?q=inbox%20talker')).total).toBe(0);
    // A bad sort is refused, naming the field.
    const bad = await inject('GET', '/conversations?sort=unread', talker);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('sort');
  });
});

describe('live events', () => {
  it('a stream hears a message written through another API process, and ends cleanly on close', async () => {
    const peer = await startPeerApp(ctx);
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/events`, {
        headers: { authorization: `Bearer ${seller.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      const until = async (text: string) => {
        const deadline = Date.now() + 10_000;
        while (!received.includes(text)) {
          if (Date.now() > deadline) throw new Error(`no "${text}" in ${JSON.stringify(received)}`);
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before "${text}": ${JSON.stringify(received)}`);
          received += decoder.decode(value, { stream: true });
        }
      };
      // On connect: refetch everything.
      await until('event: reset');
      const peerAsk = await peer.app.inject({
        method: 'POST',
        url: '/api/v1/conversations',
        headers: bearer(buyer),
        payload: { productId, text: 'Through the other process' },
      });
      expect(peerAsk.statusCode).toBe(200);
      await until('event: message');
      // Events only say what changed; the body is never in them.
      expect(received).not.toContain('Through the other process');
    } finally {
      await peer.close();
    }
  }, 30_000);
});
