import { expect, test } from '../support/test';
import { createAccount, createListing } from '../support/fixtures';
import { loginThroughUi, navigateInApp } from '../support/ui';

// Saved-search alerts (docs/product.md#saved-searches): the buyer saves a search with the search
// page's "Save this search", finds it in the dashboard's Saved searches, a seller lists a laptop
// that matches it, and the buyer's bell names the laptop and opens its page.

const PASSWORD = 'alerts-pass-2026';

test('a buyer saves a search on the search page and its bell tells of a new matching listing', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const suffix = Math.floor(Math.random() * 1e5);
  const seller = await createAccount('seller', { prefix: 'alert-seller', password: PASSWORD });
  const buyer = await createAccount('buyer', {
    name: `Bithi Alert ${suffix}`,
    prefix: 'alert-buyer',
    password: PASSWORD,
  });
  const word = `alertbook${suffix}`;

  await loginThroughUi(page, buyer.email, PASSWORD);
  // Within the running app, as a buyer who typed the search would be (a reload would click on the
  // server's HTML before the app has taken the page over).
  await navigateInApp(page, `/search?q=${word}&maxPrice=90000&sort=newest`);
  const save = page.getByRole('button', { name: 'Save this search' });
  await save.click();
  await expect(page.getByText('Search saved. New laptops that match it will appear')).toBeVisible();
  await expect(page.getByRole('button', { name: '✓ Search saved' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: testInfo.outputPath('save-search-button.png') });

  // The dashboard lists it in words, with a link that runs it again.
  await page.goto('/dashboard/saved-searches');
  const table = page.getByRole('table', { name: 'Saved searches' });
  const run = table.getByRole('link', {
    name: new RegExp(`^Run this search: “${word}” · up to .* · sorted by newest$`),
  });
  await expect(run).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('saved-searches-page.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('saved-searches-390.png'), fullPage: true });

  const listing = await createListing(seller, {
    productName: `Dell Latitude ${word}`,
    category: '05',
    price: 70_000,
  });
  // A laptop over the saved price cap tells nobody.
  await createListing(seller, { productName: `Dell Latitude ${word} Pro`, category: '05', price: 95_000 });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const alert = page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', {
    name: new RegExp(`^New: New for your saved search: ${listing.productName} at`),
  });
  await expect(alert).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('saved-search-bell.png') });
  // Opening the bell marks its items read, which drops "New: " from the name once the API
  // answers: the click finds the same link either way.
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: new RegExp(`New for your saved search: ${listing.productName} at`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/details/${listing._id}$`));
  await expect(page.getByRole('heading', { name: listing.productName, level: 1 })).toBeVisible();

  // In Bangla: the page, the search in words, and the search page's button at 390 px.
  await page.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.goto('/dashboard/saved-searches');
  await expect(page.getByRole('table', { name: 'সংরক্ষিত খোঁজ' })).toContainText(`“${word}”`);
  await page.screenshot({ path: testInfo.outputPath('saved-searches-bn.png'), fullPage: true });
  // Delete asks first, then the list is empty.
  await page.getByRole('button', { name: new RegExp(`^সংরক্ষিত খোঁজটি মুছুন: “${word}”`) }).click();
  const confirm = page.getByRole('dialog', { name: 'এই সংরক্ষিত খোঁজটি মুছবেন?' });
  await page.screenshot({ path: testInfo.outputPath('saved-searches-delete-bn.png') });
  await confirm.getByRole('button', { name: 'মুছুন' }).click();
  await expect(page.getByText('আপনার এখনো কোনো সংরক্ষিত খোঁজ নেই')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/search?q=${word}&verified=true`);
  await expect(page.getByRole('button', { name: 'এই খোঁজটি সংরক্ষণ করুন' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('save-search-button-bn-390.png') });
});
