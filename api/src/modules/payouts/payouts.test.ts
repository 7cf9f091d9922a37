import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, Payout } from 'shared-contracts/money';
import {
  bearer,
  demoActor,
  queryRows,
  registerActor,
  startTestApp,
  type Actor,
  type TestContext,
} from '../../test/harness';
import { creditSeller, ledgerProblemsOf, requestPayout, setWallet } from '../../test/money';

/**
 * Payouts on the real app and database: a seller's method, the request of the whole available
 * balance, and the operators' paid and failed, with every refusal. After each test the ledger must
 * pass every invariant check (ledgerProblems).
 */
let ctx: TestContext;
let buyer: Actor;
let admin: Actor;
beforeAll(async () => {
  ctx = await startTestApp();
  [buyer, admin] = await Promise.all([registerActor(ctx.app, 'buyer'), demoActor(ctx.app, 'admin')]);
});
afterAll(async () => ctx?.close());
afterEach(async () => {
  if (ctx) expect(await ledgerProblemsOf(ctx.app)).toEqual([]);
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, actor?: Actor | null, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(actor), ...(payload ? { payload } : {}) });

const balanceOf = async (actor: Actor) => (await inject('GET', '/balance', actor)).json() as Balance;
const seller = (name = 'Payout seller') => registerActor(ctx.app, 'seller', name);

const BANK = {
  kind: 'bank',
  accountName: 'Rahim Uddin',
  accountNumber: '1234567894321',
  bankName: 'Dutch-Bangla Bank',
  branch: 'Gulshan',
  routingNumber: '090261234',
};

describe('payout method', () => {
  it('is missing at first, then saved masked, and replaced whole by the next one', async () => {
    const s = await seller();
    const missing = await inject('GET', '/payout-method', s);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('payout_method_missing');

    const wallet = await inject('PUT', '/payout-method', s, { kind: 'bkash', walletNumber: ' 01712345678 ' });
    expect(wallet.statusCode).toBe(200);
    expect(wallet.json()).toEqual({
      kind: 'bkash',
      masked: 'bKash ••••••••678',
      accountName: null,
      updatedAt: expect.any(String),
    });
    expect((await inject('GET', '/payout-method', s)).json()).toEqual(wallet.json());

    const bank = await inject('PUT', '/payout-method', s, BANK);
    expect(bank.json()).toMatchObject({
      kind: 'bank',
      masked: 'Dutch-Bangla Bank, Gulshan, •••••••••4321',
      accountName: 'Rahim Uddin',
    });
    const [row] = await queryRows(ctx, sql`select * from payout_methods where user_id = ${s.id}`);
    expect(row).toMatchObject({ kind: 'bank', wallet_number: null, account_number: '1234567894321' });
    expect((await balanceOf(s)).method).toEqual(bank.json());

    const nagad = await inject('PUT', '/payout-method', s, { kind: 'nagad', walletNumber: '01998765432' });
    expect(nagad.json().masked).toBe('Nagad ••••••••432');
    const [again] = await queryRows(ctx, sql`select * from payout_methods where user_id = ${s.id}`);
    expect(again).toMatchObject({
      kind: 'nagad',
      account_number: null,
      bank_name: null,
      routing_number: null,
    });
  });

  it('refuses every wrong detail with a 400 naming the field, and stores nothing', async () => {
    const [s, fresh] = await Promise.all([seller(), seller()]);
    await setWallet(ctx.app, s, '01812345678');
    const before = await queryRows(ctx, sql`select * from payout_methods where user_id = ${s.id}`);
    const cases: [object, string][] = [
      [{ kind: 'bkash', walletNumber: '0171234567' }, 'body.walletNumber'],
      [{ kind: 'nagad', walletNumber: '01212345678' }, 'body.walletNumber'],
      [{ kind: 'rocket', walletNumber: '+8801712345678' }, 'body.walletNumber'],
      [{ kind: 'bkash', walletNumber: '0171234567a' }, 'body.walletNumber'],
      [{ kind: 'bkash' }, 'body.walletNumber'],
      [{ kind: 'upay', walletNumber: '01712345678' }, 'body.kind'],
      [{ ...BANK, accountName: 'R' }, 'body.accountName'],
      [{ ...BANK, accountNumber: '12345' }, 'body.accountNumber'],
      [{ ...BANK, accountNumber: '1234-5678-90' }, 'body.accountNumber'],
      [{ ...BANK, bankName: '' }, 'body.bankName'],
      [{ ...BANK, branch: 'G' }, 'body.branch'],
      [{ ...BANK, routingNumber: '09026123' }, 'body.routingNumber'],
      [{ ...BANK, routingNumber: '0902612345' }, 'body.routingNumber'],
      [{ ...BANK, accountName: undefined }, 'body.accountName'],
      // The union's fields are past the reach of the suites that walk the OpenAPI document's
      // objects, so their clean-text refusals are checked here.
      [{ kind: 'bkash', walletNumber: '01712345678\u0000' }, 'body.walletNumber'],
      [{ ...BANK, accountName: 'Rahim\u0007 Uddin' }, 'body.accountName'],
      [{ ...BANK, bankName: 'Dutch-Bangla\nBank' }, 'body.bankName'],
      [{ ...BANK, branch: 'Gulshan\ud800' }, 'body.branch'],
    ];
    for (const [payload, field] of cases) {
      for (const who of [s, fresh]) {
        const res = await inject('PUT', '/payout-method', who, payload);
        expect(`${res.statusCode} ${res.json().error}`, JSON.stringify(payload)).toBe('400 validation_error');
        expect(res.json().message, JSON.stringify(payload)).toContain(field);
      }
    }
    expect(await queryRows(ctx, sql`select * from payout_methods where user_id = ${s.id}`)).toEqual(before);
    expect(await queryRows(ctx, sql`select * from payout_methods where user_id = ${fresh.id}`)).toEqual([]);
  });
});

describe('requesting a payout', () => {
  it('is refused below the minimum, saying the minimum in taka, and nothing moves', async () => {
    const s = await seller();
    await setWallet(ctx.app, s);
    const empty = await inject('POST', '/payouts', s);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toBe('payout_below_minimum');
    await creditSeller(ctx.app, s, buyer, 499.99);
    const below = await inject('POST', '/payouts', s);
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({
      error: 'payout_below_minimum',
      message: 'The minimum payout is Tk 500; your available balance is Tk 499.99',
    });
    expect(await balanceOf(s)).toMatchObject({ availablePaisa: 49999, payoutPendingPaisa: 0 });
    expect(await queryRows(ctx, sql`select id from payouts where seller_id = ${s.id}`)).toEqual([]);
  });

  it('is refused without a payout method', async () => {
    const s = await seller();
    await creditSeller(ctx.app, s, buyer, 800);
    const res = await inject('POST', '/payouts', s);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('payout_method_missing');
    expect(await balanceOf(s)).toMatchObject({ availablePaisa: 80000, payoutPendingPaisa: 0 });
  });

  it('takes the whole available balance at the minimum and above, with a copy of the method', async () => {
    const s = await seller('Whole balance seller');
    await setWallet(ctx.app, s, '01712345678');
    await creditSeller(ctx.app, s, buyer, 320.5);
    await creditSeller(ctx.app, s, buyer, 179.5);
    const res = await inject('POST', '/payouts', s);
    expect(res.statusCode).toBe(200);
    const payout = res.json() as Payout;
    expect(payout).toEqual({
      _id: expect.any(String),
      sellerId: s.id,
      sellerName: 'Whole balance seller',
      amountPaisa: 50000,
      method: expect.objectContaining({ kind: 'bkash', masked: 'bKash ••••••••678' }),
      state: 'requested',
      reference: null,
      failureReason: null,
      requestedAt: expect.any(String),
      settledAt: null,
    });
    expect(await balanceOf(s)).toMatchObject({
      availablePaisa: 0,
      payoutPendingPaisa: 50000,
      paidOutPaisa: 0,
    });
    const entries = await queryRows(
      ctx,
      sql`select kind, payout_id from ledger_entries where idempotency_key = ${`payout:${payout._id}`}`,
    );
    expect(entries).toEqual([{ kind: 'payout-requested', payout_id: payout._id }]);

    // The payout goes where the seller said when asking, whatever they change afterwards.
    await setWallet(ctx.app, s, '01911111222');
    const mine = await inject('GET', '/payouts', s);
    expect(mine.headers['x-total-count']).toBe('1');
    expect((mine.json() as Payout[])[0]).toMatchObject({
      _id: payout._id,
      method: { masked: 'bKash ••••••••678' },
    });

    // One open payout at a time, even with new money in.
    await creditSeller(ctx.app, s, buyer, 600);
    const again = await inject('POST', '/payouts', s);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('payout_already_requested');
    expect(await balanceOf(s)).toMatchObject({ availablePaisa: 60000, payoutPendingPaisa: 50000 });
  });

  it('twice at once makes exactly one payout', async () => {
    const s = await seller();
    await setWallet(ctx.app, s);
    await creditSeller(ctx.app, s, buyer, 1500);
    const answers = await Promise.all([inject('POST', '/payouts', s), inject('POST', '/payouts', s)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error).toBe('payout_already_requested');
    const rows = await queryRows(ctx, sql`select amount_cents from payouts where seller_id = ${s.id}`);
    expect(rows.map((r) => Number(r.amount_cents))).toEqual([150000]);
    expect(await balanceOf(s)).toMatchObject({ availablePaisa: 0, payoutPendingPaisa: 150000 });
  });
});

describe('operators settle payouts', () => {
  const entriesOf = async (payoutId: string) =>
    (
      await queryRows<{ kind: string }>(
        ctx,
        sql`select kind from ledger_entries where payout_id = ${payoutId} order by id`,
      )
    ).map((e) => e.kind);
  const auditOf = (payoutId: string) =>
    queryRows(
      ctx,
      sql`select action, actor, target_type, target_label, before, after from audit_log where target_id = ${payoutId}`,
    );
  const noticesOf = (userId: string) =>
    queryRows(
      ctx,
      sql`select kind, params, link from notifications where user_id = ${userId} and kind like 'payout-%' order by id`,
    );

  it('paid: the money is paid out, audited, the seller told; marking it again changes nothing', async () => {
    const s = await seller();
    await setWallet(ctx.app, s);
    await creditSeller(ctx.app, s, buyer, 1234.5);
    const id = await requestPayout(ctx.app, s);

    const paid = await inject('POST', `/admin/payouts/${id}/paid`, admin, { reference: ' BKASH-TRX-9001 ' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      _id: id,
      state: 'paid',
      reference: 'BKASH-TRX-9001',
      settledAt: expect.any(String),
    });
    expect(await balanceOf(s)).toMatchObject({
      availablePaisa: 0,
      payoutPendingPaisa: 0,
      paidOutPaisa: 123450,
    });
    expect(await entriesOf(id)).toEqual(['payout-requested', 'payout-paid']);
    expect(await auditOf(id)).toEqual([
      {
        action: 'payout.paid',
        actor: admin.email,
        target_type: 'payout',
        target_label: `${s.email} · Tk 1,234.50`,
        before: { state: 'requested', amountPaisa: 123450 },
        after: { state: 'paid', reference: 'BKASH-TRX-9001' },
      },
    ]);
    expect(await noticesOf(s.id)).toEqual([
      { kind: 'payout-paid', params: { price: 1234.5 }, link: '/dashboard/payouts' },
    ]);
    const [mail] = await queryRows<{ subject: string }>(
      ctx,
      sql`select subject from email_outbox where to_address = ${s.email} and kind = 'notification:payout-paid'`,
    );
    expect(mail?.subject).toBe('SecondByte: Your payout of ৳1,234.50 has been sent');

    for (const [path, body] of [
      ['paid', { reference: 'BKASH-TRX-9002' }],
      ['failed', { reason: 'Marked by mistake' }],
    ] as const) {
      const twice = await inject('POST', `/admin/payouts/${id}/${path}`, admin, body);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({
        error: 'payout_settled',
        message: 'This payout has already been marked paid',
      });
    }
    expect(await entriesOf(id)).toEqual(['payout-requested', 'payout-paid']);
    expect(await auditOf(id)).toHaveLength(1);
    expect(await balanceOf(s)).toMatchObject({ availablePaisa: 0, paidOutPaisa: 123450 });
    const [row] = await queryRows(ctx, sql`select state, reference from payouts where id = ${id}`);
    expect(row).toEqual({ state: 'paid', reference: 'BKASH-TRX-9001' });
  });

  it('failed: the money returns to the available balance; paid after failed is refused', async () => {
    const s = await seller();
    await setWallet(ctx.app, s);
    await creditSeller(ctx.app, s, buyer, 700);
    const id = await requestPayout(ctx.app, s);
    expect(await balanceOf(s)).toMatchObject({ availablePaisa: 0, payoutPendingPaisa: 70000 });

    const failed = await inject('POST', `/admin/payouts/${id}/failed`, admin, {
      reason: 'The wallet is not registered',
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ state: 'failed', failureReason: 'The wallet is not registered' });
    expect(await balanceOf(s)).toMatchObject({
      availablePaisa: 70000,
      payoutPendingPaisa: 0,
      paidOutPaisa: 0,
    });
    expect(await entriesOf(id)).toEqual(['payout-requested', 'payout-failed']);
    expect((await auditOf(id)).map((a) => [a.action, a.after])).toEqual([
      ['payout.failed', { state: 'failed', reason: 'The wallet is not registered' }],
    ]);
    expect(await noticesOf(s.id)).toEqual([
      { kind: 'payout-failed', params: { price: 700 }, link: '/dashboard/payouts' },
    ]);

    const paidAfter = await inject('POST', `/admin/payouts/${id}/paid`, admin, { reference: 'TRX-1' });
    expect(paidAfter.statusCode).toBe(409);
    expect(paidAfter.json().message).toBe('This payout has already been marked failed');
    expect(await balanceOf(s)).toMatchObject({ availablePaisa: 70000, paidOutPaisa: 0 });

    // The money is the seller's again: the next request takes it.
    const next = await inject('POST', '/payouts', s);
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ amountPaisa: 70000, state: 'requested' });
  });

  it('refuses an unknown payout and bad operator input, changing nothing', async () => {
    const s = await seller();
    await setWallet(ctx.app, s);
    await creditSeller(ctx.app, s, buyer, 550);
    const id = await requestPayout(ctx.app, s);
    const unknown = await inject('POST', '/admin/payouts/no-such-payout/paid', admin, { reference: 'TRX-1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('payout_not_found');
    const bad: [string, object, string][] = [
      ['paid', { reference: 'ab' }, 'body.reference'],
      ['paid', {}, 'body.reference'],
      ['paid', { reference: 'x'.repeat(101) }, 'body.reference'],
      ['failed', { reason: '' }, 'body.reason'],
      ['failed', { reason: 'line one\u0000' }, 'body.reason'],
    ];
    for (const [path, body, field] of bad) {
      const res = await inject('POST', `/admin/payouts/${id}/${path}`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const [row] = await queryRows(ctx, sql`select state from payouts where id = ${id}`);
    expect(row).toEqual({ state: 'requested' });
    expect(await entriesOf(id)).toEqual(['payout-requested']);
  });

  it('lists payouts newest first by state, paginated, and exports the requested ones as CSV', async () => {
    const formulaName = '=HYPERLINK("http://evil.test","Click"), Inc';
    const [walletSeller, bankSeller] = await Promise.all([
      seller(formulaName),
      seller('Karim, "Bank" Seller'),
    ]);
    await setWallet(ctx.app, walletSeller, '01555123456');
    await inject('PUT', '/payout-method', bankSeller, BANK);
    await creditSeller(ctx.app, walletSeller, buyer, 650.25);
    await creditSeller(ctx.app, bankSeller, buyer, 900);
    const walletPayout = await requestPayout(ctx.app, walletSeller);
    const bankPayout = await requestPayout(ctx.app, bankSeller);

    const list = await inject('GET', '/admin/payouts?state=requested&limit=100', admin);
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Payout[];
    expect(Number(list.headers['x-total-count'])).toBe(rows.length);
    expect(rows.every((p) => p.state === 'requested')).toBe(true);
    const ids = rows.map((p) => p._id);
    expect(ids.indexOf(bankPayout)).toBeLessThan(ids.indexOf(walletPayout));
    expect(rows.find((p) => p._id === bankPayout)?.method.masked).toBe(
      'Dutch-Bangla Bank, Gulshan, •••••••••4321',
    );
    const firstPage = await inject('GET', '/admin/payouts?state=requested&page=1&limit=1', admin);
    expect(firstPage.json()).toHaveLength(1);
    expect(firstPage.headers['x-total-count']).toBe(list.headers['x-total-count']);
    expect((await inject('GET', '/admin/payouts?state=sent', admin)).statusCode).toBe(400);

    const csv = await inject('GET', '/admin/payouts.csv?state=requested', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="secondbyte-payouts-requested-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Payout ID,Seller name,Seller e-mail,Amount (Tk),Method,Wallet number,Account name,Account number,Bank,Branch,Routing number,Requested at (Asia/Dhaka)',
    );
    expect(lines.at(-1)).toBe('');
    const walletLine = lines.find((l) => l.startsWith(walletPayout));
    expect(walletLine).toMatch(
      new RegExp(
        `^${walletPayout},"'=HYPERLINK\\(""http://evil.test"",""Click""\\), Inc",${walletSeller.email},650\\.25,bKash,01555123456,,,,,,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$`,
      ),
    );
    const bankLine = lines.find((l) => l.startsWith(bankPayout));
    expect(bankLine).toMatch(
      new RegExp(
        `^${bankPayout},"Karim, ""Bank"" Seller",${bankSeller.email},900\\.00,bank,,Rahim Uddin,1234567894321,Dutch-Bangla Bank,Gulshan,090261234,`,
      ),
    );

    await inject('POST', `/admin/payouts/${walletPayout}/paid`, admin, { reference: 'TRX-CSV-1' });
    const after = await inject('GET', '/admin/payouts.csv', admin);
    expect(after.body).not.toContain(walletPayout);
    expect(after.body).toContain(bankPayout);
    const paidCsv = await inject('GET', '/admin/payouts.csv?state=paid', admin);
    expect(paidCsv.body).toContain(walletPayout);
    const paidList = (await inject('GET', '/admin/payouts?state=paid', admin)).json() as Payout[];
    expect(paidList.map((p) => p._id)).toContain(walletPayout);
  });

  it('are for admins only: anyone else gets 401 or 403 and changes nothing', async () => {
    const s = await seller();
    await setWallet(ctx.app, s);
    await creditSeller(ctx.app, s, buyer, 500);
    const id = await requestPayout(ctx.app, s);
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/admin/payouts'],
      ['GET', '/admin/payouts.csv'],
      ['POST', `/admin/payouts/${id}/paid`, { reference: 'TRX-1' }],
      ['POST', `/admin/payouts/${id}/failed`, { reason: 'Not allowed' }],
      ['GET', '/admin/money'],
    ];
    for (const [method, url, body] of routes) {
      for (const who of [buyer, s]) {
        const res = await inject(method, url, who, body);
        expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 403`);
      }
      expect((await inject(method, url, null, body)).statusCode).toBe(401);
    }
    const [row] = await queryRows(ctx, sql`select state from payouts where id = ${id}`);
    expect(row).toEqual({ state: 'requested' });
    expect(await balanceOf(s)).toMatchObject({ payoutPendingPaisa: 50000, paidOutPaisa: 0 });
  });
});
