import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { startWebServer, stopWebServer } from '../support/stack';
import { demoAccount } from '../support/env';
import { loginThroughUi, navigateInApp } from '../support/ui';

// Stops real servers: the "outage" project runs these last, one after the other, and each
// restarts what it stopped.
test.describe.configure({ mode: 'serial' });

for (const remote of ['dashboard', 'catalog'] as const) {
  test(`with the ${remote} server down the site still works and Retry recovers it`, async ({ page }) => {
    const path = remote === 'dashboard' ? '/dashboard' : '/';
    const other = remote === 'dashboard' ? '/' : '/payment/fail';
    const buyer = demoAccount('buyer');
    await loginThroughUi(page, buyer.email, buyer.password);
    // A fresh document on a page that does not use the remote, so nothing of it is in memory
    // when its server goes down (login lands on '/', which loads the catalog).
    await page.goto(other);
    await expect(otherPageHeading(page, remote)).toBeVisible();
    await stopWebServer(remote);
    try {
      // The page still answers 200; the server renders the catalog's pages without the remote
      // (header and footer, the remote's area left to the browser, which shows its fallback).
      const raw = await fetch(new URL(path, page.url()), {
        headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
      });
      expect(raw.status).toBe(200);
      const html = await raw.text();
      if (remote === 'catalog') {
        expect(html).toContain('<header');
        expect(html).toContain('<footer');
      }
      await navigateInApp(page, path);
      const fallback = page.getByTestId(`remote-unavailable-${remote}`);
      await expect(fallback).toBeVisible();
      await expect(fallback).toContainText('This part of SecondByte is unavailable');
      // The shell and the other remotes keep working.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('2022');
      await navigateInApp(page, other);
      await expect(otherPageHeading(page, remote)).toBeVisible();
      await navigateInApp(page, path);
      await expect(fallback).toBeVisible();
    } finally {
      await startWebServer(remote);
    }
    await page.getByTestId(`remote-unavailable-${remote}`).getByRole('button', { name: 'Retry' }).click();
    await expect(
      remote === 'dashboard'
        ? page.getByTestId('dashboard-layout')
        : page.getByRole('heading', { name: 'Select Your Brand' }),
    ).toBeVisible();
    await expect(page.getByTestId(`remote-unavailable-${remote}`)).toHaveCount(0);
  });
}

/** The heading of the page that uses another remote: the home page for the dashboard case, the
 * checkout's failure page for the catalog case. */
function otherPageHeading(page: Page, stopped: 'dashboard' | 'catalog') {
  return stopped === 'dashboard'
    ? page.getByRole('heading', { name: 'Select Your Brand' })
    : page.getByRole('heading', { name: 'Something went wrong' });
}
