import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema/index';
import type { Executor } from '../db/index';
import { notify } from '../modules/notifications/notifications.service';
import { registerActor, startPeerApp, startTestApp, type TestContext } from '../test/harness';
import { createMailer, MAX_ATTEMPTS, type OutgoingEmail } from './mailer';

/** A minimal SMTP server (enough for nodemailer) that records what it receives. */
function startSmtpServer() {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl).toUpperCase();
        buffer = buffer.slice(nl + 2);
        if (line.startsWith('EHLO')) socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise<{ port: number; messages: string[]; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({ port, messages, close: () => server.close() });
    });
  });
}

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  [ctx, smtp] = await Promise.all([startTestApp(), startSmtpServer()]);
});
afterAll(async () => {
  smtp?.close();
  await ctx?.close();
});

const contact = (body: string): OutgoingEmail => ({
  kind: 'contact',
  to: 'support@secondbyte.test',
  replyTo: 'ann@example.test',
  subject: 'Contact form: Ann',
  body,
  params: { user_name: 'Ann' },
});
const rowOf = async (id: string) =>
  (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
/** Makes a waiting retry due now, as time passing would. */
const makeDue = (id: string) =>
  ctx.database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(emailOutbox.id, id));

describe('mail outbox', () => {
  it('stores the message in the transaction and relays it once, after the commit', async () => {
    const mailer = createMailer({ ...ctx.config, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    expect(mailer.relays).toBe(true);
    const id = await ctx.database.db.transaction(async (tx) => {
      const { id, status } = await mailer.enqueue(tx, contact('Hello from the test'));
      expect(status).toBe('queued');
      return id;
    });
    expect(smtp.messages.join('\n')).not.toContain('Hello from the test');
    expect(await mailer.deliverDue(ctx.database.db)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages.filter((m) => m.includes('Hello from the test'))).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      toAddress: 'support@secondbyte.test',
      attempts: 1,
    });
    expect((await rowOf(id))?.sentAt).toBeInstanceOf(Date);
    // Sent is sent: the next round finds nothing.
    expect(await mailer.deliverDue(ctx.database.db)).toEqual({ sent: 0, failed: 0 });
  });

  it('gives a message with an unsubscribe address the one-click List-Unsubscribe headers, and others none', async () => {
    const mailer = createMailer({ ...ctx.config, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    const url = 'https://api.secondbyte.test/api/v1/saved-searches/unsubscribe?token=abc';
    await mailer.enqueue(ctx.database.db, {
      ...contact('Digest with a way out'),
      params: { unsubscribe: url },
    });
    await mailer.enqueue(ctx.database.db, contact('Plain contact message'));
    expect(await mailer.deliverDue(ctx.database.db)).toEqual({ sent: 2, failed: 0 });
    const digest = smtp.messages.find((m) => m.includes('Digest with a way out')) ?? '';
    const plain = smtp.messages.find((m) => m.includes('Plain contact message')) ?? '';
    // A long header is folded onto the next line (RFC 5322), which is still one header.
    expect(digest).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/api\.secondbyte\.test\/api\/v1\/saved-searches\/unsubscribe\?token=abc>\r?$/m,
    );
    expect(digest).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(plain).not.toContain('List-Unsubscribe');
  });

  it('leaves nothing to send when the transaction rolls back', async () => {
    const mailer = createMailer({ ...ctx.config, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    let id = '';
    await ctx.database.db
      .transaction(async (tx) => {
        id = (await mailer.enqueue(tx, contact('Never sent'))).id;
        tx.rollback();
      })
      .catch(() => {});
    expect(await rowOf(id)).toBeUndefined();
    expect(await mailer.deliverDue(ctx.database.db)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages.join('\n')).not.toContain('Never sent');
  });

  it('retries a relay that is down, later each time, and gives up after the last attempt', async () => {
    const mailer = createMailer({ ...ctx.config, smtpUrl: 'smtp://127.0.0.1:1' });
    const { id } = await mailer.enqueue(ctx.database.db, contact('Relay is down'));
    expect(await mailer.deliverDue(ctx.database.db)).toEqual({ sent: 0, failed: 1 });
    const first = await rowOf(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first?.error).toBeTruthy();
    // Not due yet: the first retry waits a minute.
    expect(first!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await mailer.deliverDue(ctx.database.db)).toEqual({ sent: 0, failed: 0 });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(id);
      await mailer.deliverDue(ctx.database.db);
    }
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    await makeDue(id);
    expect(await mailer.deliverDue(ctx.database.db)).toEqual({ sent: 0, failed: 0 });
  });

  it('only stores when SMTP_URL is not set, and turning SMTP on later never sends that mail', async () => {
    const storing = createMailer({ ...ctx.config, smtpUrl: undefined });
    expect(storing.relays).toBe(false);
    const { id, status } = await storing.enqueue(ctx.database.db, contact('Stored only'));
    expect(status).toBe('queued');
    expect((await rowOf(id))?.nextAttemptAt).toBeNull();
    const relaying = createMailer({ ...ctx.config, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    await relaying.deliverDue(ctx.database.db);
    expect(smtp.messages.join('\n')).not.toContain('Stored only');
  });
});

describe('mail from a running API with SMTP_URL set', () => {
  it('a committed notification is relayed once, soon after its commit; a rolled-back one never', async () => {
    // A second API process on the same database, with a relay: the one that sends.
    const app = await startPeerApp(ctx, { smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const reader = await registerActor(app.app, 'buyer', 'Mail Reader');
      const tell = (tx: Executor, productName: string) =>
        notify(tx, app.app.deps.mailer, {
          userId: reader.id,
          kind: 'booking-accepted',
          params: { productName },
          link: '/dashboard/my-orders',
        });
      await app.app.deps.db
        .transaction(async (tx) => {
          await tell(tx, 'Rolled back laptop');
          tx.rollback();
        })
        .catch(() => {});
      await app.app.deps.db.transaction((tx) => tell(tx, 'Committed laptop'));
      const about = (name: string) => smtp.messages.filter((m) => m.includes(name)).length;
      // The commit's NOTIFY starts a delivery round: no timer, no test call.
      await expect.poll(() => about('Committed laptop'), { timeout: 10_000 }).toBe(1);
      expect(about('Rolled back laptop')).toBe(0);
      expect(smtp.messages.find((m) => m.includes('Committed laptop'))).toContain(
        'http://localhost:3999/dashboard/my-orders',
      );
    } finally {
      await app.close();
    }
  });
});
