import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  demoActor,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let admin: Actor;
let buyer: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await demoActor(ctx.app, 'admin');
  buyer = await registerActor(ctx.app, 'buyer');
});
afterAll(async () => ctx?.close());

describe('GET /outbox', () => {
  it('shows the admin a contact message once the EmailJS endpoint accepted it, newest first', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/emailjs/api/v1.0/email/send',
      payload: {
        user_id: 'demo-public-key',
        service_id: 'service_secondbyte',
        template_id: 'template_contact',
        template_params: { user_name: 'Outbox Olive', user_email: 'olive@example.test', message: 'Hello' },
      },
    });
    expect(sent.statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const [latest] = res.json() as Array<Record<string, unknown>>;
    expect(latest).toMatchObject({
      kind: 'contact',
      replyTo: 'olive@example.test',
      subject: 'Contact form: Outbox Olive',
      status: 'queued',
    });
    expect(latest).not.toHaveProperty('body');
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/outbox' })).statusCode).toBe(401);
    const asBuyer = await ctx.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: bearer(buyer) });
    expect(asBuyer.statusCode).toBe(403);
  });

  it('refuses a bad page with 400', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/outbox?page=0', headers: bearer(admin) });
    expect(res.statusCode).toBe(400);
  });
});
