import { expect, test } from '../support/test';
import { demoAccount } from '../support/env';
import { loginThroughUi, navigateInApp } from '../support/ui';

test('the host and all three remotes run on one React and one auth store', async ({ page }) => {
  const buyer = demoAccount('buyer');
  await loginThroughUi(page, buyer.email, buyer.password);
  await navigateInApp(page, '/');
  await expect(page.getByRole('heading', { name: 'Select Your Brand' })).toBeVisible();

  // Visit a page of each other remote without reloading, so every remote joins the same page.
  await navigateInApp(page, '/payment/fail');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await navigateInApp(page, '/dashboard');
  await expect(page.getByTestId('dashboard-layout')).toBeVisible();

  const identity = await page.evaluate(() => {
    const probes = window.__secondbyteFederation ?? {};
    const names = Object.keys(probes).sort();
    const first = probes.host;
    return {
      names,
      // Each bundle wraps `import * as React` in its own namespace object, so compare what is
      // inside it: one React means the very same hook and element functions everywhere.
      sameReact: names.every((n) => {
        const react = probes[n]?.react as Record<string, unknown> | undefined;
        const hostReact = first?.react as Record<string, unknown> | undefined;
        return (
          react?.useState === hostReact?.useState &&
          react?.createElement === hostReact?.createElement &&
          react?.version === hostReact?.version
        );
      }),
      sameAuthStore: names.every((n) => probes[n]?.authStore === first?.authStore),
      reactIsReal: typeof (first?.react as { useState?: unknown } | undefined)?.useState === 'function',
    };
  });
  // Only a build made for these tests records the probe (`pnpm build:e2e`, e2e/README.md).
  expect(identity.names, 'no probe: build with `pnpm build:e2e`').toEqual([
    'catalog',
    'checkout',
    'dashboard',
    'host',
  ]);
  expect(identity.reactIsReal).toBe(true);
  expect(identity.sameReact).toBe(true);
  expect(identity.sameAuthStore).toBe(true);
});

test('no remote URL is compiled into the host: it reads /remotes.json at start-up', async ({
  page,
  request,
}) => {
  const manifest = await (await request.get('/remotes.json')).json();
  expect(Object.keys(manifest).sort()).toEqual(['catalog', 'checkout', 'dashboard']);

  const remoteRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('mf-manifest.json')) remoteRequests.push(r.url());
  });
  await page.goto('/payment/fail');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  // Only the remote the route needs is fetched, lazily.
  expect(
    remoteRequests.some((u) =>
      u.startsWith(manifest.checkout.split('?')[0].replace('/mf-manifest.json', '')),
    ),
  ).toBe(true);
  expect(remoteRequests.some((u) => u.startsWith(manifest.dashboard.replace('/mf-manifest.json', '')))).toBe(
    false,
  );
});

declare global {
  interface Window {
    __secondbyteFederation?: Record<string, { react: unknown; authStore: unknown }>;
  }
}
