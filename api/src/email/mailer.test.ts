import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema/index';
import { startTestApp, type TestContext } from '../test/harness';
import { createMailer } from './mailer';

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

describe('mail outbox', () => {
  it('stores every message and relays it over SMTP when SMTP_URL is set', async () => {
    const mailer = createMailer({ ...ctx.config, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    expect(mailer.relays).toBe(true);
    const { id, status } = await mailer.enqueue(ctx.database.db, {
      kind: 'contact',
      to: 'support@secondbyte.test',
      replyTo: 'ann@example.test',
      subject: 'Contact form: Ann',
      body: 'Hello from the test',
      params: { user_name: 'Ann' },
    });
    expect(status).toBe('sent');
    expect(smtp.messages.join('\n')).toContain('Hello from the test');
    const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', toAddress: 'support@secondbyte.test' });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps the message with status failed when the relay is down', async () => {
    const mailer = createMailer({ ...ctx.config, smtpUrl: 'smtp://127.0.0.1:1' });
    const { id, status } = await mailer.enqueue(ctx.database.db, {
      kind: 'contact',
      to: 'support@secondbyte.test',
      subject: 's',
      body: 'b',
      params: {},
    });
    expect(status).toBe('failed');
    const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.error).toBeTruthy();
  });

  it('only stores when SMTP_URL is not set', async () => {
    const mailer = createMailer({ ...ctx.config, smtpUrl: undefined });
    expect(mailer.relays).toBe(false);
    const { status } = await mailer.enqueue(ctx.database.db, {
      kind: 'x',
      to: 'a@b.test',
      subject: 's',
      body: 'b',
      params: {},
    });
    expect(status).toBe('queued');
  });
});
