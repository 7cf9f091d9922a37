import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { api } from '../support/api';
import { demoAccount, e2eEnv } from '../support/env';
import { loginThroughUi } from '../support/ui';

// A buyer searches from the header, narrows the results with filters on a phone, shares the URL,
// goes Back, and opens a result. The URL is the search's whole state (docs/product.md#search).

const PHONE = { width: 390, height: 844 };

interface SearchAnswer {
  items: {
    _id: string;
    productName: string;
    price: number;
    specs: { cpuLine: string; ramGb: number } | null;
  }[];
  total: number;
}

/** The names of the result cards, read from their title links. */
async function cardTitles(page: Page) {
  const cards = page.getByTestId('search-results').getByRole('article');
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((articles) =>
    articles.map((a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
  );
}

/**
 * The cards on the page are the API's answer for `path`. Other test workers list laptops at the
 * same time (some match "i5 16gb"), so the answer is read again on every try, and a page that
 * was rendered before the newest listing is reloaded (same URL, same history entry).
 */
async function expectCardsToMatchApi(page: Page, path: string) {
  await expect
    .poll(async () => {
      const answer = (await api<SearchAnswer>(path)).body;
      const titles = await cardTitles(page);
      const want = answer.items.map((i) => i.productName);
      if (JSON.stringify(titles) === JSON.stringify(want)) return true;
      await page.reload();
      return false;
    })
    .toBe(true);
}

async function searchFromHeader(page: Page, text: string) {
  const box = page.getByRole('search').getByRole('searchbox', { name: 'Search laptops' });
  await box.fill(text);
  await box.press('Enter');
}

test.use({ viewport: PHONE });

test('a buyer on a phone searches from the header, filters, shares the URL, goes Back and opens a result', async ({
  page,
  browser,
}) => {
  const buyer = demoAccount('buyer');
  // Signed in on a wide screen, where the header shows the session (on a phone it is in the menu).
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginThroughUi(page, buyer.email, buyer.password);
  await page.setViewportSize(PHONE);
  await page.goto('/');

  await searchFromHeader(page, 'i5 16gb');
  await expect(page).toHaveURL(/\/search\?q=i5\+16gb$/);
  await expect(page.getByRole('heading', { level: 1, name: /^\d+ laptops?$/ })).toBeVisible();
  await expect(page.getByText('for “i5 16gb”')).toBeVisible();

  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  // The box shows the URL's state: it is ticked once the URL has the filter.
  await filters.getByRole('checkbox', { name: /^Intel Core i5/ }).click();
  await expect(filters.getByRole('checkbox', { name: /^Intel Core i5/ })).toBeChecked();
  await expect(page).toHaveURL(/cpu=intel-core-i5/);
  await filters.getByRole('combobox', { name: 'Minimum RAM' }).selectOption('16');
  await expect(page).toHaveURL(/minRam=16/);
  await filters.getByRole('textbox', { name: 'Max price' }).fill('60000');
  await expect(page).toHaveURL(/maxPrice=60000/);
  await filters.getByRole('button', { name: /^Show/ }).click();
  await expect(filters).toBeHidden();

  const url = new URL(page.url());
  expect(`${url.pathname}${url.search}`).toBe('/search?q=i5+16gb&maxPrice=60000&minRam=16&cpu=intel-core-i5');
  await expect(page.getByRole('button', { name: /^Filters\s*3\s*active$/ })).toBeVisible();
  const expected = (await api<SearchAnswer>('/search?q=i5+16gb&maxPrice=60000&minRam=16&cpu=intel-core-i5'))
    .body;
  expect(expected.items.length).toBeGreaterThan(0);
  for (const item of expected.items) {
    expect(item.price).toBeLessThanOrEqual(60_000);
    expect(item.specs).toMatchObject({ cpuLine: 'intel-core-i5' });
    expect(item.specs!.ramGb).toBeGreaterThanOrEqual(16);
  }
  await expectCardsToMatchApi(page, '/search?q=i5+16gb&maxPrice=60000&minRam=16&cpu=intel-core-i5');

  // The same URL in a browser that has never seen this search: the same results.
  const other = await browser.newContext({ viewport: PHONE });
  const shared = await other.newPage();
  await shared.goto(page.url());
  await expectCardsToMatchApi(shared, '/search?q=i5+16gb&maxPrice=60000&minRam=16&cpu=intel-core-i5');
  await expect(shared.getByRole('button', { name: /^Filters\s*3\s*active$/ })).toBeVisible();
  await other.close();

  // Back undoes the last step (the typed price), not the whole search.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=i5\+16gb&minRam=16&cpu=intel-core-i5$/);
  await expect(page.getByRole('button', { name: /^Filters\s*2\s*active$/ })).toBeVisible();
  await expectCardsToMatchApi(page, '/search?q=i5+16gb&minRam=16&cpu=intel-core-i5');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(filters.getByRole('textbox', { name: 'Max price' })).toHaveValue('');
  await expect(filters.getByRole('checkbox', { name: /^Intel Core i5/ })).toBeChecked();
  await filters.getByRole('button', { name: 'Close filters' }).click();
  await expect(filters).toBeHidden();

  // The first result on screen now (the checkout journeys may have sold the earlier one).
  const [first] = await cardTitles(page);
  await page.getByTestId('search-results').getByRole('link', { name: first!, exact: true }).click();
  await expect(page).toHaveURL(/\/details\//);
  await expect(page.getByRole('heading', { level: 1, name: first! })).toBeVisible();
});

test('an i5 with 16 GB under a set price is three steps away: search, open filters, type the price', async ({
  page,
}) => {
  await page.goto('/');
  // 1. The words, from the header.
  await searchFromHeader(page, 'i5 16gb');
  await expect(page).toHaveURL(/\/search\?q=i5\+16gb$/);
  // 2. The filters.
  await page.getByRole('button', { name: /^Filters/ }).click();
  // 3. The price, applied with Enter.
  const maxPrice = page.getByRole('dialog', { name: 'Filters' }).getByRole('textbox', { name: 'Max price' });
  await maxPrice.fill('55000');
  await maxPrice.press('Enter');

  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
  await expect(page).toHaveURL(/\/search\?q=i5\+16gb&maxPrice=55000$/);
  const { items } = (await api<SearchAnswer>('/search?q=i5+16gb&maxPrice=55000')).body;
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(item.price).toBeLessThanOrEqual(55_000);
    expect(item.specs).toMatchObject({ cpuLine: 'intel-core-i5', ramGb: 16 });
  }
  await expectCardsToMatchApi(page, '/search?q=i5+16gb&maxPrice=55000');
});

test('a search nobody can answer says which filter to drop, and dropping it finds laptops', async ({
  page,
}) => {
  await page.goto('/search?q=thinkpad&maxPrice=1');
  const empty = page.getByTestId('search-empty');
  await expect(empty.getByText('No laptops match your search')).toBeVisible();
  const relax = empty.getByRole('button', { name: /^Remove the maximum price \(\d+ laptops?\)$/ });
  await expect(relax).toBeVisible();
  await relax.click();
  await expect(page).toHaveURL(/\/search\?q=thinkpad$/);
  // The count the page shows is the API's for the relaxed search. Other journeys list and sell
  // ThinkPads meanwhile, so it is compared with the API's answer read again on every try (and the
  // page reloaded when the data changed under it), not with the suggestion's earlier figure.
  await expect
    .poll(async () => {
      const { total } = (await api<SearchAnswer>('/search?q=thinkpad')).body;
      const heading = await page.getByRole('heading', { level: 1 }).first().textContent();
      if (heading === `${total} ${total === 1 ? 'laptop' : 'laptops'}`) return true;
      await page.reload();
      return false;
    })
    .toBe(true);
});

test('the search page arrives rendered by the server, open to everyone, and hydrates without a warning', async ({
  page,
}) => {
  const site = `http://localhost:${e2eEnv.ports.host}`;
  let html = '';
  // Read again if another worker listed a cheaper ThinkPad between the two requests.
  await expect
    .poll(async () => {
      const res = await fetch(`${site}/search?q=thinkpad&sort=price-asc`, { redirect: 'manual' });
      expect(res.status).toBe(200);
      html = await res.text();
      const { items } = (await api<SearchAnswer>('/search?q=thinkpad&sort=price-asc')).body;
      return html.includes(items[0]!.productName);
    })
    .toBe(true);
  expect(html).toContain('data-testid="search-results"');
  // The first card's image is the page's largest: prioritised (docs/product.md#first-paint).
  expect(html).toMatch(/<img[^>]*fetchPriority="high"/i);

  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/search?q=thinkpad&sort=price-asc');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  await expectCardsToMatchApi(page, '/search?q=thinkpad&sort=price-asc');
  expect(problems).toEqual([]);
});
