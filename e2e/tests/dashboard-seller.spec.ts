import { expect, test } from '../support/test';
import { api, emulatorToken } from '../support/api';
import { e2eEnv, uniqueEmail } from '../support/env';
import { loginThroughUi } from '../support/ui';

// A 1×1 PNG: the API sniffs the bytes, resizes it and serves it back as WebP.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a seller adds a product with a photo, advertises it twice and deletes it', async ({ page }) => {
  // A fresh seller, so the demo seller's list (read by other journeys) stays as seeded.
  const stamp = Date.now();
  const seller = { name: `Sole Trader ${stamp}`, email: uniqueEmail('seller'), password: 'e2e-pass-2026' };
  const token = await emulatorToken(seller.email, seller.password, 'signUp');
  expect((await api('/users', { method: 'POST', token, body: { ...seller, role: 'seller' } })).status).toBe(
    201,
  );
  const productName = `E2E ThinkPad ${stamp}`;

  await loginThroughUi(page, seller.email, seller.password);
  await page.goto('/dashboard/my-products');
  await expect(page.getByText('You have no products yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add a product' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add a Products' })).toBeVisible();

  // Validation speaks before anything is sent.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Enter the product name')).toBeVisible();
  await expect(page.getByText('Upload a photo of the product')).toBeVisible();
  await page.getByLabel(/^Purchase Year/).fill('1989');
  await page.getByLabel(/^Price/).fill('0');
  await page.getByLabel(/^Phone/).fill('call me');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(/Enter a year from 1990 to \d{4}/)).toBeVisible();
  await expect(page.getByText('The price must be more than 0')).toBeVisible();
  await expect(page.getByText(/Enter a phone number:/)).toBeVisible();

  await page.getByLabel(/^Product Name/).fill(productName);
  await page.getByLabel(/^Category/).selectOption({ index: 0 });
  await page.getByLabel(/^Price/).fill('499.99');
  await page.getByLabel(/^Original price/).fill('1299');
  await page.getByLabel(/^Condition/).selectOption('Good');
  await page.getByLabel(/^Purchase Year/).fill('2021');
  await page.getByLabel(/^Phone/).fill('+880 1712 345678');
  await page.getByLabel(/^Location/).fill('Dhanmondi, Dhaka');
  await page.getByLabel(/^Description/).fill('Keyboard like new, battery 90%.');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'laptop.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Photo uploaded')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Uploaded product photo' })).toHaveAttribute(
    'src',
    new RegExp(`^${e2eEnv.apiUrl}/images/`),
  );
  await page.getByRole('button', { name: 'Add Product' }).click();

  await expect(page.getByText('Add Products Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-products$/);
  const row = page.getByRole('row').filter({ hasText: productName });
  await expect(row).toContainText('$499.99');
  await expect(row).toContainText(/available/i);

  const [saved] = (await api<{ _id: string; image: string; original: number }[]>('/add-products', { token }))
    .body;
  expect(saved?.image).toMatch(new RegExp(`^${e2eEnv.apiUrl}/images/`));
  expect(saved?.original).toBe(1299);

  await row.getByRole('button', { name: `Advertise ${productName}` }).click();
  await expect(page.getByText('Product Advertised')).toBeVisible();
  await expect(row).toContainText(/advertised/i);
  await row.getByRole('button', { name: `Advertise ${productName}` }).click();
  await expect(page.getByText('Already Advertised')).toBeVisible();
  const adverts = await api<{ _id: string }[]>('/get-advertise?limit=100');
  expect(adverts.body.filter((p) => p._id === saved!._id)).toHaveLength(1);

  await row.getByRole('button', { name: `Delete ${productName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Are You Sure To Delete' });
  await expect(dialog).toContainText('If you are delete this you cannot recover');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Delete Successfully')).toBeVisible();
  await expect(page.getByText('You have no products yet')).toBeVisible();
  expect((await api(`/details/${saved!._id}`)).status).toBe(404);
});
