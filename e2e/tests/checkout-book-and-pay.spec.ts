import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { api } from '../support/api';
import { e2eEnv } from '../support/env';
import { createAccount, createListing, type TestAccount } from '../support/fixtures';
import { loginThroughUi, navigateInApp } from '../support/ui';

// Buyers' journeys through checkout: book from the category page, pay on the sandbox gateway,
// come back to a receipt — and the amount is always the database's, whatever the browser sends.

const CATEGORY = '05';
const PASSWORD = 'checkout-pass-2026';

type Account = TestAccount;

/** A new account with a display name (as registration sets it) and a profile with `role`. */
const newAccount = (role: 'buyer' | 'seller', prefix: string) =>
  createAccount(role, {
    name: `${prefix === 'seller' ? 'Sam' : 'Bo'} ${prefix} ${Math.floor(Math.random() * 1e4)}`,
    prefix,
    password: PASSWORD,
  });

/** A listing of the seller's own (tests never buy the demo data other journeys read). */
const newListing = (seller: Account, price: number) =>
  createListing(seller, {
    productName: `Checkout Test Laptop ${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    category: CATEGORY,
    price,
    phone: '+880 1711 222333',
    location: 'Dhaka, Banani',
    description: 'Listed by the checkout journey tests.',
  });

async function productStatus(id: string) {
  const res = await api<{ status: string }>(`/details/${id}`);
  return res.body.status;
}

async function bookFromCategoryPage(page: Page, productName: string, query = '') {
  // In-app navigation: the signed-in page and its loaded remotes stay, as for a real buyer.
  await navigateInApp(page, `/category/products/${CATEGORY}${query}`);
  await page.getByRole('button', { name: `Book Now: ${productName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Book this laptop' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a buyer books from the category page and finds it in My Orders', async ({ page }) => {
  const seller = await newAccount('seller', 'seller');
  const buyer = await newAccount('buyer', 'buyer');
  const listing = await newListing(seller, 432.1);
  await loginThroughUi(page, buyer.email, PASSWORD);

  const dialog = await bookFromCategoryPage(page, listing.productName);
  await expect(dialog.getByLabel('Name')).toHaveValue(buyer.name);
  await expect(dialog.getByLabel('E-mail')).toHaveValue(buyer.email);
  await expect(dialog.getByLabel('Product')).toHaveValue(listing.productName);
  await expect(dialog.getByLabel('Price')).toHaveValue('৳432.10');
  await expect(dialog.getByLabel('E-mail')).toHaveAttribute('readonly', '');
  // The page behind the dialog does not scroll, and the lock sets no custom property on <body>,
  // which every element would inherit and restyle for
  // (docs/decisions/0066-scroll-lock-without-a-custom-property.md).
  const body = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { overflow: style.overflow, barSize: style.getPropertyValue('--removed-body-scroll-bar-size') };
  });
  expect(body).toEqual({ overflow: 'hidden', barSize: '' });

  // Required fields are checked before anything is sent.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Enter a phone number the seller can call')).toBeVisible();
  await expect(dialog.getByLabel(/^Phone/)).toBeFocused();

  await dialog.getByLabel(/^Phone/).fill('+880 1812 345678');
  await dialog.getByLabel(/^Meeting location/).fill('Gulshan 1, Dhaka');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Booked successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const bookings = await api<
    Array<{ _id: string; productId: string; phone: string; place: string; price: number }>
  >(`/bookings?email=${encodeURIComponent(buyer.email)}`, { token: buyer.token });
  expect(bookings.body).toEqual([
    expect.objectContaining({
      productId: listing._id,
      phone: '+880 1812 345678',
      place: 'Gulshan 1, Dhaka',
      price: 432.1,
    }),
  ]);
  // A request leaves the laptop available; the seller's accepting it books it
  // (docs/product.md#booking-lifecycle).
  expect(await productStatus(listing._id)).toBe('available');

  await navigateInApp(page, '/dashboard/my-orders');
  const row = page.getByRole('row', { name: new RegExp(listing.productName) });
  await expect(row).toContainText('Gulshan 1, Dhaka');
  await expect(row).toContainText('+880 1812 345678');
  await expect(row).toContainText('Requested');

  const bookingId = bookings.body[0]?._id;
  const accepted = await api(`/bookings/${bookingId}/accept`, { method: 'POST', token: seller.token });
  expect(accepted.status).toBe(200);
  expect(await productStatus(listing._id)).toBe('booked');

  // A booked laptop leaves the brand page's default 'available only' list. The seller accepted
  // in another browser: this tab's copy of the list is older, so the buyer loads the page afresh.
  await page.goto(`/category/products/${CATEGORY}`);
  await expect(page.getByTestId('category-products')).toBeVisible();
  await expect(page.getByRole('button', { name: `Book Now: ${listing.productName}` })).toHaveCount(0);

  // Shown with booked ones, booking the same laptop again is refused inside the modal, which stays open.
  const again = await bookFromCategoryPage(page, listing.productName, '?available=false');
  await again.getByLabel(/^Phone/).fill('+880 1812 345678');
  await again.getByLabel(/^Meeting location/).fill('Gulshan 1, Dhaka');
  await again.getByRole('button', { name: 'Submit' }).click();
  await expect(again.getByRole('alert')).toContainText('You have already booked this laptop');
  await expect(page.getByText('Booked successfully')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
});

test("Book Now answers at once while checkout loads, says so when it cannot, and the form takes the dialog's place", async ({
  page,
}) => {
  const seller = await newAccount('seller', 'seller');
  const buyer = await newAccount('buyer', 'buyer');
  const listing = await newListing(seller, 250);
  await loginThroughUi(page, buyer.email, PASSWORD);

  // Checkout's server does not answer, as on a phone that has lost its signal: held until the
  // opening dialog has been seen, then failed.
  const fromCheckout = (url: URL) => url.port === String(e2eEnv.ports.checkout);
  let failCheckout = () => {};
  const checkoutFails = new Promise<void>((resolve) => (failCheckout = resolve));
  await page.route(fromCheckout, async (route) => {
    await checkoutFails;
    await route.abort('internetdisconnected');
  });
  await navigateInApp(page, `/category/products/${CATEGORY}`);
  await page.getByRole('button', { name: `Book Now: ${listing.productName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Book this laptop' });
  await expect(dialog.getByLabel('Loading')).toBeVisible();
  failCheckout();
  await expect(dialog.getByRole('alert')).toContainText('This part of SecondByte is unavailable');
  await expect(dialog.getByRole('alert')).toContainText('The checkout could not be loaded.');

  // Back online, Retry loads checkout and its booking form takes the place of the notice.
  await page.unroute(fromCheckout);
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByLabel('Product')).toHaveValue(listing.productName);
  await expect(page.getByRole('dialog')).toHaveCount(1);

  // Closed, nothing stays on the page; the next press opens the form directly.
  await dialog.getByRole('button', { name: 'Close booking' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: `Book Now: ${listing.productName}` }).click();
  await expect(dialog.getByLabel('Product')).toHaveValue(listing.productName);
  await expect(page.getByTestId('checkout-opening')).toHaveCount(0);
});

test('a buyer pays on the sandbox page and the receipt shows the database amount, not the one sent', async ({
  page,
}) => {
  const seller = await newAccount('seller', 'seller');
  const buyer = await newAccount('buyer', 'buyer');
  const listing = await newListing(seller, 815.5);
  const booked = await api('/bookings', {
    method: 'POST',
    token: buyer.token,
    body: { productId: listing._id, phone: '+880 1911 000111', place: 'Mirpur 10' },
  });
  expect(booked.status).toBe(201);
  await loginThroughUi(page, buyer.email, PASSWORD);

  // The buyer's browser is made to claim a price of 1.
  const sent: Array<Record<string, unknown>> = [];
  await page.route('**/api/v1/payment/init', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    // The checkout sends the original client's body, { payData: {…} }.
    const { payData } = route.request().postDataJSON() as { payData: Record<string, unknown> };
    const tampered = { ...payData, price: 1 };
    sent.push(tampered);
    await route.continue({ postData: JSON.stringify({ payData: tampered }) });
  });

  await navigateInApp(page, '/dashboard/my-orders');
  await page.getByRole('button', { name: `Pay for ${listing.productName}` }).click();

  await page.waitForURL(/\/payment\/sandbox\/\d+/);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    _id: listing._id,
    productName: listing.productName,
    price: 1,
    paymentType: false,
    email: buyer.email,
  });
  await expect(page.getByText('৳815.50')).toBeVisible();
  await expect(page.getByText(listing.productName)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await page.waitForURL(/\/payment\/success\?transactionId=\d+/);
  const transactionId = new URL(page.url()).searchParams.get('transactionId');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('receipt-product')).toHaveText(listing.productName);
  await expect(page.getByTestId('receipt-email')).toHaveText(buyer.email);
  await expect(page.getByTestId('receipt-phone')).toHaveText('+880 1711 222333');
  await expect(page.getByTestId('receipt-price')).toHaveText('৳815.50');
  await expect(page.getByTestId('receipt-transaction-id')).toHaveText(transactionId ?? '');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  const result = await api<{ result: { price: number; status: string } }>(
    `/get-data-transactionId/${transactionId}`,
    { token: buyer.token },
  );
  expect(result.body.result).toMatchObject({ price: 815.5, status: 'paid' });
  expect(await productStatus(listing._id)).toBe('sold');

  // Nobody else may read the receipt.
  const stranger = await newAccount('buyer', 'stranger');
  const refused = await api(`/get-data-transactionId/${transactionId}`, { token: stranger.token });
  expect(refused.status).toBe(403);
});

for (const outcome of ['Fail', 'Cancel'] as const) {
  test(`${outcome} on the sandbox page returns to '${outcome === 'Fail' ? '/payment/fail' : '/cancel'}' and sells nothing`, async ({
    page,
  }) => {
    const seller = await newAccount('seller', 'seller');
    const buyer = await newAccount('buyer', 'buyer');
    const listing = await newListing(seller, 299);
    await loginThroughUi(page, buyer.email, PASSWORD);

    await navigateInApp(page, `/details/${listing._id}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(/\/payment\/sandbox\/\d+/);
    const transactionId = /\/payment\/sandbox\/(\d+)/.exec(page.url())?.[1];
    await page.getByRole('button', { name: outcome, exact: true }).click();

    await page.waitForURL(outcome === 'Fail' ? /\/payment\/fail$/ : /\/cancel$/);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    const result = await api<{ result: { status: string; paymentType: boolean } }>(
      `/get-data-transactionId/${transactionId}`,
      { token: buyer.token },
    );
    expect(result.body.result).toMatchObject({
      status: outcome === 'Fail' ? 'failed' : 'cancelled',
      paymentType: false,
    });
    expect(await productStatus(listing._id)).toBe('available');

    // Opening the success URL by hand does not turn it into a success either.
    await page.goto(`/payment/success?transactionId=${transactionId}`);
    await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();

    await page.goto(outcome === 'Fail' ? '/payment/fail' : '/cancel');
    await page.getByRole('link', { name: 'Go To Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Select Your Brand' })).toBeVisible();
  });
}
