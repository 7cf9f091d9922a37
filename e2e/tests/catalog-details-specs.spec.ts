import { expect, test } from '../support/test';
import { api } from '../support/api';
import { expectNoAccessibilityViolations, waitForPageContent } from '../support/axe';
import { createAccount, createListing, sampleSpecs } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

// A buyer judges a laptop from its details page: the seller's specs in a table, what the condition
// grade promises, every photo (swiped on a phone, keyed through on a desktop); the cards already
// name the CPU, the memory and the storage.

const PASSWORD = 'details-pass-2026';
const CATEGORY = '03';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** Three different seeded photos, the first being the cover createListing gives the listing. */
async function threePhotos() {
  const cover = (await api<Array<{ image: string }>>(`/category/products/${CATEGORY}?limit=1`)).body[0]!
    .image;
  // Every brand's newest: other journeys add many listings with one photo, so the recent ones alone
  // may all share the cover.
  const brands = (await api<Array<{ _id: string }>>('/category')).body.map((c) => c._id);
  const images: string[] = [];
  for (const brand of brands)
    images.push(
      ...(await api<Array<{ image: string }>>(`/category/products/${brand}`)).body.map((p) => p.image),
    );
  const others = [...new Set(images)].filter((image) => image !== cover).slice(0, 2);
  expect(others).toHaveLength(2);
  return [cover, ...others];
}

test('a buyer on a phone reads the specs and the condition, swipes through the photos and keys through them on a desktop', async ({
  page,
}) => {
  const seller = await createAccount('seller', { prefix: 'details-seller', password: PASSWORD });
  const buyer = await createAccount('buyer', { prefix: 'details-buyer', password: PASSWORD });
  const listing = await createListing(seller, {
    productName: `Details Test ThinkPad ${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    category: CATEGORY,
    quality: 'Fair',
    photos: await threePhotos(),
    // sampleSpecs: Intel Core i5-1135G7, 16 GB, 512 GB SSD, 14-inch Full HD, Iris Xe, Windows 11.
    specs: {
      ...sampleSpecs,
      batteryHealthPercent: 82,
      batteryHealthSource: 'diagnostic-tool',
      warrantyMonths: 3,
    },
  });

  await loginThroughUi(page, buyer.email, PASSWORD);
  await page.setViewportSize(PHONE);

  // The server's HTML already holds the cover as the page's first, high-priority image.
  const html = await (await page.request.get(`/details/${listing._id}`)).text();
  const img = (alt: string) => html.match(/<img[^>]*>/g)?.find((tag) => tag.includes(`alt="${alt}"`)) ?? '';
  expect(img(listing.productName)).toMatch(/fetchpriority="high"/i);
  expect(img(listing.productName)).toContain('loading="eager"');
  expect(img(`${listing.productName}, photo 3`)).toContain('loading="lazy"');
  expect(html).toContain('Photo 1 of 3');

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.goto(`/details/${listing._id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.productName })).toBeVisible();

  const specs = page.getByRole('table', { name: 'Specifications' });
  const row = (name: string) => specs.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(row('Processor')).toContainText('Intel Core i5-1135G7');
  await expect(row('Processor')).toContainText('Intel Core i5 11th gen');
  await expect(row('Memory')).toContainText('16 GB');
  await expect(row('Storage')).toContainText('512 GB SSD');
  await expect(row('Screen')).toContainText('14-inch, Full HD (1920 × 1080)');
  await expect(row('Graphics')).toContainText('Intel Iris Xe');
  await expect(row('Battery health')).toContainText('82%');
  await expect(row('Battery health')).toContainText('A diagnostic tool');
  await expect(row('Operating system')).toContainText('Windows 11');
  await expect(row('Warranty left')).toContainText('3 months');
  // A 375 px phone shows the whole table without scrolling sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const condition = page.getByRole('region', { name: 'Condition: Fair' });
  await expect(condition).toContainText('Clearly used: visible scratches');
  await expect(condition).toContainText('Works for everyday use');

  await waitForPageContent(page);
  await expectNoAccessibilityViolations(page, 'details with three photos on a phone');

  // Swipe (a drag across the photo) to the second photo, then the Next button to the third.
  const gallery = page.getByTestId('details-gallery');
  const position = gallery.getByTestId('gallery-position');
  await expect(position).toHaveText('Photo 1 of 3');
  const box = (await gallery.getByRole('group', { name: 'Photo 1 of 3' }).boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(position).toHaveText('Photo 2 of 3');
  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(position).toHaveText('Photo 3 of 3');
  await expect(gallery.getByRole('img', { name: `${listing.productName}, photo 3` })).toBeInViewport();

  // On a desktop the arrow keys move through the photos once focus is in the gallery.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await gallery.getByRole('button', { name: 'Show photo 1 of 3' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText('Photo 3 of 3');
  await expect(gallery.getByRole('img', { name: `${listing.productName}, photo 3` })).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(position).toHaveText('Photo 1 of 3');
  await expect(gallery.getByRole('img', { name: listing.productName })).toBeInViewport();
  await page.context().addCookies([{ name: 'sb_theme', value: 'dark', url: page.url() }]);
  await page.reload();
  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(position).toHaveText('Photo 2 of 3');
  await expectNoAccessibilityViolations(page, 'details with three photos on a desktop, dark theme');
  expect(problems).toEqual([]);

  // The cards name the key three: on the category page and on the home page's sections.
  await page.goto(`/category/products/${CATEGORY}`);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: listing.productName }) });
  await expect(card.getByTestId('card-key-specs')).toHaveText('Intel Core i5 11th gen · 16 GB · 512 GB SSD');
  await page.goto('/');
  await expect(page.getByTestId('recent-card').first().getByTestId('card-key-specs')).toHaveText(/ GB · /);
  await expect(page.getByTestId('advert-card').first().getByTestId('card-key-specs')).toHaveText(/ GB · /);
});
