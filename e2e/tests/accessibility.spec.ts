import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoAccessibilityViolations, waitForPageContent } from '../support/axe';
import { demoAccount } from '../support/env';
import { createAccount, createListing } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

// Every screen, in both themes, at phone and desktop widths, and with its dialogs open, checked
// by axe-core for WCAG 2.1 AA (contrast, names, roles) and its best practices (landmarks, one h1).

async function checkPage(page: Page, path: string) {
  await page.goto(path);
  await waitForPageContent(page);
  await expectNoAccessibilityViolations(page, path);
}

async function checkDialog(page: Page, opener: string) {
  await page.getByRole('button', { name: opener }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Mid-transition a fading dialog has half its contrast: check it once it has settled.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoAccessibilityViolations(page, `${page.url()} with "${opener}" open`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

const SIGNED_OUT_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot',
  '/blogs',
  '/contactus',
  '/payment/fail',
  '/nope',
];

for (const theme of ['light', 'dark'] as const) {
  test(`signed-out pages have no accessibility violations in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('secondbyte-theme', value), theme);
    for (const path of SIGNED_OUT_PAGES) await checkPage(page, path);
  });
}

// The search page is open to everyone (docs/product.md#search): results, the phone's filter drawer
// and the empty state with its suggestions, at both widths.
for (const theme of ['light', 'dark'] as const) {
  test(`the search page, its filters and its empty state have no violations in the ${theme} theme`, async ({
    page,
  }) => {
    await page.addInitScript((value) => localStorage.setItem('secondbyte-theme', value), theme);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await checkPage(page, '/search?q=dell&condition=Good,Excellent');
      if (viewport.width < 992) await checkDialog(page, 'Filters');
      await checkPage(page, '/search?q=thinkpad&maxPrice=1');
    }
  });
}

test('a buyer’s catalog, details, booking and report dialogs, and orders have no violations', async ({
  page,
}) => {
  const seller = await createAccount('seller', { prefix: 'a11y-seller' });
  const listing = await createListing(seller);
  const buyer = demoAccount('buyer');
  await loginThroughUi(page, buyer.email, buyer.password);
  await checkPage(page, `/category/products/${listing.category}`);
  await checkPage(page, `/details/${listing._id}`);
  await checkDialog(page, 'Book Now');
  await checkDialog(page, 'Report this item');
  await checkPage(page, '/details/no-such-listing');
  await checkPage(page, '/dashboard');
  await checkPage(page, '/dashboard/my-orders');
});

test('a seller’s dashboard on a phone, with its drawer and delete dialog, has no violations', async ({
  page,
}) => {
  const seller = await createAccount('seller', { prefix: 'a11y-phone-seller' });
  await createListing(seller);
  await loginThroughUi(page, seller.email, seller.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, '/dashboard');
  await checkDialog(page, 'Open Dashboard');
  await checkPage(page, '/dashboard/my-products');
  await checkDialog(page, 'Delete');
  await checkPage(page, '/dashboard/add-products');
  await checkPage(page, '/dashboard/my-buyers');
});

test('the admin’s tables, reports and build page have no violations', async ({ page }) => {
  const admin = demoAccount('admin');
  await loginThroughUi(page, admin.email, admin.password);
  for (const path of [
    '/dashboard/users/all-seller',
    '/dashboard/users/all-buyer',
    '/dashboard/reported-items',
    '/dashboard/users/admins',
    '/dashboard/audit-log',
    '/about-build',
  ]) {
    await checkPage(page, path);
  }
});
