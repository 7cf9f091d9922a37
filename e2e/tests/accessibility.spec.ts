import type { Page } from '@playwright/test';
import { api } from '../support/api';
import { expect, test } from '../support/test';
import { expectNoAccessibilityViolations, waitForPageContent } from '../support/axe';
import { demoAccount } from '../support/env';
import { createAccount, createListing } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

// Every screen, in both themes, at phone and desktop widths, in English and in Bangla, and with its
// dialogs open, checked by axe-core for WCAG 2.1 AA (contrast, names, roles) and its best practices
// (landmarks, one h1). Bangla is reached as a Bangla-speaking visitor arrives: the browser's
// languages (docs/product.md#languages-and-money), so every request and the server's HTML are in it.

type Language = 'en' | 'bn';

/** The buttons that open dialogs, as each language names them. */
const OPENERS = {
  filters: { en: 'Filters', bn: 'ফিল্টার' },
  bookNow: { en: 'Book Now', bn: 'এখনই বুক করুন' },
  report: { en: 'Report this item', bn: 'বিজ্ঞাপনটি রিপোর্ট করুন' },
  dashboardMenu: { en: 'Open Dashboard', bn: 'ড্যাশবোর্ড মেনু খুলুন' },
  delete: { en: 'Delete', bn: 'মুছে ফেলুন' },
  makeOffer: { en: 'Make an offer', bn: 'দাম প্রস্তাব করুন' },
  block: { en: 'Block', bn: 'ব্লক করুন' },
} satisfies Record<string, Record<Language, string>>;

const BROWSER_LOCALES: Record<Language, string> = { en: 'en-GB', bn: 'bn-BD' };

async function checkPage(page: Page, path: string) {
  await page.goto(path);
  await waitForPageContent(page);
  const language = (await page.locator('html').getAttribute('lang')) ?? '?';
  await expectNoAccessibilityViolations(page, `${path} (${language})`);
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

for (const language of ['en', 'bn'] as const) {
  test.describe(`in ${language === 'en' ? 'English' : 'Bangla'}`, () => {
    test.use({ locale: BROWSER_LOCALES[language] });

    for (const theme of language === 'en' ? (['light', 'dark'] as const) : (['light'] as const)) {
      test(`signed-out pages have no accessibility violations in the ${theme} theme (${language})`, async ({
        page,
      }) => {
        await page.addInitScript((value) => localStorage.setItem('secondbyte-theme', value), theme);
        for (const path of SIGNED_OUT_PAGES) await checkPage(page, path);
      });
    }

    // The search page is open to everyone (docs/product.md#search): results, the phone's filter drawer
    // and the empty state with its suggestions, at both widths.
    for (const theme of language === 'en' ? (['light', 'dark'] as const) : (['light'] as const)) {
      test(`the search page, its filters and its empty state have no violations in the ${theme} theme (${language})`, async ({
        page,
      }) => {
        await page.addInitScript((value) => localStorage.setItem('secondbyte-theme', value), theme);
        for (const viewport of [
          { width: 390, height: 844 },
          { width: 1280, height: 900 },
        ]) {
          await page.setViewportSize(viewport);
          await checkPage(page, '/search?q=dell&condition=Good,Excellent');
          if (viewport.width < 992) await checkDialog(page, OPENERS.filters[language]);
          await checkPage(page, '/search?q=thinkpad&maxPrice=1');
        }
      });
    }

    test(`a buyer’s catalog, details, booking and report dialogs, and orders have no violations (${language})`, async ({
      page,
    }) => {
      const seller = await createAccount('seller', { prefix: 'a11y-seller' });
      const listing = await createListing(seller);
      const buyer = demoAccount('buyer');
      await loginThroughUi(page, buyer.email, buyer.password);
      await checkPage(page, `/category/products/${listing.category}`);
      await checkPage(page, `/details/${listing._id}`);
      await checkDialog(page, OPENERS.bookNow[language]);
      await checkDialog(page, OPENERS.report[language]);
      await checkPage(page, '/details/no-such-listing');
      await checkPage(page, '/dashboard');
      await checkPage(page, '/dashboard/my-orders');
      // The buyer's "Save this search" and the Saved searches page (docs/product.md#saved-searches).
      await checkPage(page, '/search?q=thinkpad&verified=true');
      await checkPage(page, '/dashboard/saved-searches');
    });

    // docs/product.md#reviews-and-seller-pages: a seller's public page (with a reviewed deal) and
    // the buyer's Reviews page; a test of its own, so each stays within the time budget.
    test(`the seller page and the Reviews page have no violations (${language})`, async ({ page }) => {
      const seller = await createAccount('seller', { prefix: 'a11y-seller' });
      const listing = await createListing(seller);
      const details = await api<{ seller: { _id: string } }>(`/details/${listing._id}`);
      await checkPage(page, `/sellers/${details.body.seller._id}`);
      const buyer = demoAccount('buyer');
      await loginThroughUi(page, buyer.email, buyer.password);
      await checkPage(page, '/dashboard/reviews');
    });

    test(`a seller’s dashboard on a phone, with its drawer and delete dialog, has no violations (${language})`, async ({
      page,
    }) => {
      const seller = await createAccount('seller', { prefix: 'a11y-phone-seller' });
      await createListing(seller);
      await loginThroughUi(page, seller.email, seller.password);
      await page.setViewportSize({ width: 390, height: 844 });
      await checkPage(page, '/dashboard');
      await checkDialog(page, OPENERS.dashboardMenu[language]);
      await checkPage(page, '/dashboard/my-products');
      await checkDialog(page, OPENERS.delete[language]);
      await checkPage(page, '/dashboard/add-products');
      await checkPage(page, '/dashboard/my-buyers');
      await checkPage(page, '/dashboard/offers-received');
    });

    // docs/product.md#offers and #blocking: the offer dialog, My offers, a conversation with its
    // Block dialog, the closed conversation and Blocked people.
    test(`the offer and blocking screens have no violations (${language})`, async ({ page }) => {
      const seller = await createAccount('seller', { prefix: 'a11y-offer-seller' });
      const listing = await createListing(seller, { price: 60_000 });
      const buyer = await createAccount('buyer', { prefix: 'a11y-offer-buyer' });
      await loginThroughUi(page, buyer.email, buyer.password);
      await checkPage(page, `/details/${listing._id}`);
      await checkDialog(page, OPENERS.makeOffer[language]);
      const offered = await api('/offers', {
        method: 'POST',
        token: buyer.token,
        body: { productId: listing._id, amount: 45_000 },
      });
      expect(offered.status).toBe(201);
      await checkPage(page, '/dashboard/my-offers');
      const thread = await api<{ _id: string }>('/conversations', {
        method: 'POST',
        token: buyer.token,
        body: { productId: listing._id, text: 'Is the charger included?' },
      });
      await checkPage(page, `/dashboard/messages/${thread.body._id}`);
      await checkDialog(page, OPENERS.block[language]);
      await api(`/conversations/${thread.body._id}/block`, { method: 'POST', token: buyer.token });
      await checkPage(page, `/dashboard/messages/${thread.body._id}`);
      await checkPage(page, '/dashboard/blocked-people');
    });

    test(`the admin’s tables, reports and build page have no violations (${language})`, async ({ page }) => {
      const admin = demoAccount('admin');
      await loginThroughUi(page, admin.email, admin.password);
      for (const path of [
        '/dashboard/users/all-seller',
        '/dashboard/users/all-buyer',
        '/dashboard/reported-items',
        '/dashboard/moderation',
        '/dashboard/moderation/words',
        '/dashboard/users/admins',
        '/dashboard/audit-log',
        '/about-build',
      ]) {
        await checkPage(page, path);
      }
    });
  });
}
