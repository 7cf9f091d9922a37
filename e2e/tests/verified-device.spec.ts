import sharp from 'sharp';
import { expect, test } from '../support/test';
import { signInToken } from '../support/api';
import { demoAccount } from '../support/env';
import { createListing } from '../support/fixtures';
import { loginThroughUi, navigateInApp } from '../support/ui';

// Verified devices (docs/product.md#verified-devices): the demo seller enters a listing's serial
// in My Products, gets the one-time code and uploads the photo; an admin approves it in Device
// verifications, in a browser of their own; the badge shows on the listing's card on its brand's
// public page and on its details page.

test('a seller gets a listing verified through the operator queue, and the badge shows', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const seller = demoAccount('seller');
  const admin = demoAccount('admin');
  const token = await signInToken(seller.email, seller.password);
  const stamp = Date.now();
  // Lenovo (category 03): a serial is 8 letters or digits; this one is on no other listing.
  const listing = await createListing(
    { email: seller.email, token },
    { productName: `Verified Journey ${stamp}`, category: '03' },
  );
  const serial = `VJ${stamp.toString(36).toUpperCase().slice(-6)}`;
  const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

  await loginThroughUi(page, seller.email, seller.password);
  await navigateInApp(page, `/dashboard/my-products?q=${encodeURIComponent(listing.productName)}`);
  await page.getByRole('button', { name: `Verify device: ${listing.productName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify this device' });
  await expect(
    dialog.getByText('A Lenovo serial number is 8 letters or digits', { exact: false }),
  ).toBeVisible();
  // A serial outside the brand's format is refused with the format named.
  await dialog.getByRole('textbox', { name: /Serial number/ }).fill('ABC');
  await dialog.getByRole('button', { name: 'Get my code' }).click();
  await expect(dialog.getByText(/does not fit: A Lenovo serial number is 8 letters or digits/)).toBeVisible();
  await dialog.getByRole('textbox', { name: /Serial number/ }).fill(serial.toLowerCase());
  await dialog.getByRole('button', { name: 'Get my code' }).click();
  const code = dialog.getByTestId('verification-code');
  await expect(code).toHaveText(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
  const codeText = (await code.textContent())!;
  await expect(dialog.getByText(`ending ${serial.slice(-4)}`, { exact: false })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('verify-code.png'), fullPage: true });
  // Turned to a phone's width, My Products shows cards instead of a table: the dialog stays open.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'My products' })).toBeHidden();
  await expect(code).toHaveText(codeText);
  await page.setViewportSize(desktop);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: photo });
  await dialog.getByRole('button', { name: 'Send the photo' }).click();
  await expect(dialog.getByText('Waiting for an operator', { exact: false })).toBeVisible();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  try {
    await loginThroughUi(adminPage, admin.email, admin.password);
    await navigateInApp(adminPage, `/dashboard/device-verifications?q=${serial}`);
    const row = adminPage.getByRole('row', { name: new RegExp(listing.productName) });
    await expect(row.getByText(serial, { exact: true })).toBeVisible();
    await expect(row.getByText(codeText, { exact: true })).toBeVisible();
    await expect(
      row.getByRole('img', { name: `Verification photo of ${listing.productName}` }),
    ).toBeVisible();
    await adminPage.screenshot({ path: testInfo.outputPath('verification-queue.png'), fullPage: true });
    await row.getByRole('button', { name: `Approve the device of ${listing.productName}` }).click();
    await expect(adminPage.getByText('Approved: the listing shows the badge.')).toBeVisible();
    // The page lists the pending ones by default: the approved one leaves it.
    await expect(row).toBeHidden();
  } finally {
    await adminContext.close();
  }

  // The brand's page (it asks a visitor to sign in, so the seller's browser opens it) lists newest
  // first: the listing's card carries the badge; then its details page, which says what was checked.
  await page.keyboard.press('Escape');
  await navigateInApp(page, '/category/products/03');
  const card = page.getByRole('article', { name: listing.productName });
  await expect(card.getByTestId('verified-badge')).toHaveText(/Verified device/);
  await navigateInApp(page, `/details/${listing._id}`);
  // The brand's page (other verified cards among them) is gone once the details' heading shows.
  await expect(page.getByRole('heading', { name: listing.productName, level: 1 })).toBeVisible();
  await expect(page.getByTestId('verified-badge')).toBeVisible();
  await expect(page.getByText(/an operator compared it and a one-time code/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('verified-details.png'), fullPage: true });
});
