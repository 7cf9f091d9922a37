import { expect, test, waitForApp } from '../support/test';
import { api } from '../support/api';
import { demoAccount } from '../support/env';
import { loginThroughUi } from '../support/ui';

// A buyer browsing the catalog: deep links, the home page's parts, and the way from the home
// page through a brand tab to a listing's details and the booking modal.

const buyer = demoAccount('buyer');

interface Listing {
  _id: string;
  productName: string;
  categoryName: string;
  price: number;
}

async function firstListing(categoryId: string) {
  const res = await api<Listing[]>(`/category/products/${categoryId}?limit=1`);
  const listing = res.body[0];
  if (!listing) throw new Error(`category ${categoryId} has no listing`);
  return listing;
}

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await loginThroughUi(page, buyer.email, buyer.password);
  });

  test('a deep link to /category/products/04 loads its listings', async ({ page }) => {
    await page.goto('/category/products/04');
    await expect(page.getByRole('heading', { level: 1, name: 'Apple laptops' })).toBeVisible();
    const cards = page.getByTestId('category-products').getByRole('article');
    await expect(cards.first()).toBeVisible();
    const first = cards.first();
    for (const label of ['Location', 'Original price', 'Resale price', 'Years of use', 'Seller']) {
      await expect(first.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(first.getByLabel(/^Sales status:/)).toBeVisible();
    // The current brand is marked in the strip.
    await expect(
      page.getByRole('navigation', { name: 'Brands' }).getByRole('link', { name: 'Apple' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a deep link to /details/{id} loads the listing', async ({ page }) => {
    const listing = await firstListing('04');
    await page.goto(`/details/${listing._id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.productName })).toBeVisible();
    await expect(page.getByTestId('quantity-value')).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    for (const label of ['Quality', 'Location', 'Purchase year', 'Seller phone', 'Seller e-mail']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  test('home → brand tab → details → Book Now opens the booking modal', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Brands' }).getByRole('link', { name: 'Dell' }).click();
    await expect(page).toHaveURL(/\/category\/products\/01$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dell laptops' })).toBeVisible();

    const card = page.getByTestId('category-products').getByRole('article').first();
    const name = (await card.getByRole('link').first().textContent())!.trim();
    await card.getByRole('link', { name: `Details of ${name}` }).click();
    await expect(page).toHaveURL(/\/details\//);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Book this laptop' }).getByLabel(/^Phone/)).toBeVisible();
  });

  test('unknown category and unknown listing get their own states', async ({ page }) => {
    await page.goto('/category/products/99');
    await expect(page.getByTestId('category-unknown')).toBeVisible();
    await expect(page.getByText('We do not have that category')).toBeVisible();

    await page.goto('/details/no-such-listing');
    await expect(page.getByTestId('details-not-found')).toBeVisible();
    await expect(page.getByText('This laptop is not available')).toBeVisible();
  });
});

test('the home page shows its parts to a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Select Your Brand' })).toBeVisible();

  const carousel = page.getByRole('region', { name: 'Featured offers' });
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(4);
  // The largest image is fetched first and has its size declared.
  const hero = carousel.locator('img').first();
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('width', '1600');
  // Keyboard: arrows move between slides; autoplay stops while focus is inside.
  await carousel.getByRole('button', { name: /^Slide 2:/ }).click();
  await expect(carousel).toHaveAttribute('data-autoplay', 'paused');
  await page.keyboard.press('ArrowRight');
  await expect(carousel.getByRole('button', { name: /^Slide 3:/ })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Home');
  await expect(carousel.getByRole('button', { name: /^Slide 1:/ })).toHaveAttribute('aria-current', 'true');

  await expect(page.getByRole('heading', { name: 'Up to 20% off all laptops' })).toBeVisible();
  await expect(page.getByText('17+')).toBeVisible();
  await expect(page.getByText('14+')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /Find your next laptop: Dell, HP, Lenovo or Apple/ }),
  ).toBeVisible();
  await expect(page.getByTestId('recent-card').first()).toBeVisible();
  await expect(page.locator('#about')).toBeVisible();
});

test('a link to /#about lands on the about section, clear of the sticky header on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#about');
  const heading = page.getByRole('heading', { name: 'A second life for good laptops' });
  await expect(heading).toBeInViewport();
  const headerBottom = await page
    .locator('header')
    .evaluate((header) => header.getBoundingClientRect().bottom);
  const headingTop = await heading.evaluate((element) => element.getBoundingClientRect().top);
  expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
});

test('Book Now on the home page sends a signed-out visitor to /login and back', async ({ page }) => {
  await page.goto('/');
  const advert = page.getByTestId('advert-card').first();
  await advert.getByRole('button', { name: /^Book Now/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(/^e-?mail/i).fill(buyer.email);
  await page.getByLabel(/^password/i).fill(buyer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('advert-card').first()).toBeVisible();
});

test('the typing animation stays still under prefers-reduced-motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('brand-typewriter')).toHaveText('Dell, HP, Lenovo or Apple');
  await expect(page.getByRole('region', { name: 'Featured offers' })).toHaveAttribute(
    'data-autoplay',
    'paused',
  );
  await context.close();
});
