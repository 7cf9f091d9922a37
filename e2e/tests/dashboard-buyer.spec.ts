import { expect, test } from '../support/test';
import { api } from '../support/api';
import { e2eEnv } from '../support/env';
import { approveIfHeld, createAccount, sampleSpecs } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

const newAccount = (role: 'seller' | 'buyer', name: string) => createAccount(role, { name });

test('a buyer sees a booking in My Orders and Pay takes them to the payment page', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const seller = await newAccount('seller', `Order Shop ${stamp}`);
  const buyer = await newAccount('buyer', `Order Buyer ${stamp}`);
  const [sample] = (await api<{ image: string; category: string }[]>('/recent-product?limit=1')).body;
  const productName = `Bookable laptop ${stamp}`;
  const product = await api<{ insertedId: string }>('/add-products', {
    method: 'POST',
    token: seller.token,
    body: {
      productName,
      price: 555,
      image: sample!.image,
      quality: 'Excellent',
      phone: '+880 1800 000000',
      location: 'Uttara',
      category: sample!.category,
      description: 'For the buyer journey',
      year: 2022,
      specs: sampleSpecs,
    },
  });
  await approveIfHeld(product.body.insertedId);
  const booking = await api('/bookings', {
    method: 'POST',
    token: buyer.token,
    body: { productId: product.body.insertedId, phone: '01712345678', place: 'Banani Road 11' },
  });
  expect(booking.status).toBe(201);

  await loginThroughUi(page, buyer.email, buyer.password);
  await page.goto('/dashboard/my-orders');
  const row = page.getByRole('row').filter({ hasText: productName });
  await expect(row).toContainText(buyer.name);
  await expect(row).toContainText('01712345678');
  await expect(row).toContainText('Banani Road 11');
  await expect(row).toContainText('৳555');

  // The seller sees who booked, in My Buyers, on a phone.
  const sellerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/dashboard/my-buyers');
  await sellerPage.getByLabel(/^e-?mail/i).fill(seller.email);
  await sellerPage.getByLabel(/^password/i).fill(seller.password);
  await sellerPage.getByRole('button', { name: /^login$/i }).click();
  await expect(sellerPage).toHaveURL(/\/dashboard\/my-buyers$/);
  const card = sellerPage
    .getByRole('list', { name: 'My buyers' })
    .getByRole('listitem')
    .filter({ hasText: productName });
  await expect(card).toContainText(buyer.email);
  await expect(card).toContainText('Banani Road 11');
  await expect(card).toContainText(/not paid/i);
  await expect(card).toContainText('Requested');
  // The request books the laptop only once the seller accepts it (docs/product.md#booking-lifecycle).
  await card.getByRole('button', { name: `Accept the booking of ${productName}` }).click();
  await expect(sellerPage.getByText('Booking accepted; the buyer has been told')).toBeVisible();
  await expect(card).toContainText('Accepted');
  await sellerPage.getByRole('button', { name: 'Open Dashboard' }).click();
  await sellerPage.getByRole('dialog').getByRole('link', { name: 'My Products' }).click();
  await expect(sellerPage.getByRole('listitem').filter({ hasText: productName })).toContainText(/booked/i);
  await sellerContext.close();

  await row.getByRole('button', { name: `Pay for ${productName}` }).click();
  // Checkout takes over and the browser leaves for the payment gateway's page.
  await page.waitForURL((url) => url.href.startsWith(`${e2eEnv.apiUrl}/payment/`));
  await expect(page.getByText(productName).first()).toBeVisible();
});
