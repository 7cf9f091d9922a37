import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  demoActor,
  queryRows,
  registerActor,
  signIn,
  signUp,
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

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  actor?: { token: string } | null,
  payload?: object,
) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });

describe('the profile’s language', () => {
  it('starts in English, is changed by its owner only, and is read back on another device', async () => {
    const u = await signUp('lang');
    await inject('POST', '/users', u, { name: 'Lina', email: u.email, url: null, role: 'buyer' });
    expect((await inject('GET', `/users/${u.email}`, u)).json()).toMatchObject({
      language: 'en',
      languageChosen: false,
    });
    const set = await inject('PATCH', `/users/${u.email}`, u, { language: 'bn' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ email: u.email, language: 'bn', languageChosen: true });
    // A sign-in on another device (a new token) reads the same saved choice.
    const device = { token: (await signIn(u.email, 'correct-horse-9')).idToken };
    expect((await inject('GET', `/users/${u.email}`, device)).json().language).toBe('bn');
    // It is the reader's own choice: neither an admin nor someone else changes it.
    const stranger = await signUp('lang-other');
    expect((await inject('PATCH', `/users/${u.email}`, admin, { language: 'en' })).statusCode).toBe(403);
    expect((await inject('PATCH', `/users/${u.email}`, stranger, { language: 'en' })).statusCode).toBe(403);
    const bad = await inject('PATCH', `/users/${u.email}`, u, { language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('language');
    expect((await inject('GET', `/users/${u.email}`, u)).json().language).toBe('bn');
  });
});

describe('the language a profile starts in', () => {
  it('is the page’s at sign-up, for the e-mails, without counting as a choice to carry elsewhere', async () => {
    const u = await signUp('lang-new');
    const created = await inject('POST', '/users', u, {
      name: 'Nila',
      email: u.email,
      url: null,
      role: 'buyer',
      language: 'bn',
    });
    expect(created.statusCode).toBe(201);
    expect((await inject('GET', `/users/${u.email}`, u)).json()).toMatchObject({
      language: 'bn',
      languageChosen: false,
    });
  });
});

describe('users', () => {
  it('upserts on the verified token e-mail: the same user twice is one user and keeps their role', async () => {
    const u = await signUp('google');
    const first = await inject('POST', '/users', u, {
      name: 'Gina',
      email: u.email,
      url: null,
      role: 'seller',
    });
    expect(first.statusCode).toBe(201);
    const again = await inject('POST', '/users', u, {
      name: 'Gina G',
      email: u.email.toUpperCase(),
      role: 'buyer',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      acknowledged: true,
      insertedId: null,
      _id: first.json()._id,
      role: 'seller',
    });
    const me = await inject('GET', `/users/${u.email}`, u);
    expect(me.json()).toMatchObject({ name: 'Gina G', role: 'seller', email: u.email });
  });

  it('never lets a user choose admin, nor register another e-mail', async () => {
    const u = await signUp('sneaky');
    const asAdmin = await inject('POST', '/users', u, { name: 'X', email: u.email, role: 'admin' });
    expect(asAdmin.statusCode).toBe(400);
    const other = await inject('POST', '/users', u, {
      name: 'X',
      email: 'victim@example.test',
      role: 'buyer',
    });
    expect(other.statusCode).toBe(403);
    expect(await inject('GET', `/users/${u.email}`, u)).toMatchObject({ statusCode: 404 });
  });

  it('does not let an unverified sign-up claim a pre-created (seeded) profile of that e-mail', async () => {
    const u = await signUp('claim');
    await ctx.database.db
      .insert(users)
      .values({ id: `pre-${u.uid}`, email: u.email, name: 'Pre-created shop', role: 'seller' });
    const res = await inject('POST', '/users', u, { name: 'Claimer', email: u.email, role: 'seller' });
    expect(res.statusCode).toBe(409);
    expect((await inject('GET', '/dashboard/summary', u)).statusCode).toBe(403);
  });

  it('defaults the role to seller as the spec’s register form does', async () => {
    const u = await signUp('default');
    const res = await inject('POST', '/users', u, { name: 'D', email: u.email });
    expect(res.json()).toMatchObject({ role: 'seller' });
  });

  it('issues an API access token only for the verified e-mail of the caller, usable as a bearer', async () => {
    const denied = await inject('GET', `/jwt?email=someone-else@example.test`, admin);
    expect(denied.statusCode).toBe(403);
    const res = await inject('GET', `/jwt?email=${admin.email}`, admin);
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json() as { accessToken: string };
    expect((await inject('GET', '/buyer', { token: accessToken })).statusCode).toBe(200);
    const tampered = accessToken.slice(0, -3) + (accessToken.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await inject('GET', '/buyer', { token: tampered })).statusCode).toBe(401);
    const unverified = await registerActor(ctx.app, 'buyer');
    const refused = await inject('GET', `/jwt?email=${unverified.email}`, unverified);
    expect(refused.json()).toMatchObject({ error: 'email_not_verified' });
  });

  it('lists buyers and sellers for the admin with name and e-mail', async () => {
    const buyer = await registerActor(ctx.app, 'buyer', 'Listed Buyer');
    const buyers = (await inject('GET', '/buyer', admin)).json() as {
      _id: string;
      name: string;
      email: string;
    }[];
    expect(buyers).toContainEqual(
      expect.objectContaining({ _id: buyer.id, name: 'Listed Buyer', email: buyer.email }),
    );
    const sellers = (await inject('GET', '/seller', admin)).json() as { role: string }[];
    expect(sellers.every((s) => s.role === 'seller')).toBe(true);
  });

  it('soft-deletes a buyer: hidden from the list, token refused, row kept', async () => {
    const buyer = await registerActor(ctx.app, 'buyer');
    const res = await inject('DELETE', `/buyer/${buyer.id}`, admin);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const buyers = (await inject('GET', '/buyer', admin)).json() as { _id: string }[];
    expect(buyers.map((b) => b._id)).not.toContain(buyer.id);
    const me = await inject('GET', '/dashboard/summary', buyer);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ error: 'account_deleted' });
    const again = await inject('POST', '/users', buyer, { name: 'Back', email: buyer.email, role: 'buyer' });
    expect(again.statusCode).toBe(401);
    const rows = await queryRows<{ deleted_at: unknown }>(
      ctx,
      sql`select deleted_at from users where id = ${buyer.id}`,
    );
    expect(rows[0]?.deleted_at).not.toBeNull();
  });

  it('soft-deletes a seller and hides their listings', async () => {
    const seller = await registerActor(ctx.app, 'seller');
    const productId = await addProduct(ctx.app, seller, { category: '03' });
    expect((await inject('GET', `/details/${productId}`)).statusCode).toBe(200);
    expect((await inject('DELETE', `/seller/${seller.id}`, admin)).statusCode).toBe(200);
    expect((await inject('GET', `/details/${productId}`)).statusCode).toBe(404);
    const list = (await inject('GET', '/category/products/03?limit=100')).json() as { _id: string }[];
    expect(list.map((p) => p._id)).not.toContain(productId);
  });

  it('answers 404 for an unknown id or a user of the other role', async () => {
    const seller = await registerActor(ctx.app, 'seller');
    expect((await inject('DELETE', `/buyer/${seller.id}`, admin)).statusCode).toBe(404);
    expect((await inject('DELETE', '/seller/does-not-exist', admin)).statusCode).toBe(404);
    expect((await inject('GET', '/users/nobody@example.test', admin)).statusCode).toBe(404);
    expect((await inject('DELETE', `/seller/${admin.id}`, admin)).statusCode).toBe(404);
  });
});
