import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, newsletterSubscribers } from './db/schema/index';
import { multipart, startTestApp, type TestContext } from './test/harness';

// The newsletter and the contact form need no account, so each client address gets a budget of
// PUBLIC_WRITE_LIMIT_PER_MINUTE requests per minute (3 here, to keep the test short).
const LIMIT = '3';

const subscribe = (
  ctx: TestContext,
  email: string,
  client: { remoteAddress?: string; forwardedFor?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter',
    payload: { email },
    remoteAddress: client.remoteAddress,
    headers: client.forwardedFor ? { 'x-forwarded-for': client.forwardedFor } : {},
  });

const subscribers = async (ctx: TestContext, email: string) =>
  ctx.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));

describe('without a trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ PUBLIC_WRITE_LIMIT_PER_MINUTE: LIMIT });
  });
  afterAll(async () => ctx?.close());

  it('answers 429 with a clear message once a client has used its newsletter budget, and stores nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await subscribe(ctx, `fan${i}@example.test`)).statusCode).toBe(200);
    const refused = await subscribe(ctx, 'one-too-many@example.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await subscribers(ctx, 'one-too-many@example.test')).toHaveLength(0);
  });

  it('counts each client address on its own, and ignores an X-Forwarded-For it cannot trust', async () => {
    expect((await subscribe(ctx, 'spoof@example.test', { forwardedFor: '203.0.113.9' })).statusCode).toBe(
      429,
    );
    const other = await subscribe(ctx, 'neighbour@example.test', { remoteAddress: '198.51.100.7' });
    expect(other.statusCode).toBe(200);
    expect(await subscribers(ctx, 'neighbour@example.test')).toHaveLength(1);
  });

  it('gives both contact endpoints one budget, refusing in plain text as EmailJS does', async () => {
    const contact = {
      lib_version: '4.4.1',
      user_id: 'demo-public-key',
      service_id: 'service_secondbyte',
      template_id: 'template_contact',
      template_params: { user_name: 'Ann', user_email: 'ann@example.test', message: 'Hello' },
    };
    const sendJson = () =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/emailjs/api/v1.0/email/send', payload: contact });
    const sendForm = () => {
      const body = multipart({
        ...contact.template_params,
        lib_version: contact.lib_version,
        user_id: contact.user_id,
        service_id: contact.service_id,
        template_id: contact.template_id,
      });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/emailjs/api/v1.0/email/send-form',
        headers: body.headers,
        payload: body.payload,
      });
    };
    expect((await sendJson()).body).toBe('OK');
    expect((await sendForm()).body).toBe('OK');
    expect((await sendJson()).body).toBe('OK');
    const queued = (await ctx.database.db.select().from(emailOutbox)).length;

    const refused = await sendForm();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('text/plain');
    expect(refused.body).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
    expect((await ctx.database.db.select().from(emailOutbox)).length).toBe(queued);
  });
});

describe('behind one trusted proxy (TRUST_PROXY_HOPS=1, as in docker-compose.yml)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ PUBLIC_WRITE_LIMIT_PER_MINUTE: LIMIT, TRUST_PROXY_HOPS: '1' });
  });
  afterAll(async () => ctx?.close());

  it('counts the client the proxy names, not the proxy', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await subscribe(ctx, `a${i}@example.test`, { forwardedFor: '203.0.113.1' })).statusCode).toBe(
        200,
      );
    }
    expect((await subscribe(ctx, 'a3@example.test', { forwardedFor: '203.0.113.1' })).statusCode).toBe(429);
    expect((await subscribe(ctx, 'b0@example.test', { forwardedFor: '203.0.113.2' })).statusCode).toBe(200);
  });
});
