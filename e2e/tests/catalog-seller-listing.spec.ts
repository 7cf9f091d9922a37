import { expect, test } from '../support/test';
import { api } from '../support/api';
import { createAccount, createListing, type TestAccount } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

// A seller's new listing reaches the catalog: its category list, its details page, and once
// advertised, the home page. A buyer can report it from its page.

const PASSWORD = 'catalog-pass-2026';
const CATEGORY = '03';

const newAccount = (role: 'buyer' | 'seller') =>
  createAccount(role, {
    name: `Catalog ${role} ${Math.floor(Math.random() * 1e4)}`,
    prefix: `catalog-${role}`,
    password: PASSWORD,
  });

const addListing = (seller: TestAccount) =>
  createListing(seller, {
    productName: `Catalog Test ThinkPad ${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    category: CATEGORY,
    price: 345.5,
    originalPrice: 999,
    location: 'Sylhet, Zindabazar',
    description:
      'Listed by the catalog journey tests: a ThinkPad with a new battery and a spotless keyboard.',
    year: 2022,
  });

test('a product a seller adds appears in its category, its details and, once advertised, on the home page', async ({
  page,
}) => {
  const seller = await newAccount('seller');
  const buyer = await newAccount('buyer');
  const listing = await addListing(seller);
  await loginThroughUi(page, buyer.email, PASSWORD);

  await page.goto(`/category/products/${CATEGORY}`);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: listing.productName }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Sylhet, Zindabazar')).toBeVisible();
  await expect(card.getByText('৳345.50')).toBeVisible();
  await expect(card.getByText('৳999')).toBeVisible();
  await expect(card.getByText(seller.name)).toBeVisible();
  await expect(card.getByLabel('Sales status: available')).toBeVisible();

  await card.getByRole('link', { name: `Details of ${listing.productName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: listing.productName })).toBeVisible();
  await expect(page.getByTestId('details-price')).toHaveText('৳345.50');
  await expect(page.getByRole('link', { name: seller.email })).toHaveAttribute(
    'href',
    `mailto:${seller.email}`,
  );
  await expect(page.getByText('+880 1711 445566')).toBeVisible();

  // Not advertised yet: not on the home page.
  await page.goto('/');
  await expect(page.getByTestId('recent-card').first()).toBeVisible();
  await expect(page.getByTestId('advert-card').filter({ hasText: listing.productName })).toHaveCount(0);

  const advert = await api<{ acknowledged: boolean }>('/add-advertise', {
    method: 'POST',
    token: seller.token,
    body: { _id: listing._id },
  });
  expect(advert.body.acknowledged).toBe(true);

  await page.reload();
  const advertCard = page.getByTestId('advert-card').filter({ hasText: listing.productName });
  await expect(advertCard).toBeVisible();
  await advertCard.getByRole('button', { name: `Book Now: ${listing.productName}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a seller who hides their contact details gets their own listing without Book or Buy, from the server on', async ({
  page,
  browser,
  context,
}) => {
  const seller = await newAccount('seller');
  const listing = await createListing(seller, { category: CATEGORY, showContact: false });
  await loginThroughUi(page, seller.email, PASSWORD);
  // The signed-in hint carries the profile id once the API has answered the profile (before
  // that it is written with the id still null).
  await expect
    .poll(async () => {
      const hint = (await context.cookies()).find((c) => c.name === 'sb_session')?.value;
      return hint
        ? ((JSON.parse(decodeURIComponent(hint)) as { profileId: string | null }).profileId ?? '')
        : '';
    })
    .toMatch(/^[\w-]+$/);

  // The server's HTML alone, before any script: the same cookies, JavaScript off.
  const htmlOnly = await browser.newContext({ javaScriptEnabled: false });
  try {
    await htmlOnly.addCookies(await context.cookies());
    const raw = await htmlOnly.newPage();
    await raw.goto(`${new URL(page.url()).origin}/details/${listing._id}`);
    await expect(raw.getByRole('heading', { level: 1, name: listing.productName })).toBeVisible();
    await expect(raw.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    await expect(raw.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  } finally {
    await htmlOnly.close();
  }

  // And once hydrated, still: the page knows its own seller without the hidden e-mail.
  await page.goto(`/details/${listing._id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.productName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Report this item' })).toHaveCount(0);
});

test('a buyer reports a listing from its page', async ({ page }) => {
  const seller = await newAccount('seller');
  const buyer = await newAccount('buyer');
  const listing = await addListing(seller);
  await loginThroughUi(page, buyer.email, PASSWORD);

  await page.goto(`/details/${listing._id}`);
  await page.getByRole('button', { name: 'Report this item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this item' });
  await expect(dialog).toBeVisible();

  // The reason is required.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();

  await dialog.getByLabel('Reason').fill('The photo shows a different model.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Report sent. Thank you, an admin will review this listing.')).toBeVisible();
  await expect(dialog).toBeHidden();
});
