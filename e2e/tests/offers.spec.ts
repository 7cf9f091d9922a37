import { expect, test } from '../support/test';
import { api } from '../support/api';
import { createAccount, createListing } from '../support/fixtures';
import { loginThroughUi, navigateInApp } from '../support/ui';

// Bargaining (docs/product.md#offers): the buyer offers on the listing's page, the seller counters
// from Offers on my listings in a browser of their own, the buyer accepts in My offers and pays
// the agreed price online — the amount the gateway charges is the database's agreed price.

const PASSWORD = 'offers-pass-2026';

test('a buyer offers, the seller counters, the buyer accepts and pays the agreed price online', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const suffix = Math.floor(Math.random() * 1e5);
  const seller = await createAccount('seller', {
    name: `Selim Offer ${suffix}`,
    prefix: 'offer-seller',
    password: PASSWORD,
  });
  const buyer = await createAccount('buyer', {
    name: `Bithi Offer ${suffix}`,
    prefix: 'offer-buyer',
    password: PASSWORD,
  });
  const listing = await createListing(seller, {
    productName: `Offer Journey Laptop ${Date.now()}`,
    category: '05',
    price: 60_000,
  });

  // The buyer offers below half the price first: the form names the minimum and sends nothing.
  await loginThroughUi(page, buyer.email, PASSWORD);
  await navigateInApp(page, `/details/${listing._id}`);
  await page.getByRole('button', { name: `Make an offer for ${listing.productName}` }).click();
  const form = page.getByRole('dialog', { name: 'Make an offer' });
  await expect(form.getByText('From ৳30,000 (half the asking price) up to ৳60,000')).toBeVisible();
  const amount = form.getByRole('textbox', { name: /Your offer/ });
  await amount.fill('20000');
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(form.getByText('The lowest offer is ৳30,000, half the asking price')).toBeVisible();
  await amount.fill('45000');
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('offer-state')).toContainText(
    'Your offer of ৳45,000 is waiting for the seller',
  );
  await page.screenshot({ path: testInfo.outputPath('offer-details.png'), fullPage: true });

  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  try {
    await loginThroughUi(sellerPage, seller.email, PASSWORD);
    await navigateInApp(sellerPage, '/dashboard/offers-received');
    const row = sellerPage.getByRole('row', { name: new RegExp(listing.productName) });
    await expect(row.getByText('Waiting for the seller')).toBeVisible();
    await sellerPage.screenshot({ path: testInfo.outputPath('offers-received.png'), fullPage: true });
    await row.getByRole('button', { name: `Counter the offer for ${listing.productName}` }).click();
    const counter = sellerPage.getByRole('dialog', { name: `Counter the offer for ${listing.productName}` });
    await counter.getByRole('textbox', { name: /Your price/ }).fill('52000');
    await counter.getByRole('button', { name: 'Send counter-offer' }).click();
    await expect(sellerPage.getByText('Counter-offer sent')).toBeVisible();
    await expect(row.getByText('Counter-offer', { exact: true })).toBeVisible();
  } finally {
    await sellerContext.close();
  }

  // The buyer accepts the counter-offer in My offers.
  await navigateInApp(page, '/dashboard/my-offers');
  const mine = page.getByRole('row', { name: new RegExp(listing.productName) });
  await expect(mine.getByText('৳52,000')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-offers.png'), fullPage: true });
  await mine.getByRole('button', { name: `Accept the offer for ${listing.productName}` }).click();
  await expect(page.getByText('Offer accepted')).toBeVisible();
  await expect(mine.getByText('Accepted')).toBeVisible();

  // Buy Now charges the agreed price, from the database.
  await navigateInApp(page, `/details/${listing._id}`);
  await expect(page.getByTestId('offer-state')).toContainText('The seller agreed to ৳52,000');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.waitForURL(/\/payment\/sandbox\/\d+/);
  await expect(page.getByText('৳52,000')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/payment\/success\?transactionId=\d+/);
  await expect(page.getByTestId('receipt-price')).toHaveText('৳52,000');
  const transactionId = new URL(page.url()).searchParams.get('transactionId');
  const result = await api<{ result: { price: number; status: string } }>(
    `/get-data-transactionId/${transactionId}`,
    {
      token: buyer.token,
    },
  );
  expect(result.body.result).toMatchObject({ price: 52000, status: 'paid' });

  // On a phone the buyer's list is cards, and the offer ended in the sale.
  await page.setViewportSize({ width: 390, height: 844 });
  await navigateInApp(page, '/dashboard/my-offers');
  await expect(page.getByText('Bought').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-offers-phone.png'), fullPage: true });
});
