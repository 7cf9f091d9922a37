import { expect, test } from '../support/test';
import { api } from '../support/api';
import { demoAccount } from '../support/env';
import { createAccount } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

// docs/product.md#admins: an admin makes a buyer admin from All Buyers, revokes them on the Admins
// page, is refused when revoking the last admin, and finds both changes in the audit log.

test('an admin makes a buyer admin and revokes them; the last admin stays; the audit log shows it', async ({
  page,
}) => {
  const stamp = Date.now();
  const buyer = await createAccount('buyer', { name: `Future Admin ${stamp}`, prefix: 'future-admin' });
  expect((await api('/seller', { token: buyer.token })).status).toBe(403);

  const admin = demoAccount('admin');
  await loginThroughUi(page, admin.email, admin.password);
  await page.goto('/dashboard/users/all-buyer');
  await expect(page.getByRole('heading', { name: 'All Buyers' })).toBeVisible();
  await page.getByLabel('Search all buyers').fill(buyer.email);

  // Make admin: asked first, then a toast; the buyer leaves All Buyers.
  await page.getByRole('button', { name: `Make admin: ${buyer.name}` }).click();
  const makeDialog = page.getByRole('dialog', { name: `Make ${buyer.name} an admin?` });
  await expect(makeDialog).toContainText(buyer.email);
  await makeDialog.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByText(`${buyer.email} is now an admin.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Make admin: ${buyer.name}` })).toHaveCount(0);
  // In effect at once: the new admin's token opens the admin lists.
  expect((await api('/seller', { token: buyer.token })).status).toBe(200);

  // The Admins page (admin menu) lists them as admin, to become a buyer again when revoked.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByRole('heading', { name: 'Admins' })).toBeVisible();
  const admins = page.getByRole('table', { name: 'Admins' });
  const row = admins.getByRole('row').filter({ hasText: buyer.email });
  await expect(row).toContainText('admin');
  await expect(row).toContainText('buyer');

  // Revoke with the keyboard: focus the button, Enter, then Tab from Cancel to the confirm button.
  await page.getByRole('button', { name: `Revoke admin from ${buyer.name}` }).focus();
  await page.keyboard.press('Enter');
  const revokeDialog = page.getByRole('dialog', { name: `Revoke ${buyer.name}'s admin role?` });
  await expect(revokeDialog).toContainText('becomes a buyer again');
  await expect(revokeDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(revokeDialog.getByRole('button', { name: 'Revoke admin' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${buyer.email} is no longer an admin (now buyer).`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await api('/seller', { token: buyer.token })).status).toBe(403);

  // The demo admin is the only admin left: revoking them is refused with the API's reason.
  await expect(admins.getByRole('row')).toHaveCount(2); // header + the demo admin
  await page.getByRole('button', { name: `Revoke admin from ${admin.name}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${admin.name}'s admin role?` })
    .getByRole('button', { name: 'Revoke admin' })
    .click();
  await expect(
    page.getByText(
      `${admin.email} is the last admin: make another admin first, so the site always keeps one.`,
    ),
  ).toBeVisible();
  await expect(admins.getByRole('row').filter({ hasText: admin.email })).toHaveCount(1);

  // Both changes are in the audit log, newest first, by the demo admin.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  const entries = log.getByRole('row').filter({ hasText: buyer.email });
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Revoked admin');
  await expect(entries.nth(0)).toContainText(admin.email);
  await expect(entries.nth(0)).toContainText('role: admin');
  await expect(entries.nth(0)).toContainText('role: buyer');
  await expect(entries.nth(1)).toContainText('Made admin');
});
