import { expect, test } from '../support/test';
import { api } from '../support/api';
import { createAccount, createListing } from '../support/fixtures';
import { loginThroughUi, navigateInApp } from '../support/ui';

// docs/product.md#reviews-and-seller-pages: a finished deal (here paid online) → the buyer
// reviews the seller once → the review and the seller's real rating show on the seller page.

const PASSWORD = 'reviews-pass-2026';

test('a buyer pays, reviews the seller once, and the review shows on the public seller page', async ({
  page,
}) => {
  const seller = await createAccount('seller', {
    name: `Rahim Reviews ${Math.floor(Math.random() * 1e4)}`,
    prefix: 'review-seller',
    password: PASSWORD,
  });
  const buyer = await createAccount('buyer', {
    name: `Karim Reviews ${Math.floor(Math.random() * 1e4)}`,
    prefix: 'review-buyer',
    password: PASSWORD,
  });
  const listing = await createListing(seller, {
    productName: `Review Test Laptop ${Date.now()}`,
    category: '05',
    price: 350,
  });
  await loginThroughUi(page, buyer.email, PASSWORD);

  // Before any deal: the seller has no reviews, and the buyer may not review.
  await navigateInApp(page, `/details/${listing._id}`);
  // The page shown before (its cards say 'No reviews yet' too) stays until the details have loaded.
  await expect(page.getByRole('heading', { level: 1, name: listing.productName })).toBeVisible();
  await expect(page.getByText('No reviews yet')).toBeVisible();
  const early = await api('/reviews', {
    method: 'POST',
    token: buyer.token,
    body: { productId: listing._id, rating: 5 },
  });
  expect(early.status).toBe(403);

  // The finished deal: paid on the sandbox gateway.
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.waitForURL(/\/payment\/sandbox\/\d+/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/payment\/success\?transactionId=\d+/);

  await navigateInApp(page, '/dashboard/reviews');
  const deal = page.getByTestId('pending-review').filter({ hasText: listing.productName });
  await expect(deal).toBeVisible();
  await deal.getByRole('radio', { name: '4 of 5 stars' }).focus();
  await page.keyboard.press('Space');
  await deal.getByLabel('Your review (optional)').fill('Honest seller, the laptop was as described.');
  await deal.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thank you: your review is on the seller page')).toBeVisible();
  await expect(deal).toHaveCount(0);
  await expect(page.getByTestId('review-card').filter({ hasText: listing.productName })).toBeVisible();

  // Once per deal.
  const again = await api<{ message: string }>('/reviews', {
    method: 'POST',
    token: buyer.token,
    body: { productId: listing._id, rating: 1 },
  });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('You have already reviewed this deal');

  // The seller's name on the details page leads to the public page with the review.
  await navigateInApp(page, `/details/${listing._id}`);
  await page.getByRole('link', { name: `See the seller page of ${seller.name}` }).click();
  await page.waitForURL(/\/sellers\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Seller ${seller.name}` })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 4 of 5 from 1 review' }).first()).toBeVisible();
  const review = page.getByTestId('seller-review');
  await expect(review).toContainText('Honest seller, the laptop was as described.');
  await expect(review).toContainText(`${buyer.name} about ${listing.productName}`);
  await expect(page.getByText(seller.email)).toHaveCount(0);
});
