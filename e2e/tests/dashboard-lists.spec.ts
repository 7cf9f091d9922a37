import { expect, test } from '../support/test';
import { demoAccount } from '../support/env';
import { createAccount } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

// docs/product.md#dashboard-lists: the server pages, sorts and searches All Buyers; one request
// per page view; the view (page, sort, search) is in the URL, so reload and Back return to it.

test('All Buyers: one request per page view, server search and sort, the view kept in the URL', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  // Eleven buyers whose names share the stamp: ten on the first page of the search, one on the second.
  const buyers = [];
  for (let i = 1; i <= 11; i++)
    buyers.push(
      await createAccount('buyer', {
        name: `Paging ${stamp} ${String(i).padStart(2, '0')}`,
        prefix: `paging-${stamp}`,
      }),
    );

  const buyerRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && /\/api\/v1\/buyer$/.test(url.pathname)) buyerRequests.push(url.search);
  });

  const admin = demoAccount('admin');
  await loginThroughUi(page, admin.email, admin.password);
  await page.goto('/dashboard/users/all-buyer');
  const table = page.getByRole('table', { name: 'All buyers' });
  await expect(table).toBeVisible();
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  expect(buyerRequests).toHaveLength(1);

  // Search on the server: every one of the eleven is found, wherever they sit among all buyers.
  await page.getByLabel('Search all buyers').fill(String(stamp));
  await expect(page.getByText('Showing 1–10 of 11')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
  expect(buyerRequests).toHaveLength(2);
  expect(buyerRequests[1]).toContain(`q=${stamp}`);

  // Sort by name on the server, then the second page holds the last of them.
  await table.getByRole('columnheader', { name: /name/i }).getByRole('button').click();
  await expect(table.getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('row').nth(1)).toContainText(`Paging ${stamp} 01`);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText('Showing 11–11 of 11')).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(`Paging ${stamp} 11`);
  await expect(page).toHaveURL(/[?&]page=2/);
  const requestsSoFar = buyerRequests.length;

  // A reload (or the link sent to another admin) shows the same rows.
  await page.reload();
  await expect(page.getByText('Showing 11–11 of 11')).toBeVisible();
  await expect(page.getByRole('table', { name: 'All buyers' }).getByRole('row').nth(1)).toContainText(
    `Paging ${stamp} 11`,
  );
  await expect(page.getByLabel('Search all buyers')).toHaveValue(String(stamp));
  expect(buyerRequests.length).toBe(requestsSoFar + 1);

  // Back returns to the first page of the sorted search.
  await page.goBack();
  await expect(page.getByText('Showing 1–10 of 11')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]page=/);

  // Any single buyer is found by e-mail.
  await page.getByLabel('Search all buyers').fill(buyers[6]!.email);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(page.getByRole('table', { name: 'All buyers' })).toContainText(buyers[6]!.name);
});
