import { test as base, type Page } from '@playwright/test';
import { waitForQuietNetwork } from 'cli/quiet-network';

export { expect } from '@playwright/test';

/**
 * Waits until the app has started on the page: a server-rendered page is visible (and its links
 * work) before its script runs, but its buttons answer only once React has hydrated it, which the
 * host marks with `<html data-app-ready>` (host/src/bootstrap.tsx). A user who taps during that
 * moment taps again; a test would click into the void and wait for nothing, so it waits first.
 */
export async function waitForApp(page: Page) {
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
