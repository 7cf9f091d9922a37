import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { api } from '../support/api';
import { demoAccount, e2eEnv } from '../support/env';
import { approveIfHeld, createAccount, sampleSpecs, type TestAccount } from '../support/fixtures';
import { loginThroughUi, navigateInApp } from '../support/ui';

// Moderation (docs/product.md#moderation): a new seller's first listings and flagged listings wait,
// hidden, until an operator decides them in Listings to review, in a browser of their own.

const PASSWORD = 'moderation-pass-2026';

/** A photo of random blocks, the same bytes for the same seed (the perceptual hash sees it as one). */
async function blockPhoto(seed: number): Promise<Buffer> {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const cells = Buffer.alloc(16 * 12);
  for (let i = 0; i < cells.length; i++) cells[i] = Math.floor(random() * 256);
  return sharp(cells, { raw: { width: 16, height: 12, channels: 1 } })
    .resize(640, 480, { kernel: 'cubic' })
    .png()
    .toBuffer();
}

/** POST /images as the seller's own photo; the answer's URL goes on a listing. */
async function uploadPhoto(seller: TestAccount, photo: Buffer): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'laptop.png');
  const res = await fetch(`${e2eEnv.apiUrl}/images`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${seller.token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { url: string } }).data.url;
}

/** A listing posted as a seller's own client would, left as the API holds it (no operator yet). */
async function postListing(seller: TestAccount, productName: string, image?: string) {
  const seeded = await api<Array<{ image: string }>>('/category/products/03?limit=1');
  const created = await api<{ insertedId: string }>('/add-products', {
    method: 'POST',
    token: seller.token,
    body: {
      productName,
      price: 52000,
      quality: 'Good',
      phone: '+880 1711 445566',
      location: 'Dhaka',
      description: 'A Lenovo laptop in good order, with its charger.',
      year: 2022,
      specs: sampleSpecs,
      category: '03',
      email: seller.email,
      image: image ?? seeded.body[0]?.image,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return created.body.insertedId;
}

async function adminPage(page: Page) {
  const admin = demoAccount('admin');
  await loginThroughUi(page, admin.email, admin.password);
}

test('a new seller’s first listing waits for review and is approved', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const seller = await createAccount('seller', { prefix: 'mod-new', password: PASSWORD });
  const productName = `Moderation First ${Date.now().toString(36)}`;
  const productId = await postListing(seller, productName);

  await loginThroughUi(page, seller.email, PASSWORD);
  await navigateInApp(page, '/dashboard/my-products');
  const mine = page.getByRole('row', { name: new RegExp(productName) });
  await expect(mine.getByText('Waiting for review')).toBeVisible();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  // Hidden from everyone else: not on its brand's public page (newest first) nor its details.
  await navigateInApp(page, '/category/products/03');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('article', { name: productName })).toHaveCount(0);
  expect((await api(`/details/${productId}`)).status).toBe(404);
  // The seller waits on My Products while an operator decides, in a browser of their own.
  await navigateInApp(page, '/dashboard/my-products');
  await expect(mine.getByText('Waiting for review')).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await adminPage(admin);
    await navigateInApp(admin, '/dashboard');
    await admin.getByRole('link', { name: 'Listings to review' }).first().click();
    await expect(admin.getByRole('heading', { name: 'Listings to review', level: 1 })).toBeVisible();
    // The word list the automatic check reads is one link away, and links back.
    await admin.getByRole('link', { name: 'Moderation words' }).click();
    await expect(admin.getByRole('heading', { name: 'Moderation words', level: 1 })).toBeVisible();
    await admin.screenshot({ path: testInfo.outputPath('words-desktop.png'), fullPage: true });
    await admin.getByRole('link', { name: 'Listings to review' }).last().click();
    await expect(admin.getByRole('heading', { name: 'Listings to review', level: 1 })).toBeVisible();
    await admin.getByPlaceholder('Search listing name or seller e-mail').fill(productName);
    const row = admin.getByRole('row', { name: new RegExp(productName) });
    await expect(row.getByText('One of the seller’s first listings')).toBeVisible();
    await expect(row.getByText('৳52,000')).toBeVisible();
    await expect(row.getByText(seller.email)).toBeVisible();
    await admin.screenshot({ path: testInfo.outputPath('queue-desktop.png'), fullPage: true });
    await row.getByRole('button', { name: `Approve the listing ${productName}` }).click();
    await expect(admin.getByText('Approved: the listing is public.')).toBeVisible();
    await expect(row).toBeHidden();
  } finally {
    await adminContext.close();
  }

  // The seller's page, never reloaded, hears it on the bell, and My Products, open all along, follows.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Waiting for review')).toHaveCount(0);
  // The brand's page, loaded afresh (this tab keeps the list it read before the approval for its
  // freshness time), lists it now, newest first.
  await page.goto('/category/products/03');
  await expect(page.getByRole('article', { name: productName })).toBeVisible();
});

test('a listing reusing another seller’s photo is flagged', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const sellerA = await createAccount('seller', { prefix: 'mod-a', password: PASSWORD });
  const sellerB = await createAccount('seller', { prefix: 'mod-b', password: PASSWORD });
  const photo = await blockPhoto(Date.now() % 100_000);
  const original = await postListing(
    sellerA,
    `Moderation Original ${Date.now().toString(36)}`,
    await uploadPhoto(sellerA, photo),
  );
  await approveIfHeld(original);
  const copyName = `Moderation Copy ${Date.now().toString(36)}`;
  await postListing(sellerB, copyName, await uploadPhoto(sellerB, photo));
  const reason = 'The photo belongs to another seller: take one of your own laptop.';

  await adminPage(page);
  await navigateInApp(page, `/dashboard/moderation?q=${encodeURIComponent(copyName)}`);
  const row = page.getByRole('row', { name: new RegExp(copyName) });
  await expect(row.getByText('Photo already used on another seller’s listing')).toBeVisible();
  await expect(row.getByText(`matches a photo of listing ${original}`, { exact: false })).toBeVisible();
  await expect(row.getByRole('img', { name: `Photo of ${copyName}` })).toBeVisible();

  // At a phone's width each listing is a card, its buttons at the bottom.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('queue-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The queue in Bangla, for the screenshot and its words.
  await page.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: 'পর্যালোচনার বিজ্ঞাপন', level: 1 })).toBeVisible();
  await expect(row.getByText('ছবিটি অন্য বিক্রেতার বিজ্ঞাপনে আগেই ব্যবহৃত')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('queue-bangla.png'), fullPage: true });
  // The choice is saved to the demo admin's profile: other journeys read that admin in English.
  await page.getByRole('button', { name: 'Show the site in English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await row.getByRole('button', { name: `Refuse the listing ${copyName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refuse ${copyName}` });
  await dialog.getByRole('textbox', { name: /Reason the seller reads/ }).fill('no');
  await dialog.getByRole('button', { name: 'Refuse' }).click();
  await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Reason the seller reads/ }).fill(reason);
  await dialog.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByText('Refused: the seller is notified.')).toBeVisible();
  await expect(row).toBeHidden();

  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  try {
    await loginThroughUi(sellerPage, sellerB.email, PASSWORD);
    await navigateInApp(sellerPage, '/dashboard/my-products');
    const mine = sellerPage.getByRole('row', { name: new RegExp(copyName) });
    await expect(mine.getByText(`Refused: ${reason}`)).toBeVisible();
  } finally {
    await sellerContext.close();
  }
});
