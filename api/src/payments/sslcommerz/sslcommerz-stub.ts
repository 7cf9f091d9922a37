import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for SSLCommerz's HTTP API, for tests and offline development: the session API,
 * a hosted payment page with Pay / Fail / Cancel, the IPN it sends, the two validation APIs and
 * the refund initiation and query APIs, with the answer shapes of the real service (fields the
 * adapter does not read are left out).
 *
 * Run it alone with `tsx api/src/payments/sslcommerz/sslcommerz-stub.ts [port]` and start the API
 * with SSLCOMMERZ_BASE_URL=http://127.0.0.1:<port> and the stub's store id and password.
 */

export type StubOutcome = 'paid' | 'failed' | 'cancelled';

export interface StubSession {
  sessionKey: string;
  tranId: string;
  amount: string;
  currency: string;
  productName: string;
  customerEmail: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  status: 'PENDING' | 'VALID' | 'VALIDATED' | 'FAILED' | 'CANCELLED' | 'UNATTEMPTED';
  valId: string | null;
  riskLevel: '0' | '1';
}

export interface StubRefund {
  /** Our refund id (SSLCommerz's refe_id): a second initiation with it answers this refund again. */
  refeId: string;
  refundRefId: string;
  bankTranId: string;
  tranId: string;
  amount: string;
  remarks: string;
  /** How often its status was asked: the first poll answers 'processing', later ones the outcome. */
  polls: number;
  /** What later polls answer; a test may set 'cancelled' to see a refund SSLCommerz gives up. */
  outcome: 'refunded' | 'cancelled';
}

export interface SslcommerzStub {
  url: string;
  storeId: string;
  storePassword: string;
  sessions: Map<string, StubSession>;
  /** Refunds SSLCommerz accepted, by refe_id. */
  refunds: Map<string, StubRefund>;
  /** Every request the stub received, for assertions (path and parsed fields). */
  requests: Array<{ method: string; path: string; fields: Record<string, string> }>;
  /**
   * The customer's choice on the hosted page: updates the session, POSTs the IPN to ipn_url when
   * `deliverIpn` (default true) and returns the fields SSLCommerz posts to the browser's return URL.
   */
  complete(
    sessionKey: string,
    outcome: StubOutcome,
    options?: { deliverIpn?: boolean },
  ): Promise<{ returnUrl: string; fields: Record<string, string>; ipnStatus: number | null }>;
  close(): Promise<void>;
}

const REQUIRED_SESSION_FIELDS = [
  'store_id',
  'store_passwd',
  'total_amount',
  'currency',
  'tran_id',
  'success_url',
  'fail_url',
  'cancel_url',
  'cus_name',
  'cus_email',
  'cus_add1',
  'cus_city',
  'cus_country',
  'cus_phone',
  'shipping_method',
  'product_name',
  'product_category',
  'product_profile',
];

async function readFields(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const fields: Record<string, string> = Object.fromEntries(url.searchParams);
  if (req.method !== 'POST') return fields;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return { ...fields, ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(type === 'application/json' ? JSON.stringify(body) : String(body));
}

export async function startSslcommerzStub(
  options: { storeId?: string; storePassword?: string; port?: number } = {},
): Promise<SslcommerzStub> {
  const storeId = options.storeId ?? 'secondbyte-test';
  const storePassword = options.storePassword ?? 'secondbyte-test@ssl';
  const sessions = new Map<string, StubSession>();
  const refunds = new Map<string, StubRefund>();
  const requests: SslcommerzStub['requests'] = [];
  let base = '';

  const byValId = (valId: string) => [...sessions.values()].find((s) => s.valId === valId);
  // The bank's id of a paid session's money movement (what the refund API takes).
  const bankTranIdOf = (s: StubSession) => (s.valId ? `BT${s.valId}` : '');
  const byBankTranId = (bankTranId: string) =>
    [...sessions.values()].find((s) => s.valId !== null && bankTranIdOf(s) === bankTranId);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const credentialsOk = (f: Record<string, string>) =>
    f.store_id === storeId && f.store_passwd === storePassword;

  /** The fields SSLCommerz posts to the return URLs and the IPN for a session. */
  const callbackFields = (s: StubSession): Record<string, string> => ({
    tran_id: s.tranId,
    status: s.status === 'VALIDATED' ? 'VALID' : s.status,
    amount: s.amount,
    currency: s.currency,
    store_id: storeId,
    ...(s.valId ? { val_id: s.valId, card_type: 'VISA-Dutch Bangla', bank_tran_id: bankTranIdOf(s) } : {}),
  });

  const validationBody = (s: StubSession) => ({
    status: s.status,
    tran_date: new Date().toISOString().replace('T', ' ').slice(0, 19),
    tran_id: s.tranId,
    val_id: s.valId ?? '',
    bank_tran_id: bankTranIdOf(s),
    amount: s.amount,
    store_amount: (Number(s.amount) * 0.975).toFixed(2),
    currency: 'BDT',
    currency_type: s.currency,
    currency_amount: s.amount,
    risk_level: s.riskLevel,
    risk_title: s.riskLevel === '1' ? 'Risky' : 'Safe',
    APIConnect: 'DONE',
  });

  /**
   * The refund initiation API. Like SSLCommerz it answers APIConnect DONE with status 'failed' and
   * an errorReason when it refuses the refund itself, and INVALID_REQUEST when a field is missing.
   */
  function initiateRefund(f: Record<string, string>) {
    const refused = (errorReason: string) => ({
      APIConnect: 'DONE',
      bank_tran_id: f.bank_tran_id ?? '',
      trans_id: '',
      refund_ref_id: '',
      status: 'failed',
      errorReason,
    });
    const accepted = (r: StubRefund) => ({
      APIConnect: 'DONE',
      bank_tran_id: r.bankTranId,
      trans_id: r.tranId,
      refund_ref_id: r.refundRefId,
      status: 'success',
      errorReason: '',
    });
    const { bank_tran_id: bankTranId, refund_amount: amount, refund_remarks: remarks, refe_id: refeId } = f;
    if (
      !bankTranId ||
      !amount ||
      !remarks ||
      !refeId ||
      !/^\d+(\.\d{1,2})?$/.test(amount) ||
      cents(amount) <= 0
    ) {
      return { APIConnect: 'INVALID_REQUEST', errorReason: 'Invalid or missing refund fields' };
    }
    const earlier = refunds.get(refeId);
    if (earlier) {
      // The same refe_id is the same refund: a retried request neither refunds twice nor fails.
      return earlier.bankTranId === bankTranId && cents(earlier.amount) === cents(amount)
        ? accepted(earlier)
        : refused('refe_id already used for another refund');
    }
    const session = byBankTranId(bankTranId);
    if (!session || (session.status !== 'VALID' && session.status !== 'VALIDATED')) {
      return refused('Invalid bank_tran_id');
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.bankTranId === bankTranId && r.outcome !== 'cancelled')
      .reduce((sum, r) => sum + cents(r.amount), 0);
    if (refunded + cents(amount) > cents(session.amount)) {
      return refused('Refund amount exceeds the transaction amount');
    }
    const refund: StubRefund = {
      refeId,
      refundRefId: `RR${randomBytes(8).toString('hex').toUpperCase()}`,
      bankTranId,
      tranId: session.tranId,
      amount: (cents(amount) / 100).toFixed(2),
      remarks,
      polls: 0,
      outcome: 'refunded',
    };
    refunds.set(refeId, refund);
    return accepted(refund);
  }

  /** The refund query API: 'processing' at the first poll, the refund's outcome after. */
  function queryRefund(refundRefId: string) {
    const refund = [...refunds.values()].find((r) => r.refundRefId === refundRefId);
    if (!refund) return { APIConnect: 'INVALID_REQUEST', errorReason: 'Invalid refund_ref_id' };
    refund.polls += 1;
    return {
      APIConnect: 'DONE',
      bank_tran_id: refund.bankTranId,
      tran_id: refund.tranId,
      refund_ref_id: refund.refundRefId,
      initiated_on: new Date().toISOString().replace('T', ' ').slice(0, 19),
      refunded_on: refund.polls > 1 && refund.outcome === 'refunded' ? new Date().toISOString() : '',
      status: refund.polls > 1 ? refund.outcome : 'processing',
      errorReason: '',
    };
  }

  async function complete(sessionKey: string, outcome: StubOutcome, { deliverIpn = true } = {}) {
    const s = sessions.get(sessionKey);
    if (!s) throw new Error(`stub: no session ${sessionKey}`);
    if (s.status === 'PENDING') {
      s.status = outcome === 'paid' ? 'VALID' : outcome === 'failed' ? 'FAILED' : 'CANCELLED';
      if (outcome === 'paid') s.valId = `${Date.now().toString().slice(-6)}${randomBytes(6).toString('hex')}`;
    }
    const fields = callbackFields(s);
    let ipnStatus: number | null = null;
    if (deliverIpn && s.ipnUrl) {
      const ipn = await fetch(s.ipnUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
      ipnStatus = ipn.status;
    }
    const returnUrl = outcome === 'paid' ? s.successUrl : outcome === 'failed' ? s.failUrl : s.cancelUrl;
    return { returnUrl, fields, ipnStatus };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const fields = await readFields(req, url);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, fields });

      if (url.pathname === '/gwprocess/v4/api.php' && req.method === 'POST') {
        if (!credentialsOk(fields)) {
          return send(res, 200, {
            status: 'FAILED',
            failedreason: 'Store Credential Error Or Store is De-active',
          });
        }
        const missing = REQUIRED_SESSION_FIELDS.filter((k) => !fields[k]);
        if (missing.length)
          return send(res, 200, { status: 'FAILED', failedreason: `Missing: ${missing.join(', ')}` });
        if (!/^\d+(\.\d{1,2})?$/.test(fields.total_amount ?? '') || Number(fields.total_amount) < 10) {
          return send(res, 200, { status: 'FAILED', failedreason: 'Invalid Information: total_amount' });
        }
        const sessionKey = randomBytes(16).toString('hex').toUpperCase();
        sessions.set(sessionKey, {
          sessionKey,
          tranId: fields.tran_id as string,
          amount: Number(fields.total_amount).toFixed(2),
          currency: fields.currency as string,
          productName: fields.product_name as string,
          customerEmail: fields.cus_email as string,
          successUrl: fields.success_url as string,
          failUrl: fields.fail_url as string,
          cancelUrl: fields.cancel_url as string,
          ipnUrl: fields.ipn_url ?? '',
          status: 'PENDING',
          valId: null,
          riskLevel: '0',
        });
        return send(res, 200, {
          status: 'SUCCESS',
          failedreason: '',
          sessionkey: sessionKey,
          GatewayPageURL: `${base}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${sessionKey}`,
        });
      }

      if (url.pathname === '/gwprocess/v4/gw.php') {
        const s = sessions.get(fields.SESSIONKEY ?? '');
        if (!s) return send(res, 404, 'Unknown session', 'text/plain');
        if (req.method === 'POST') {
          const outcome = fields.outcome as StubOutcome;
          if (!['paid', 'failed', 'cancelled'].includes(outcome))
            return send(res, 400, 'Bad outcome', 'text/plain');
          const done = await complete(s.sessionKey, outcome);
          // Like SSLCommerz: the browser goes back by an auto-submitted POST of the fields.
          const inputs = Object.entries(done.fields)
            .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
            .join('');
          return send(
            res,
            200,
            `<!doctype html><title>Returning…</title><form id="r" method="post" action="${escapeHtml(done.returnUrl)}">${inputs}<button>Return to merchant</button></form><script>document.getElementById('r').submit()</script>`,
            'text/html; charset=utf-8',
          );
        }
        const button = (outcome: StubOutcome, label: string) =>
          `<form method="post"><input type="hidden" name="SESSIONKEY" value="${s.sessionKey}"><input type="hidden" name="outcome" value="${outcome}"><button>${label}</button></form>`;
        return send(
          res,
          200,
          `<!doctype html><meta charset="utf-8"><title>SSLCommerz stub</title><h1>SSLCommerz (local stub)</h1><p>${escapeHtml(s.productName)}</p><p><strong>${s.amount} ${escapeHtml(s.currency)}</strong></p><p>${escapeHtml(s.customerEmail)}</p>${s.status === 'PENDING' ? button('paid', 'Pay') + button('failed', 'Fail') + button('cancelled', 'Cancel') : `<p>${s.status}</p>`}`,
          'text/html; charset=utf-8',
        );
      }

      if (url.pathname === '/validator/api/validationserverAPI.php') {
        if (!credentialsOk(fields))
          return send(res, 200, { APIConnect: 'INVALID_REQUEST', status: 'INVALID_REQUEST' });
        const s = byValId(fields.val_id ?? '');
        if (!s || (s.status !== 'VALID' && s.status !== 'VALIDATED')) {
          return send(res, 200, { status: 'INVALID_TRANSACTION', APIConnect: 'DONE' });
        }
        const body = validationBody(s);
        s.status = 'VALIDATED'; // SSLCommerz answers VALIDATED to every later query of the same val_id
        return send(res, 200, body);
      }

      if (url.pathname === '/validator/api/merchantTransIDvalidationAPI.php') {
        // One endpoint, three APIs told apart by their fields, as at SSLCommerz. A refund call with
        // the wrong store credentials answers FAILED (authentication), as SSLCommerz documents.
        if (fields.refund_ref_id !== undefined || fields.bank_tran_id !== undefined) {
          if (!credentialsOk(fields)) return send(res, 200, { APIConnect: 'FAILED' });
          return send(
            res,
            200,
            fields.refund_ref_id !== undefined ? queryRefund(fields.refund_ref_id) : initiateRefund(fields),
          );
        }
        if (!credentialsOk(fields)) return send(res, 200, { APIConnect: 'INVALID_REQUEST' });
        const found = [...sessions.values()].filter((s) => s.tranId === fields.tran_id);
        return send(res, 200, {
          APIConnect: 'DONE',
          no_of_trans_found: found.length,
          element: found.map((s) => ({ ...validationBody(s), status: s.status })),
        });
      }

      return send(res, 404, { error: 'not_found' });
    })().catch((error: unknown) => send(res, 500, { error: String(error) }));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    storeId,
    storePassword,
    sessions,
    refunds,
    requests,
    complete,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

// `tsx sslcommerz-stub.ts [port]`: a stub to point a development API at.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const stub = await startSslcommerzStub({ port: Number(process.argv[2] ?? 0) });
  console.log(`SSLCommerz stub on ${stub.url} (store ${stub.storeId} / ${stub.storePassword})`);
}
