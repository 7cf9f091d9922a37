import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { createAccount, createListing } from '../support/fixtures';
import { loginThroughUi, navigateInApp } from '../support/ui';

// A Bangla-speaking buyer (docs/product.md#languages-and-money): one switch in the header changes
// the whole page without a reload, prices read in taka with Bangla digits on the catalog, the
// booking dialog and My Orders, and the choice survives a reload. axe checks every page in Bangla
// too: accessibility.spec.ts runs its whole suite in both languages.

const PASSWORD = 'bangla-pass-2026';

async function switchToBangla(page: Page) {
  await page.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('navigation', { name: 'প্রধান' }).first()).toBeVisible();
}

test('a buyer switches to Bangla and sees taka in Bangla digits from the catalog to My Orders', async ({
  page,
}) => {
  const seller = await createAccount('seller', { prefix: 'bn-seller', password: PASSWORD });
  const buyer = await createAccount('buyer', {
    prefix: 'bn-buyer',
    name: 'Bangla Buyer',
    password: PASSWORD,
  });
  const listing = await createListing(seller, {
    productName: `Bangla Test Laptop ${Date.now()}`,
    price: 89500,
  });
  await loginThroughUi(page, buyer.email, PASSWORD);
  await switchToBangla(page);
  // The page did not reload: the header changed in place and the store kept the session.
  await expect(page.getByRole('button', { name: 'লগ আউট' }).first()).toBeAttached();

  await navigateInApp(page, `/category/products/${listing.category}`);
  await expect(page.getByText('৳৮৯,৫০০').first()).toBeVisible();

  await navigateInApp(page, `/details/${listing._id}`);
  await expect(page.getByTestId('details-price')).toHaveText('৳৮৯,৫০০');

  // A reload keeps the choice: the server renders the page in Bangla from the cookie.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByTestId('details-price')).toHaveText('৳৮৯,৫০০');

  // The details page, then checkout's dialog, then the dashboard: three remotes, one language.
  await expect(page.getByRole('heading', { name: 'অবস্থা: ভালো' })).toBeVisible();
  await page.getByRole('button', { name: 'এখনই বুক করুন' }).click();
  const dialog = page.getByRole('dialog', { name: 'ল্যাপটপটি বুক করুন' });
  await expect(dialog.getByLabel('দাম')).toHaveValue('৳৮৯,৫০০');
  await dialog.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(dialog.getByText('বিক্রেতা ফোন করতে পারেন এমন একটি নম্বর দিন')).toBeVisible();
  await dialog.getByLabel(/^ফোন/).fill('01711222333');
  await dialog.getByLabel(/^দেখা করার জায়গা/).fill('Dhaka, Banani');
  await dialog.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(page.getByText('বুকিং সফল হয়েছে')).toBeVisible();
  await expect(dialog).toBeHidden();

  await navigateInApp(page, '/dashboard/my-orders');
  await expect(page.getByRole('heading', { name: 'আমার অর্ডার' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(listing.productName) });
  await expect(row).toContainText('৳৮৯,৫০০');

  // Pay: the sandbox gateway's page, the receipt and My Orders, all in Bangla.
  await row.getByRole('button', { name: `${listing.productName}-এর দাম দিন` }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\/\d+\?lang=bn/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('button', { name: 'দাম দিন' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?transactionId=/);
  await expect(page.getByRole('heading', { name: 'পেমেন্ট সফল হয়েছে' })).toBeVisible();
  await expect(page.getByTestId('receipt-price')).toHaveText('৳৮৯,৫০০');
  await page.goto('/dashboard/my-orders?paid=true');
  await expect(page.getByRole('row', { name: new RegExp(listing.productName) })).toContainText('পরিশোধিত');
});
