import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { api } from './api';
import { createAccount, createListing, type TestAccount } from './fixtures';
import { waitForApp } from './test';
import { loginThroughUi, navigateInApp } from './ui';

// Helpers of the money journeys (docs/product.md#money): a paid order's money is held until the
// buyer has the laptop, then released to the seller, refunded, or split by an operator.

export const MONEY_PASSWORD = 'money-pass-2026';

// The fields the journeys read of shared-contracts/money.ts's Order and Balance (e2e does not
// depend on shared-contracts; the API's answers are checked against these by the assertions).
export interface Order {
  transactionId: number;
  productId: string;
  amountPaisa: number;
  funds: 'held' | 'handed-over' | 'disputed' | 'released' | 'refunded' | 'part-refunded';
  releasedPaisa: number;
  feePaisa: number;
  refunds: Array<{ amountPaisa: number; status: 'requested' | 'pending' | 'done' | 'failed' }>;
  disputeId: string | null;
  actions: string[];
}
export interface Balance {
  heldPaisa: number;
  availablePaisa: number;
  payoutPendingPaisa: number;
  paidOutPaisa: number;
}

/** A seller, a buyer and a listing of the seller's own, all new, so each journey's money is its own. */
export async function newDeal(prefix: string, price: number) {
  const suffix = Math.floor(Math.random() * 1e5);
  const seller = await createAccount('seller', {
    name: `Salma ${prefix} ${suffix}`,
    prefix: `${prefix}-seller`,
    password: MONEY_PASSWORD,
  });
  const buyer = await createAccount('buyer', {
    name: `Babul ${prefix} ${suffix}`,
    prefix: `${prefix}-buyer`,
    password: MONEY_PASSWORD,
  });
  const listing = await createListing(seller, {
    productName: `Money ${prefix} Laptop ${Date.now()}-${suffix}`,
    category: '05',
    price,
    description: 'Listed by a money journey.',
  });
  return { seller, buyer, listing };
}

/**
 * A second person's browser (the seller, an operator) beside the buyer's, signed in through the
 * login page. Its loads wait for the app as the `page` fixture's do (support/test.ts).
 */
export async function signedInPage(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
  await loginThroughUi(page, account.email, account.password);
  return { page, close: () => context.close() };
}

/**
 * Buy Now on the laptop's details page, Pay on the sandbox gateway's hosted page (reached by the
 * signed link /payment/init answers, which the browser follows), back to the receipt. Returns the
 * payment's transaction id.
 */
export async function buyNowAndPay(page: Page, listing: { _id: string; productName: string }) {
  await navigateInApp(page, `/details/${listing._id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.waitForURL(/\/payment\/sandbox\/\d+\?.*sig=[0-9a-f]{64}/);
  await expect(page.getByText(listing.productName)).toBeVisible();
  await snap(page, 'sandbox-gateway');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/payment\/success\?transactionId=\d+/);
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('receipt-product')).toHaveText(listing.productName);
  const transactionId = Number(new URL(page.url()).searchParams.get('transactionId'));
  expect(transactionId).toBeGreaterThan(0);
  // Below the receipt: SecondByte holds the money until the handover, or refunds it.
  const funds = page.getByRole('region', { name: 'Where your money is' });
  await expect(funds.getByText('held', { exact: true })).toBeVisible();
  await expect(funds).toContainText(
    /The seller has until .+ to hand it over, or you are refunded automatically/,
  );
  return transactionId;
}

/** The order as its buyer or seller reads it from the API. */
export async function orderOf(transactionId: number, account: TestAccount) {
  const res = await api<Order>(`/orders/${transactionId}`, { token: account.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function balanceOf(seller: TestAccount) {
  const res = await api<Balance>('/balance', { token: seller.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Moves the API's clock forward and runs the money sweeps (TEST_CLOCK=1 only, playwright.config.ts). */
export async function advanceClock(advanceMs: number) {
  const res = await api<{ now: string; swept: Record<string, number> }>('/test/clock', {
    method: 'POST',
    body: { advanceMs },
  });
  expect(
    res.status,
    `POST /test/clock needs the API started with TEST_CLOCK=1: ${JSON.stringify(res.body)}`,
  ).toBe(200);
  return res.body;
}

/** Taka as the site writes a price in English: "৳61,234", "৳1,200.50" (web-kit/format formatPrice). */
export function taka(paisa: number): string {
  const whole = Math.floor(paisa / 100).toLocaleString('en-GB');
  const cents = paisa % 100;
  return `৳${whole}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

/** Paisa as the payout CSV writes them: "61234.00" (api/src/lib/csv.ts takaText). */
export const csvTaka = (paisa: number) =>
  `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;

/** A CSV file's rows (RFC 4180: quoted cells, doubled quotes, CRLF), without the byte-order mark. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** A small PNG of one colour, made here so the journey uploads a real image and needs no file. */
export function pngOfColour([r, g, b]: [number, number, number], width = 16, height = 12): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Screenshots taken so far per test, so each test's files are numbered in the order of its steps. */
const shots = new Map<string, number>();
/**
 * A full-page screenshot of a key step, kept in the test's output folder and attached to the
 * report, so a reviewer can see that each page looked right, not only that its words were there.
 */
export async function snap(page: Page, name: string) {
  const info = test.info();
  const n = (shots.get(info.testId) ?? 0) + 1;
  shots.set(info.testId, n);
  const file = info.outputPath(`${String(n).padStart(2, '0')}-${name}.png`);
  // From the top: a full-page shot of a scrolled page draws the sticky header halfway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/** The "Paid online" card of one order on My Orders or My Buyers. */
export const paidOrderCard = (page: Page, productName: string) =>
  page.getByRole('region', { name: 'Paid online' }).getByRole('listitem').filter({ hasText: productName });
