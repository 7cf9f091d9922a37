import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  bearer,
  demoActor,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { grantAdmin, revokeAdmin } from './admins.service';

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await demoActor(ctx.app, 'admin');
});
afterAll(async () => ctx?.close());

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, actor?: Actor) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor) });

interface AuditEntry {
  actor: string;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}
const auditLog = async (query = '') =>
  (await inject('GET', `/audit-log${query}`, admin)).json() as AuditEntry[];

describe('making and revoking admins', () => {
  it('an admin makes a seller admin and revokes them back to seller; each change is audited', async () => {
    const seller = await registerActor(ctx.app, 'seller', 'Promoted Seller');
    expect((await inject('GET', '/seller', seller)).statusCode).toBe(403);

    const made = await inject('POST', `/users/${seller.id}/make-admin`, admin);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({
      acknowledged: true,
      changed: true,
      email: seller.email,
      before: 'seller',
      after: 'admin',
    });
    expect((await inject('GET', '/seller', seller)).statusCode).toBe(200);
    const admins = (await inject('GET', '/admin', admin)).json() as {
      _id: string;
      role: string;
      roleBeforeAdmin: string;
    }[];
    expect(admins).toContainEqual(
      expect.objectContaining({ _id: seller.id, role: 'admin', roleBeforeAdmin: 'seller' }),
    );
    // Admins leave the All Sellers list while they are admins.
    const sellers = (await inject('GET', '/seller', admin)).json() as { _id: string }[];
    expect(sellers.map((u) => u._id)).not.toContain(seller.id);

    const again = await inject('POST', `/users/${seller.id}/make-admin`, admin);
    expect(again.json()).toMatchObject({ changed: false, before: 'admin', after: 'admin' });

    const revoked = await inject('POST', `/users/${seller.id}/revoke-admin`, admin);
    expect(revoked.json()).toEqual({
      acknowledged: true,
      changed: true,
      email: seller.email,
      before: 'admin',
      after: 'seller',
    });
    expect((await inject('GET', '/seller', seller)).statusCode).toBe(403);
    expect((await inject('POST', `/users/${seller.id}/revoke-admin`, admin)).json()).toMatchObject({
      changed: false,
    });

    const [revoke, grant] = await auditLog('?limit=2');
    expect(revoke).toMatchObject({
      actor: admin.email,
      actorId: admin.id,
      action: 'role.revoke-admin',
      targetType: 'user',
      targetId: seller.id,
      targetLabel: seller.email,
      before: { role: 'admin' },
      after: { role: 'seller' },
    });
    expect(grant).toMatchObject({
      action: 'role.grant-admin',
      before: { role: 'seller' },
      after: { role: 'admin' },
    });
  });

  it('refuses to remove the last admin (409), also when an admin revokes themself', async () => {
    const admins = (await inject('GET', '/admin', admin)).json() as { _id: string }[];
    expect(admins.map((a) => a._id)).toEqual([admin.id]);
    const last = await inject('POST', `/users/${admin.id}/revoke-admin`, admin);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      error: 'last_admin',
      message: `${admin.email} is the last admin: make another admin first, so the site always keeps one.`,
    });

    // With a second admin, an admin may step down; the other then is the last one.
    const buyer = await registerActor(ctx.app, 'buyer', 'Second Admin');
    expect((await inject('POST', `/users/${buyer.id}/make-admin`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `/users/${buyer.id}/revoke-admin`, buyer)).json()).toMatchObject({
      changed: true,
      after: 'buyer',
    });
    expect((await inject('POST', `/users/${admin.id}/revoke-admin`, admin)).statusCode).toBe(409);
  });

  it('two admins revoking each other at once: exactly one succeeds, one admin remains', async () => {
    const other = await registerActor(ctx.app, 'seller', 'Rival Admin');
    expect((await inject('POST', `/users/${other.id}/make-admin`, admin)).statusCode).toBe(200);
    const answers = await Promise.all([
      inject('POST', `/users/${other.id}/revoke-admin`, admin),
      inject('POST', `/users/${admin.id}/revoke-admin`, other),
    ]);
    expect(answers.map((a) => a.statusCode).filter((s) => s === 200)).toHaveLength(1);
    const lists = await Promise.all([admin, other].map((a) => inject('GET', '/admin', a)));
    const ok = lists.filter((l) => l.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect((ok[0]!.json() as unknown[]).length).toBe(1);
    // Put the demo admin back for the tests below, whichever won.
    const survivor = lists[0]!.statusCode === 200 ? admin : other;
    if (survivor === other) {
      expect((await inject('POST', `/users/${admin.id}/make-admin`, other)).statusCode).toBe(200);
      expect((await inject('POST', `/users/${other.id}/revoke-admin`, admin)).statusCode).toBe(200);
    }
  });

  it('re-checks the actor in the change itself: an admin revoked after their request was let in can neither grant nor revoke', async () => {
    const former = await registerActor(ctx.app, 'seller', 'Former Admin');
    const target = await registerActor(ctx.app, 'buyer', 'Would-be Admin');
    expect((await inject('POST', `/users/${former.id}/make-admin`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `/users/${former.id}/revoke-admin`, admin)).statusCode).toBe(200);
    // The role changes themselves, as the routes call them once the request passed its access check.
    const actor = { id: former.id, label: former.email };
    await expect(grantAdmin(ctx.app.deps.db, actor, { id: target.id })).rejects.toMatchObject({
      statusCode: 403,
      message: 'You are no longer an admin',
    });
    await expect(revokeAdmin(ctx.app.deps.db, actor, { id: admin.id })).rejects.toMatchObject({
      statusCode: 403,
    });
    const admins = (await inject('GET', '/admin', admin)).json() as { _id: string }[];
    expect(admins.map((a) => a._id)).not.toContain(target.id);
    expect((await auditLog(`?q=${encodeURIComponent(target.email)}`)).length).toBe(0);
  });

  it('answers 404 for unknown or deleted users and 400 for a bad id; other roles get 401/403', async () => {
    expect((await inject('POST', '/users/no-such-user/make-admin', admin)).statusCode).toBe(404);
    const buyer = await registerActor(ctx.app, 'buyer', 'Deleted Buyer');
    expect((await inject('DELETE', `/buyer/${buyer.id}`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `/users/${buyer.id}/make-admin`, admin)).statusCode).toBe(404);
    const tooLong = await inject('POST', `/users/${'x'.repeat(65)}/make-admin`, admin);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('params.id');
    const seller = await registerActor(ctx.app, 'seller');
    expect((await inject('POST', `/users/${seller.id}/make-admin`)).statusCode).toBe(401);
    expect((await inject('POST', `/users/${seller.id}/make-admin`, seller)).statusCode).toBe(403);
    expect((await inject('GET', '/audit-log', seller)).statusCode).toBe(403);
    expect((await inject('GET', '/admin', seller)).statusCode).toBe(403);
  });
});

describe('the audit log', () => {
  it('records user deletes, product deletes by an admin (not by their seller) and report resolutions', async () => {
    const seller = await registerActor(ctx.app, 'seller', 'Audited Seller');
    const buyer = await registerActor(ctx.app, 'buyer', 'Audited Buyer');
    const own = await addProduct(ctx.app, seller, { productName: 'Own removal' });
    const removedByAdmin = await addProduct(ctx.app, seller, { productName: 'Admin removal' });
    const reported = await addProduct(ctx.app, seller, { productName: 'Reported laptop' });
    const dismissed = await addProduct(ctx.app, seller, { productName: 'Dismissed laptop' });
    const before = (await inject('GET', '/audit-log?limit=1', admin)).headers['x-total-count'];

    expect((await inject('DELETE', `/add-products/${own}`, seller)).statusCode).toBe(200);
    expect((await inject('DELETE', `/add-products/${removedByAdmin}`, admin)).statusCode).toBe(200);
    const report = async (productId: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/reports',
          headers: bearer(buyer),
          payload: { productId, reason: 'Looks fake' },
        })
      ).json().insertedId as string;
    const removeReport = await report(reported);
    const dismissReport = await report(dismissed);
    expect((await inject('POST', `/reports/${dismissReport}/dismiss`, admin)).statusCode).toBe(200);
    expect((await inject('POST', `/reports/${removeReport}/remove-listing`, admin)).statusCode).toBe(200);
    expect((await inject('DELETE', `/buyer/${buyer.id}`, admin)).statusCode).toBe(200);
    // A refused action writes nothing.
    expect((await inject('DELETE', `/buyer/${buyer.id}`, admin)).statusCode).toBe(404);

    const page = await inject('GET', '/audit-log?limit=4', admin);
    expect(Number(page.headers['x-total-count'])).toBe(Number(before) + 4);
    const entries = page.json() as AuditEntry[];
    expect(entries.map((e) => [e.action, e.targetType, e.targetLabel, e.actor])).toEqual([
      ['user.delete', 'user', buyer.email, admin.email],
      ['report.remove-listing', 'report', 'Reported laptop', admin.email],
      ['report.dismiss', 'report', 'Dismissed laptop', admin.email],
      ['product.delete', 'product', 'Admin removal', admin.email],
    ]);
    expect(entries[0]).toMatchObject({
      targetId: buyer.id,
      before: { deleted: false },
      after: { deleted: true },
    });
    expect(entries[1]).toMatchObject({
      targetId: removeReport,
      before: { status: 'open' },
      after: { status: 'removed', productId: reported, listingDeleted: true },
    });
    expect(entries[2]).toMatchObject({ before: { status: 'open' }, after: { status: 'dismissed' } });
    expect(entries[3]).toMatchObject({ targetId: removedByAdmin });
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages on the server, newest first, with the total; bad paging is a 400 naming the field', async () => {
    const all = await inject('GET', '/audit-log?limit=100', admin);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(5);
    const everything = all.json() as AuditEntry[];
    const second = await inject('GET', '/audit-log?page=2&limit=2', admin);
    expect(second.headers['x-total-count']).toBe(String(total));
    expect((second.json() as AuditEntry[]).map((e) => e.createdAt + e.action)).toEqual(
      everything.slice(2, 4).map((e) => e.createdAt + e.action),
    );
    const bad = await inject('GET', '/audit-log?limit=0', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring.limit');
    expect((await inject('GET', '/audit-log?page=abc', admin)).statusCode).toBe(400);
  });
});
