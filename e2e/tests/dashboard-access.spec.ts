import { expect, test } from '../support/test';
import { api, signInToken } from '../support/api';
import { demoAccount } from '../support/env';
import { loginThroughUi } from '../support/ui';

const ADMIN_AND_SELLER_PAGES = [
  '/dashboard/users/all-seller',
  '/dashboard/users/all-buyer',
  '/dashboard/reported-items',
  '/dashboard/users/admins',
  '/dashboard/audit-log',
  '/dashboard/add-products',
  '/dashboard/my-products',
  '/dashboard/my-buyers',
];

test('a buyer who types admin or seller URLs sees the not-allowed screen, and no such data is fetched', async ({
  page,
}) => {
  const buyer = demoAccount('buyer');
  const forbiddenCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/(seller|buyer|reports|add-products|my-buyers|admin|audit-log)\b/.test(request.url()))
      forbiddenCalls.push(request.url());
  });
  await loginThroughUi(page, buyer.email, buyer.password);
  for (const path of ADMIN_AND_SELLER_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'You are not allowed to see this page' })).toBeVisible();
  }
  // The buyer's own menu has only My Orders.
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'All Sellers' })).toHaveCount(0);
  expect(forbiddenCalls).toEqual([]);
});

test('the API answers 403 to a buyer asking for admin or seller data', async () => {
  const buyer = demoAccount('buyer');
  const seller = demoAccount('seller');
  const token = await signInToken(buyer.email, buyer.password);
  const calls: [string, string][] = [
    ['GET', '/seller'],
    ['GET', '/buyer'],
    ['DELETE', '/seller/any-id'],
    ['DELETE', '/buyer/any-id'],
    ['GET', '/reports'],
    ['POST', '/reports/any-id/dismiss'],
    ['POST', '/reports/any-id/remove-listing'],
    ['GET', '/admin'],
    ['POST', '/users/any-id/make-admin'],
    ['POST', '/users/any-id/revoke-admin'],
    ['GET', '/audit-log'],
    ['GET', `/add-products?email=${encodeURIComponent(seller.email)}`],
    ['GET', '/my-buyers'],
    ['GET', `/bookings?email=${encodeURIComponent(seller.email)}`],
  ];
  for (const [method, path] of calls) {
    const answer = await api<{ error: string }>(path, { method, token });
    expect({ method, path, status: answer.status }).toEqual({ method, path, status: 403 });
  }
  // And without a token at all, 401.
  expect((await api('/seller')).status).toBe(401);
});

test('a signed-out visitor is sent to log in and comes back to the dashboard page', async ({ page }) => {
  const buyer = demoAccount('buyer');
  await page.goto('/dashboard/my-orders');
  // The server redirects (it sees no signed-in hint) and the login page remembers where to return.
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Fmy-orders$/);
  await page.getByLabel(/^e-?mail/i).fill(buyer.email);
  await page.getByLabel(/^password/i).fill(buyer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
});
