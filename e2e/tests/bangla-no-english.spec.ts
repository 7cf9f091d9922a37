import type { Page } from '@playwright/test';
import { api } from '../support/api';
import { demoAccount, e2eEnv } from '../support/env';
import { createAccount, createListing, type TestAccount } from '../support/fixtures';
import { expect, test, waitForSettled } from '../support/test';
import { loginThroughUi } from '../support/ui';

// Every page of the buyer's, the seller's and the admin's paths, read as a Bangla-speaking visitor
// reads them (the browser asks for Bangla, so the server's first HTML is in it too): the visible
// text, the tab title and the meta description may hold no English word
// (docs/product.md#languages-and-money). An English word is an ASCII word of two letters or more.

/**
 * Words a Bangla page may show in Latin letters, and why. What sellers and buyers write (names,
 * listings, descriptions, places) stays as written; it is read from the data the page received
 * (dataWords), not listed here.
 */
const ALLOWED = new Set([
  // The product's name; the language switch's "English", which names that language in its own words.
  'SecondByte',
  'English',
  // Makers and models the site's own texts name (the home page's slides, the search filters), and
  // Google's name on its sign-in button.
  'Dell',
  'HP',
  'Lenovo',
  'Apple',
  'Asus',
  'Intel',
  'AMD',
  'Ryzen',
  'Core',
  'Ultra',
  'XPS',
  'ThinkPad',
  'Latitude',
  'Omen',
  'Legion',
  'ROG',
  'Google',
  // Units, file formats and display and system names, read in Latin letters on every spec sheet
  // sold in Bangladesh ("Full HD", "QHD").
  'GB',
  'TB',
  'MB',
  'SSD',
  'HDD',
  'eMMC',
  'GHz',
  'JPEG',
  'PNG',
  'WebP',
  'CSV',
  'Full',
  'HD',
  'WUXGA',
  'QHD',
  'WQXGA',
  'UHD',
  'Windows',
  'macOS',
  'ChromeOS',
  'Linux',
]);

/** Keys whose strings are what people wrote (or the catalogue's names), not the site's words. */
const DATA_KEYS = new Set([
  'name',
  'productName',
  'description',
  'specs',
  'location',
  'place',
  'processor',
  'graphics',
  'os',
  'resolution',
  'email',
  'displayName',
  'buyerName',
  'sellerName',
  'buyerEmail',
  'sellerEmail',
  'reason',
  'comment',
  'text',
  'body',
  'categoryName',
  // The processor's market name the API derives from the seller's text ("Intel Core i5 11th gen"),
  // as laptop shops in Bangladesh write it.
  'cpuFamily',
  // The blog posts are content the API serves, like the listings.
  'question',
  'answer',
  // The audit log names what an action touched as it was then: an e-mail or a listing's name.
  'targetLabel',
]);

const WORD = /[A-Za-z]{2,}/g;

/** Every ASCII word in the free-text fields of a JSON value (see DATA_KEYS), lower-cased. */
function collectDataWords(value: unknown, into: Set<string>, key = ''): void {
  if (typeof value === 'string') {
    if (!DATA_KEYS.has(key)) return;
    const words = value.match(WORD) ?? [];
    for (const word of words) into.add(word.toLowerCase());
    // A person's avatar shows their initials ("Karim Seller" → "KS").
    into.add(
      value
        .split(/\s+/)
        .slice(0, 2)
        .map((w) => w[0] ?? '')
        .join('')
        .toLowerCase(),
    );
  } else if (Array.isArray(value)) {
    for (const item of value) collectDataWords(item, into, key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectDataWords(v, into, k);
  }
}

/**
 * Records the data each page receives: the API's answers and the sign-in service's (a person's
 * name), and the server's page state.
 */
function watchData(page: Page): Set<string> {
  const words = new Set<string>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.startsWith(e2eEnv.apiUrl) && !url.startsWith(e2eEnv.emulatorUrl)) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    collectDataWords(await response.json().catch(() => null), words);
  });
  return words;
}

interface Finding {
  where: string;
  words: string[];
}

/** The English words on the page now: body text, title and description, minus the allowed ones. */
async function englishOn(page: Page, data: Set<string>, typing: boolean): Promise<string[]> {
  const { text, pageState } = await page.evaluate(() => ({
    text: [
      document.body.innerText,
      document.title,
      document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    ].join('\n'),
    pageState: document.getElementById('sb-page-state')?.textContent ?? '',
  }));
  if (pageState) collectDataWords(JSON.parse(pageState), data);
  // E-mail addresses and web addresses are not words of any language.
  const prose = text.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  const found = new Set((prose.match(WORD) ?? []).filter((w) => !ALLOWED.has(w) && !isData(w, data, typing)));
  return [...found];
}

/**
 * A word of the data, in any case (a brand strip writes DELL), or, where the page types the data
 * out letter by letter (the home page's cards), the start of one.
 */
function isData(word: string, data: Set<string>, typing: boolean): boolean {
  const lower = word.toLowerCase();
  if (data.has(lower)) return true;
  if (typing) for (const known of data) if (known.startsWith(lower)) return true;
  return false;
}

/** A walk's findings, reported together at its end, so one run lists every page's English. */
function walker(page: Page) {
  const data = watchData(page);
  const findings: Finding[] = [];
  const check = async (where: string, alsoAllowed: readonly string[] = []) => {
    const typing = new URL(page.url()).pathname === '/';
    const words = (await englishOn(page, data, typing)).filter((w) => !alsoAllowed.includes(w));
    if (words.length) findings.push({ where, words });
  };
  return {
    data,
    check,
    /** Loads a page, waits for its content, and checks it. */
    visit: async (path: string) => {
      await page.goto(path);
      await waitForSettled(page);
      await expect(page.locator('[data-testid$="skeleton"], .mantine-Skeleton-root')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await check(path);
    },
    /** Checks a dialog the button opens, then closes it. */
    dialog: async (opener: string, where: string) => {
      await page.getByRole('button', { name: opener }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(where);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
    expectNone: () =>
      expect(
        findings.map((f) => `${f.where}: ${f.words.join(' ')}`),
        'English words on Bangla pages',
      ).toEqual([]),
  };
}

test.use({ locale: 'bn-BD' });

test('a visitor and a buyer read no English from the home page to the payment receipt', async ({ page }) => {
  test.setTimeout(240_000);
  const walk = walker(page);
  const seller = await createAccount('seller', { prefix: 'bn-walk-seller', name: 'Karim Seller' });
  const listing = await createListing(seller, { productName: `Lenovo ThinkPad T14 ${Date.now()}` });

  // Signed out: the catalogue, its empty and missing states, and the account pages.
  await walk.visit('/');
  await walk.visit(`/category/products/${listing.category}`);
  await walk.visit(`/details/${listing._id}`);
  await walk.visit('/details/no-such-listing');
  // What the visitor typed is shown back to them as typed.
  walk.data.add('thinkpad');
  await walk.visit('/search?q=thinkpad');
  await walk.visit('/search?q=thinkpad&maxPrice=1');
  await walk.visit('/blogs');
  await walk.visit('/contactus');
  await walk.visit('/nope');
  await walk.visit('/register');
  await page.locator('form button[type="submit"]').last().click();
  await walk.check('/register, sent empty');
  await walk.visit('/login');
  await page.getByLabel(/^ই-মেইল/).fill('nobody-here@example.test');
  await page.getByLabel(/^পাসওয়ার্ড/).fill('wrong-pass-2026');
  await page.getByRole('button', { name: /^লগইন$/ }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await walk.check('/login, refused');

  // A Bangla reset e-mail: Firebase is told the page's language when it is asked to send one.
  const { email } = await createAccount('buyer', { prefix: 'bn-walk-reset' });
  await walk.visit('/forgot');
  const resetRequest = page.waitForRequest((r) => r.url().includes('accounts:sendOobCode'));
  await page.getByLabel(/^ই-মেইল/).fill(email);
  await page.getByRole('button', { name: 'লিংক পাঠান' }).click();
  expect((await resetRequest).headers()['x-firebase-locale']).toBe('bn');
  await expect(page.getByTestId('reset-sent')).toContainText(email);
  // The emulator holds the e-mail it would have sent (its out-of-band codes).
  const codes = (await (
    await fetch(`${e2eEnv.emulatorUrl}/emulator/v1/projects/demo-secondbyte/oobCodes`)
  ).json()) as { oobCodes: { email: string; requestType: string }[] };
  expect(codes.oobCodes).toContainEqual(expect.objectContaining({ email, requestType: 'PASSWORD_RESET' }));
  await walk.check('/forgot, sent');

  // The buyer: details, the booking and report dialogs, Buy Now, the sandbox page and the receipt.
  const buyer = demoAccount('buyer');
  await loginThroughUi(page, buyer.email, buyer.password);
  await walk.visit(`/details/${listing._id}`);
  await walk.dialog('বিজ্ঞাপনটি রিপোর্ট করুন', 'the report dialog');
  await page.getByRole('button', { name: 'এখনই বুক করুন' }).click();
  const booking = page.getByRole('dialog');
  await booking.getByRole('button', { name: 'জমা দিন' }).click();
  await booking.getByLabel(/^দেখা করার জায়গা/).fill('Dhaka\u0007 Banani');
  await walk.check('the booking dialog with its errors');
  await booking.getByLabel(/^ফোন/).fill('01711222333');
  await booking.getByLabel(/^দেখা করার জায়গা/).fill('Dhaka, Banani');
  await booking.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(page.getByText('বুকিং সফল হয়েছে')).toBeVisible();
  await walk.check('the booking toast');

  for (const path of [
    '/dashboard',
    '/dashboard/my-orders',
    '/dashboard/saved',
    '/dashboard/saved-searches',
    '/dashboard/reviews',
  ]) {
    await walk.visit(path);
  }
  await walk.visit('/dashboard/messages');
  // A page of another role: the role gate's refusal.
  await walk.visit('/dashboard/users/all-seller');

  const other = await createListing(seller, { productName: `Dell Latitude 5420 ${Date.now()}` });
  await walk.visit(`/details/${other._id}`);
  await page.getByRole('button', { name: 'এখনই কিনুন' }).click();
  await page.waitForURL(/\/payment\/sandbox\/\d+/);
  // The sandbox gateway's page is the API's: its amount in taka and Bangla digits too.
  await walk.check('the sandbox payment page');
  await page.getByRole('button', { name: 'দাম দিন' }).click();
  await page.waitForURL(/\/payment\/success\?transactionId=/);
  await waitForSettled(page);
  await walk.check('/payment/success');
  await walk.visit('/payment/fail');
  await walk.visit('/cancel');

  walk.expectNone();
});

async function sellerWithAListing(prefix: string): Promise<TestAccount> {
  const seller = await createAccount('seller', { prefix, name: 'Rahim Seller' });
  await createListing(seller, { productName: `HP EliteBook 840 G8 ${Date.now()}` });
  return seller;
}

test('a seller reads no English on the dashboard, its forms, dialogs and empty states', async ({ page }) => {
  test.setTimeout(180_000);
  const walk = walker(page);
  const seller = await sellerWithAListing('bn-walk-seller2');
  await loginThroughUi(page, seller.email, seller.password);
  await walk.visit('/dashboard');
  await walk.visit('/dashboard/my-products');
  await walk.dialog('মুছে ফেলুন', 'the delete dialog');
  await walk.visit('/dashboard/add-products');
  await page.locator('form button[type="submit"]').last().click();
  await walk.check('/dashboard/add-products, sent empty');
  for (const path of [
    '/dashboard/my-buyers',
    '/dashboard/payouts',
    '/dashboard/reviews',
    '/dashboard/messages',
    '/dashboard/offers-received',
    '/dashboard/blocked-people',
  ]) {
    await walk.visit(path);
  }
  await walk.visit('/dashboard/my-orders');
  walk.expectNone();
});

// docs/product.md#offers and #blocking: the offer dialog, My offers with an offer in it, a
// conversation with its Block dialog, the closed conversation and Blocked people with a row.
test('a buyer reads no English on the offer and blocking screens', async ({ page }) => {
  test.setTimeout(180_000);
  const walk = walker(page);
  const seller = await createAccount('seller', { prefix: 'bn-walk-offer-seller', name: 'Rahim Seller' });
  const listing = await createListing(seller, {
    productName: `HP EliteBook 840 G8 ${Date.now()}`,
    price: 60_000,
  });
  const buyer = await createAccount('buyer', { prefix: 'bn-walk-offer-buyer', name: 'Karim Buyer' });
  await loginThroughUi(page, buyer.email, buyer.password);
  await walk.visit(`/details/${listing._id}`);
  await walk.dialog('দাম প্রস্তাব করুন', 'the offer dialog');
  const offered = await api('/offers', {
    method: 'POST',
    token: buyer.token,
    body: { productId: listing._id, amount: 45_000 },
  });
  expect(offered.status).toBe(201);
  await walk.visit('/dashboard/my-offers');
  const thread = await api<{ _id: string }>('/conversations', {
    method: 'POST',
    token: buyer.token,
    body: { productId: listing._id, text: 'চার্জার আছে?' },
  });
  await walk.visit(`/dashboard/messages/${thread.body._id}`);
  await walk.dialog('ব্লক করুন', 'the block dialog');
  await api(`/conversations/${thread.body._id}/block`, { method: 'POST', token: buyer.token });
  await walk.visit(`/dashboard/messages/${thread.body._id}`);
  await walk.visit('/dashboard/blocked-people');
  walk.expectNone();
});

test('an admin reads no English on the admin pages', async ({ page }) => {
  test.setTimeout(180_000);
  const walk = walker(page);
  const admin = demoAccount('admin');
  await loginThroughUi(page, admin.email, admin.password);
  for (const path of [
    '/dashboard',
    '/dashboard/users/all-seller',
    '/dashboard/users/all-buyer',
    '/dashboard/reported-items',
    '/dashboard/users/admins',
    '/dashboard/audit-log',
    '/dashboard/disputes',
    '/dashboard/payout-requests',
    '/dashboard/money',
    '/dashboard/messages',
  ]) {
    await walk.visit(path);
  }
  walk.expectNone();
});
