import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationWord } from 'shared-contracts/moderation-words';
import {
  bearer,
  demoActor,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';

/** The operators' moderation word list: admins only, validated, unique in any case, audited. */

let ctx: TestContext;
let admin: Actor;
let seller: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [admin, seller] = await Promise.all([demoActor(ctx.app, 'admin'), registerActor(ctx.app, 'seller')]);
});
afterAll(async () => ctx?.close());

const add = (actor: Actor | null, word: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/moderation-words',
    headers: bearer(actor),
    payload: { word },
  });
const list = (actor: Actor | null, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/admin/moderation-words${query}`, headers: bearer(actor) });
const remove = (actor: Actor | null, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/moderation-words/${id}`, headers: bearer(actor) });

const wordCount = async () =>
  Number((await queryRows<{ n: string }>(ctx, sql`select count(*) as n from moderation_words`))[0]!.n);
const auditOf = (targetId: string) =>
  queryRows<{ action: string; actor: string; target_label: string }>(
    ctx,
    sql`select action, actor, target_label from audit_log where target_id = ${targetId} order by created_at`,
  );

describe('the moderation word list', () => {
  it('is for admins only', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(seller)).statusCode).toBe(403);
    expect((await add(seller, 'nope')).statusCode).toBe(403);
    const added = await add(admin, 'forbidden-test');
    expect((await remove(seller, (added.json() as ModerationWord)._id)).statusCode).toBe(403);
  });

  it('adds a word with its admin and date, and writes the audit log', async () => {
    const res = await add(admin, '  counterfeit  ');
    expect(res.statusCode).toBe(201);
    const word = res.json() as ModerationWord;
    expect(word).toMatchObject({ word: 'counterfeit', addedBy: admin.email });
    expect(await auditOf(word._id)).toEqual([
      { action: 'moderation-word.add', actor: admin.email, target_label: 'counterfeit' },
    ]);
  });

  it('refuses a word already on the list in any case with 409, changing nothing', async () => {
    expect((await add(admin, 'Clone')).statusCode).toBe(201);
    const before = await wordCount();
    const res = await add(admin, 'CLONE');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'moderation_word_taken',
      message: '“CLONE” is already on the moderation word list',
    });
    expect(await wordCount()).toBe(before);
  });

  it.each([
    ['a', 'body.word'],
    ['x'.repeat(41), 'body.word'],
    ['two\nlines', 'body.word'],
    [42, 'body.word'],
    ['   ', 'body.word'],
  ])('refuses %j with a 400 naming the field, changing nothing', async (word, field) => {
    const before = await wordCount();
    const res = await add(admin, word);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.stringContaining(field) });
    expect(await wordCount()).toBe(before);
  });

  it('pages, sorts and searches on the server', async () => {
    for (const w of ['alpha-page', 'beta-page', 'gamma-page'])
      expect((await add(admin, w)).statusCode).toBe(201);
    const res = await list(admin, '?q=-PAGE&sort=word&limit=2&page=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect((res.json() as ModerationWord[]).map((w) => w.word)).toEqual(['alpha-page', 'beta-page']);
    const second = await list(admin, '?q=-page&sort=word&limit=2&page=2');
    expect((second.json() as ModerationWord[]).map((w) => w.word)).toEqual(['gamma-page']);
    const newest = await list(admin, '?q=page&limit=1');
    expect((newest.json() as ModerationWord[])[0]?.word).toBe('gamma-page');
    expect((await list(admin, '?sort=colour')).statusCode).toBe(400);
  });

  it('removes a word, auditing it, and answers 404 for an unknown one', async () => {
    const word = (await add(admin, 'জাল')).json() as ModerationWord;
    const res = await remove(admin, word._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect((await auditOf(word._id)).map((a) => a.action)).toEqual([
      'moderation-word.add',
      'moderation-word.remove',
    ]);
    const again = await remove(admin, word._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'moderation_word_not_found' });
  });
});
