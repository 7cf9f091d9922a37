import { test as base, type Page } from '@playwright/test';
import { waitForQuietNetwork } from 'cli/quiet-network';

export { expect } from '@playwright/test';

/**
 * Waits until the app has started on the page: a server-rendered page is visible (and its links
 * work) before its script runs, but its buttons answer only once React has hydrated it, which the
 * host marks with `<html data-app-ready>` (host/src/bootstrap.tsx). A tap in that moment is held
 * and replayed, but a test that clicks and at once expects an answer would time out on a slow
 * machine, so it waits first.
 */
export async function waitForApp(page: Page) {
  // A signed-out visitor's page starts its app on their first action (docs/product.md#first-paint):
  // the test moves the pointer over the page first, as a visitor's hand or mouse does (twice: a
  // move to where the pointer already is fires no event).
  if (await page.locator('html[data-app-start="intent"]:not([data-app-ready])').count()) {
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
  }
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** Page loads (goto, reload) resolve once the app has started, not at the HTML's load event. */
function startedAppOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
  return page;
}

/** Playwright's `test` whose `page` loads wait for the app (see waitForApp). */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(startedAppOnLoad(page));
  },
});

/**
 * Waits until the page has finished what it started (remote chunks, Firebase, API calls), leaving
 * out the live-events stream a signed-in page keeps open (cli/quiet-network).
 */
export async function waitForSettled(page: Page, quietMs = 500, maxMs = 30_000) {
  await waitForQuietNetwork(page, quietMs, maxMs);
}
