import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/test';
import { api } from '../support/api';
import { createAccount, createListing, type TestAccount } from '../support/fixtures';

// What a buyer (or anyone) can send straight to the API must not mark a payment paid or change
// what is charged: only the gateway's signed, fresh, first confirmation counts.

const PASSWORD = 'checkout-pass-2026';

const newAccount = (role: 'buyer' | 'seller') =>
  createAccount(role, { name: `Forged ${role}`, prefix: `forged-${role}`, password: PASSWORD });

const newListing = async (seller: TestAccount, price: number) =>
  (
    await createListing(seller, {
      productName: `Forged Callback Laptop ${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
      category: '05',
      price,
      quality: 'Fair',
      phone: '+880 1711 444555',
      location: 'Sylhet',
      description: 'Listed by the forged callback tests.',
      year: 2020,
    })
  )._id;

/** Starts a payment as the buyer, claiming a price of 1, and returns its transaction id. */
async function startPayment(buyer: { token: string }, productId: string) {
  const init = await api<string>('/payment/init', {
    method: 'POST',
    token: buyer.token,
    body: { _id: productId, price: 1, transactionId: 7, paymentType: true, productName: 'x' },
  });
  expect(init.status).toBe(200);
  const transactionId = Number(/\/payment\/sandbox\/(\d+)/.exec(init.body)?.[1]);
  expect(transactionId).toBeGreaterThan(0);
  expect(transactionId).not.toBe(7);
  return { transactionId, pageUrl: init.body };
}

const readPayment = (transactionId: number, token: string) =>
  api<{ result: { status: string; price: number; paymentType: boolean } }>(
    `/get-data-transactionId/${transactionId}`,
    {
      token,
    },
  );

const productStatus = async (id: string) => (await api<{ status: string }>(`/details/${id}`)).body.status;

test('a forged success callback marks nothing paid', async () => {
  const seller = await newAccount('seller');
  const buyer = await newAccount('buyer');
  const productId = await newListing(seller, 640);
  const { transactionId } = await startPayment(buyer, productId);

  const forgeries: Array<Record<string, unknown>> = [
    { transactionId, outcome: 'paid' },
    {
      transactionId,
      outcome: 'paid',
      amountCents: 64000,
      issuedAt: Date.now(),
      nonce: randomBytes(16).toString('hex'),
    },
    {
      transactionId,
      outcome: 'paid',
      amountCents: 64000,
      issuedAt: Date.now(),
      nonce: randomBytes(16).toString('hex'),
      signature: randomBytes(32).toString('hex'),
    },
    { transactionId, status: 'VALID', val_id: 'forged', amount: '640.00', tran_id: String(transactionId) },
  ];
  for (const body of forgeries) {
    const res = await api<{ error: string }>('/payment/callback', { method: 'POST', body });
    expect([400, 401, 403], JSON.stringify(res.body)).toContain(res.status);
  }

  const payment = await readPayment(transactionId, buyer.token);
  expect(payment.body.result).toMatchObject({ status: 'pending', paymentType: false, price: 640 });
  expect(await productStatus(productId)).not.toBe('sold');
});

test('the sandbox page charges the database amount and a repeated confirmation changes nothing', async ({
  request,
}) => {
  const seller = await newAccount('seller');
  const buyer = await newAccount('buyer');
  const productId = await newListing(seller, 1234.5);
  const { transactionId, pageUrl } = await startPayment(buyer, productId);

  const page = await (await request.get(pageUrl)).text();
  expect(page).toContain('৳1,234.50');
  const pageToken = /name="pageToken" value="([0-9a-f]+)"/.exec(page)?.[1];
  expect(pageToken).toBeTruthy();

  // Without the page's token nobody can drive the gateway's buttons.
  const noToken = await request.post(pageUrl, {
    form: { outcome: 'paid', pageToken: 'f'.repeat(64) },
    maxRedirects: 0,
  });
  expect(noToken.status()).toBe(403);
  expect((await readPayment(transactionId, buyer.token)).body.result.status).toBe('pending');

  const paid = await request.post(pageUrl, {
    form: { outcome: 'paid', pageToken: pageToken! },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  expect(paid.headers().location).toContain(`/payment/success?transactionId=${transactionId}`);

  // A second submit (double click, replayed form) cannot turn a paid payment into a failed one.
  const replay = await request.post(pageUrl, {
    form: { outcome: 'failed', pageToken: pageToken! },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(303);
  expect(replay.headers().location).toContain('/payment/success');

  expect((await readPayment(transactionId, buyer.token)).body.result).toMatchObject({
    status: 'paid',
    paymentType: true,
    price: 1234.5,
  });
  expect(await productStatus(productId)).toBe('sold');

  // The product is sold: a new payment for it is refused.
  const again = await api('/payment/init', { method: 'POST', token: buyer.token, body: { _id: productId } });
  expect(again.status).toBe(409);
});
