import { expect, test } from '../support/test';
import { createAccount } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

// docs/product.md#languages-and-money: a signed-in user's choice of language is saved to their
// profile, so a sign-in on another device (here, a browser with nothing saved, English by its
// locale) shows the site in it.

const PASSWORD = 'language-pass-2026';

test('a user who switches to Bangla finds the site in Bangla when signing in on another device', async ({
  page,
  browser,
}) => {
  const user = await createAccount('buyer', { prefix: 'lang-user', password: PASSWORD });
  await loginThroughUi(page, user.email, PASSWORD);
  const saved = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && res.url().includes('/users/') && res.ok(),
  );
  await page.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await saved;

  const otherDevice = await browser.newContext({ locale: 'en-GB' });
  try {
    const other = await otherDevice.newPage();
    await loginThroughUi(other, user.email, PASSWORD);
    await expect(other.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(other.getByRole('navigation', { name: 'প্রধান' }).first()).toBeVisible();
    // And it stays there on the next page: the cookie now says so too.
    await other.reload();
    await expect(other.locator('html')).toHaveAttribute('lang', 'bn');
  } finally {
    await otherDevice.close();
  }
});
