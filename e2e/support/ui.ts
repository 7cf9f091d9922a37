import { expect, type Page } from '@playwright/test';

/** Signs in through the real login screen (the host's /login form and the auth emulator). */
export async function loginThroughUi(page: Page, email: string, password: string, from = '/') {
  await page.goto(from === '/' ? '/login' : from);
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(/^e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page.getByRole('button', { name: 'LogOut' }).first()).toBeAttached();
}

/** Client-side navigation, so a journey keeps the same page (and its loaded remotes) alive. */
export async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}
