import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_CHANNEL } from 'shared-contracts/notifications';
import { notify } from './notifications.service';
import {
  bearer,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let buyer: Actor;
let other: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [buyer, other] = await Promise.all([registerActor(ctx.app, 'buyer'), registerActor(ctx.app, 'buyer')]);
});
afterAll(async () => ctx?.close());

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, actor?: Actor, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });

const tell = (actor: Actor, productName: string) =>
  notify(ctx.app.deps.db, ctx.app.deps.mailer, {
    userId: actor.id,
    kind: 'booking-accepted',
    params: { productName },
    link: '/dashboard/my-orders',
  });

describe('notifications', () => {
  it('the bell lists only its owner’s events, newest first, and marks read up to the one it showed', async () => {
    await tell(buyer, 'First laptop');
    await tell(buyer, 'Second laptop');
    await tell(other, 'Not yours');
    const feed = (await inject('GET', '/notifications', buyer)).json();
    expect(feed.unread).toBe(2);
    expect(feed.items.map((n: { params: { productName: string } }) => n.params.productName)).toEqual([
      'Second laptop',
      'First laptop',
    ]);
    expect(feed.items[0]).toMatchObject({
      kind: 'booking-accepted',
      link: '/dashboard/my-orders',
      read: false,
    });

    // Read up to the older one: the newer one, arrived "while the bell was open", stays unread.
    const read = await inject('POST', '/notifications/read', buyer, { upTo: feed.items[1]._id });
    expect(read.json()).toEqual({ acknowledged: true, marked: 1 });
    expect((await inject('GET', '/notifications', buyer)).json().unread).toBe(1);
    expect((await inject('POST', '/notifications/read', buyer, {})).json().marked).toBe(1);
    expect((await inject('GET', '/notifications', buyer)).json().unread).toBe(0);
    // The other user's stays unread: one cannot mark someone else's.
    expect((await inject('GET', '/notifications', other)).json().unread).toBe(1);
  });

  it('each notification also writes one e-mail to the recipient in the outbox', async () => {
    await tell(other, 'Mailed laptop');
    const mails = await queryRows<{ to_address: string; subject: string }>(
      ctx,
      sql`select to_address, subject from email_outbox where kind = 'notification:booking-accepted' and subject like '%Mailed laptop%'`,
    );
    expect(mails).toEqual([
      { to_address: other.email, subject: 'SecondByte: Your booking of Mailed laptop was accepted' },
    ]);
  });

  it('the e-mail links to the page on the site’s public origin', async () => {
    await tell(other, 'Linked laptop');
    const [mail] = await queryRows<{ body: string; params: { link: string } }>(
      ctx,
      sql`select body, params from email_outbox where subject like '%Linked laptop%'`,
    );
    // The test app's WEB_ORIGIN.
    expect(mail?.params.link).toBe('http://localhost:3999/dashboard/my-orders');
    expect(mail?.body).toContain('Open it on SecondByte: http://localhost:3999/dashboard/my-orders\n');
  });

  it('is written in the recipient’s language: Bangla words, Bangla digits, taka as the site writes it', async () => {
    const reader = await registerActor(ctx.app, 'seller', 'Rahima Khatun');
    const chose = await inject('PATCH', `/users/${reader.email}`, reader, { language: 'bn' });
    expect(chose.json()).toMatchObject({ language: 'bn' });
    await notify(ctx.app.deps.db, ctx.app.deps.mailer, {
      userId: reader.id,
      kind: 'payment-received',
      params: { productName: 'ThinkPad T14', actorName: 'Karim', price: 123456.5 },
      link: '/dashboard/my-buyers',
    });
    await notify(ctx.app.deps.db, ctx.app.deps.mailer, {
      userId: reader.id,
      kind: 'review-received',
      params: { actorName: 'Karim', rating: 4 },
      link: '/dashboard/reviews',
    });
    const mails = await queryRows<{ subject: string; body: string; params: { language: string } }>(
      ctx,
      sql`select subject, body, params from email_outbox where to_address = ${reader.email} order by created_at`,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      'SecondByte: Karim ThinkPad T14-এর জন্য ৳১,২৩,৪৫৬.৫০ পরিশোধ করেছেন',
      'SecondByte: Karim আপনাকে রিভিউ দিয়েছেন: ৫-এর মধ্যে ৪',
    ]);
    expect(mails[0]?.body).toBe(
      'প্রিয় Rahima Khatun,\n\nKarim ThinkPad T14-এর জন্য ৳১,২৩,৪৫৬.৫০ পরিশোধ করেছেন।\n\n' +
        'SecondByte-এ খুলুন: http://localhost:3999/dashboard/my-buyers\n',
    );
    expect(mails[0]?.params.language).toBe('bn');
    // Back to English: the next e-mail follows, with Western digits.
    await inject('PATCH', `/users/${reader.email}`, reader, { language: 'en' });
    await notify(ctx.app.deps.db, ctx.app.deps.mailer, {
      userId: reader.id,
      kind: 'payout-paid',
      params: { price: 1234.5 },
      link: '/dashboard/payouts',
    });
    const [latest] = await queryRows<{ subject: string }>(
      ctx,
      sql`select subject from email_outbox where to_address = ${reader.email} and kind = 'notification:payout-paid'`,
    );
    expect(latest?.subject).toBe('SecondByte: Your payout of ৳1,234.50 has been sent');
  });

  it('the live event leaves only when the transaction commits', async () => {
    const heard: string[] = [];
    const listening = await ctx.database.notifications.listen(LIVE_EVENTS_CHANNEL, {
      onNotify: (payload) => heard.push(payload),
      onReset: () => {},
      onError: () => {},
    });
    try {
      await ctx.app.deps.db
        .transaction(async (tx) => {
          await notify(tx, ctx.app.deps.mailer, {
            userId: buyer.id,
            kind: 'message',
            params: {},
            link: '/dashboard/messages',
          });
          tx.rollback();
        })
        .catch(() => {});
      await tell(buyer, 'Committed');
      await expect.poll(() => heard.length).toBe(1);
      expect(JSON.parse(heard[0] as string)).toEqual({ userId: buyer.id, type: 'notification' });
      expect((await inject('GET', '/notifications', buyer)).json().items[0].params.productName).toBe(
        'Committed',
      );
    } finally {
      await listening.stop();
    }
  });

  it('refuses a signed-out caller and a malformed id', async () => {
    expect((await inject('GET', '/notifications')).statusCode).toBe(401);
    const bad = await inject('POST', '/notifications/read', buyer, { upTo: '1; drop table' });
    expect(bad.statusCode).toBe(400);
  });
});
