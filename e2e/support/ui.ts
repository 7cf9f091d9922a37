import { expect, type Page } from '@playwright/test';

/** The login form's words in each of the site's languages (host/src/shared/i18n). */
const LOGIN_WORDS = {
  en: { email: /^e-?mail/i, password: /^password/i, login: /^login$/i, logOut: 'LogOut' },
  bn: { email: /^ই-মেইল/, password: /^পাসওয়ার্ড/, login: /^লগইন$/, logOut: 'লগ আউট' },
};

/** Signs in through the login page, in whichever language the page is in. */
export async function loginThroughUi(page: Page, email: string, password: string, from = '/') {
  await page.goto(from === '/' ? '/login' : from);
  if (!page.url().includes('/login')) await page.goto('/login');
  const words = (await page.locator('html').getAttribute('lang')) === 'bn' ? LOGIN_WORDS.bn : LOGIN_WORDS.en;
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill(password);
  await page.getByRole('button', { name: words.login }).click();
  await expect(page.getByRole('button', { name: words.logOut }).first()).toBeAttached();
  // The header shows Log out as soon as Firebase signs in, while the page still asks the API for
  // its token; only then does it leave /login. A journey that navigates before that is sent back.
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Client-side navigation, so a journey keeps the same page (and its loaded remotes) alive. */
export async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}
