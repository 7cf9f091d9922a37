import { expect, test } from '../support/test';
import { api } from '../support/api';
import { demoAccount } from '../support/env';
import { createAccount, createListing, type TestAccount } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

// Admin journeys. Each creates its own seller, listings and reports (the demo data is shared).

type Account = TestAccount;

const newAccount = (role: 'seller' | 'buyer', name: string) => createAccount(role, { name });

async function newProduct(seller: Account, productName: string) {
  const [sample] = (await api<{ category: string }[]>('/recent-product?limit=1')).body;
  const listing = await createListing(seller, {
    productName,
    price: 321.5,
    category: sample!.category,
    phone: '+880 1700 000000',
    description: 'Made by an e2e journey',
  });
  return { id: listing._id, productName, category: listing.category };
}

test('an admin deletes a seller, and that seller’s listings leave the catalog', async ({ page }) => {
  const stamp = Date.now();
  const seller = await newAccount('seller', `Closing Shop ${stamp}`);
  const product = await newProduct(seller, `Closing-down laptop ${stamp}`);
  expect((await api(`/details/${product.id}`)).status).toBe(200);

  const admin = demoAccount('admin');
  await loginThroughUi(page, admin.email, admin.password);
  await page.goto('/dashboard/users/all-seller');
  await expect(page.getByRole('heading', { name: 'All Sellers' })).toBeVisible();
  await page.getByLabel('Search all sellers').fill(seller.email);
  await page.getByRole('button', { name: `Delete ${seller.name}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Are You Sure To Delete' });
  await expect(dialog).toContainText('If you are delete this you cannot recover');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();

  await expect(page.getByText('Delete Successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${seller.name}` })).toHaveCount(0);

  // The listing left the catalog: its details page and its category list no longer have it.
  expect((await api(`/details/${product.id}`)).status).toBe(404);
  const category = await api<{ _id: string }[]>(`/category/products/${product.category}?limit=100`);
  expect(category.body.map((p) => p._id)).not.toContain(product.id);
  // The deleted seller's token no longer opens the seller's pages.
  expect((await api('/add-products', { token: seller.token })).status).toBe(401);
});

test('an admin resolves reports: dismisses one, removes the other listing', async ({ page }) => {
  const stamp = Date.now();
  const seller = await newAccount('seller', `Reported Shop ${stamp}`);
  const kept = await newProduct(seller, `Fine laptop ${stamp}`);
  const removed = await newProduct(seller, `Fake laptop ${stamp}`);
  const reporter = await newAccount('buyer', `Careful Buyer ${stamp}`);
  for (const [product, reason] of [
    [kept, 'I think the price is wrong'],
    [removed, 'The photo is of another laptop'],
  ] as const) {
    const report = await api('/reports', {
      method: 'POST',
      token: reporter.token,
      body: { productId: product.id, reason },
    });
    expect(report.status).toBe(201);
  }

  const admin = demoAccount('admin');
  await loginThroughUi(page, admin.email, admin.password);
  await page.goto('/dashboard/reported-items');
  await page.getByLabel('Search reported items').fill(String(stamp));
  const table = page.getByRole('table', { name: 'Reported items' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const fakeRow = table.getByRole('row').filter({ hasText: removed.productName });
  await expect(fakeRow).toContainText(reporter.email);
  await expect(fakeRow).toContainText('The photo is of another laptop');

  await page.getByRole('button', { name: `Dismiss report on ${kept.productName}` }).click();
  await expect(page.getByText('Report dismissed')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: kept.productName })).toHaveCount(0);

  await page.getByRole('button', { name: `Remove listing ${removed.productName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this listing?' });
  await dialog.getByRole('button', { name: 'Remove listing' }).click();
  await expect(page.getByText('Listing removed')).toBeVisible();
  await expect(page.getByText('No open reports').or(page.getByText(/Nothing matches/))).toBeVisible();

  expect((await api(`/details/${removed.id}`)).status).toBe(404);
  expect((await api(`/details/${kept.id}`)).status).toBe(200);

  // Every report stays on record with how it was settled.
  await page.getByText('All', { exact: true }).click(); // the Open / All switch
  await expect(table.getByRole('row').filter({ hasText: kept.productName })).toContainText('dismissed');
  await expect(table.getByRole('row').filter({ hasText: removed.productName })).toContainText('removed');
});
