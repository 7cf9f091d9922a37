import { expect, test } from '../support/test';
import { createAccount, createListing } from '../support/fixtures';
import { loginThroughUi, navigateInApp } from '../support/ui';

// From interest to handover (docs/product.md#booking-lifecycle, #in-site-notifications,
// #reviews-and-seller-pages): the buyer books, the seller accepts and later marks the handover in
// a browser of their own, the buyer's bell hears each move without a reload, and the buyer's
// review of the finished deal shows on the seller's public page.

const PASSWORD = 'deal-flow-pass-2026';

test('a booking goes requested → accepted → handed over → reviewed, each step visible to both', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Math.floor(Math.random() * 1e5);
  const seller = await createAccount('seller', {
    name: `Selim Deal ${suffix}`,
    prefix: 'deal-seller',
    password: PASSWORD,
  });
  const buyer = await createAccount('buyer', {
    name: `Bithi Deal ${suffix}`,
    prefix: 'deal-buyer',
    password: PASSWORD,
  });
  const listing = await createListing(seller, {
    productName: `Deal Flow Laptop ${Date.now()}`,
    category: '05',
    price: 61_000,
  });

  // The buyer asks to book; the request leaves the laptop available.
  await loginThroughUi(page, buyer.email, PASSWORD);
  await navigateInApp(page, `/details/${listing._id}`);
  await page.getByRole('button', { name: 'Book Now', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Book this laptop' });
  await dialog.getByLabel(/^Phone/).fill('+880 1812 345678');
  await dialog.getByLabel(/^Meeting location/).fill('Dhanmondi 27, Dhaka');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await navigateInApp(page, '/dashboard/my-orders');
  const order = page.getByRole('row', { name: new RegExp(listing.productName) });
  await expect(order.getByText('Requested')).toBeVisible();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  try {
    await loginThroughUi(sellerPage, seller.email, PASSWORD);
    // The seller was told of the request.
    await expect(sellerPage.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName(
      /Notifications, \d+ unread/,
    );
    await navigateInApp(sellerPage, '/dashboard/my-buyers');
    const request = sellerPage.getByRole('row', { name: new RegExp(listing.productName) });
    await expect(request.getByText('Requested')).toBeVisible();
    await request.getByRole('button', { name: `Accept the booking of ${listing.productName}` }).click();
    await expect(sellerPage.getByText('Booking accepted; the buyer has been told')).toBeVisible();
    await expect(request.getByText('Accepted')).toBeVisible();

    // The buyer's page, never reloaded, hears it: the bell counts it and words it.
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await bell.click();
    await expect(
      page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', {
        name: new RegExp(`^New: Your booking of ${listing.productName} was accepted`),
      }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName('Notifications');

    // The handover: the seller confirms, the laptop is sold.
    await request.getByRole('button', { name: `Mark handed over: ${listing.productName}` }).click();
    const confirm = sellerPage.getByRole('dialog', { name: 'Mark as handed over?' });
    await confirm.getByRole('button', { name: 'Mark handed over' }).click();
    await expect(sellerPage.getByText('Marked as handed over; the laptop is now sold')).toBeVisible();
    await expect(request.getByText('Handed over')).toBeVisible();
  } finally {
    await sellerContext.close();
  }

  // Still without a reload: the bell and My Orders follow the handover.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(order.getByText('Handed over')).toBeVisible();

  // The finished deal can be reviewed once, and the review is public.
  await navigateInApp(page, '/dashboard/reviews');
  const deal = page.getByTestId('pending-review').filter({ hasText: listing.productName });
  await deal.getByRole('radio', { name: '5 of 5 stars' }).focus();
  await page.keyboard.press('Space');
  await deal.getByLabel('Your review (optional)').fill('Met on time, the laptop was as listed.');
  await deal.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thank you: your review is on the seller page')).toBeVisible();

  await navigateInApp(page, `/details/${listing._id}`);
  await page.getByRole('link', { name: `See the seller page of ${seller.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Seller ${seller.name}` })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 5 of 5 from 1 review' }).first()).toBeVisible();
  await expect(page.getByTestId('seller-review')).toContainText('Met on time, the laptop was as listed.');
});
