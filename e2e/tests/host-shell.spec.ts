import { expect, test } from '../support/test';
import { api, signInToken } from '../support/api';
import { demoAccount, uniqueEmail } from '../support/env';
import { loginThroughUi } from '../support/ui';

test('the chosen theme survives a reload', async ({ page }) => {
  await page.goto('/blogs');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // The switch says so once the choice is saved (the page turns first, the store just after).
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the newsletter explains a bad address inline and stores a good one', async ({ page }) => {
  await page.goto('/blogs');
  const newsletter = page.getByRole('form', { name: 'Newsletter' });
  await newsletter.getByLabel('Enter your email address').fill('not-an-email');
  await newsletter.getByRole('button', { name: 'Send' }).click();
  await expect(newsletter.getByText(/valid e-mail address/)).toBeVisible();

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/newsletter'));
  await newsletter.getByLabel('Enter your email address').fill(uniqueEmail('host-news'));
  await newsletter.getByRole('button', { name: 'Send' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(/subscribed to our newsletter/)).toBeVisible();
  await expect(newsletter.getByLabel('Enter your email address')).toHaveValue('');
});

test('blogs show as question and answer cards', async ({ page }) => {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.first().getByRole('heading')).toHaveText(/\?$/);
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('oops! page not found')).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).last().click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the burger menu opens the navigation and follows a link', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Blogs' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Login' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contactus$/);
    await expect(drawer).toBeHidden();
  });
});

test('a signed-in visitor sends a contact message through EmailJS into the API outbox', async ({ page }) => {
  const buyer = demoAccount('buyer');
  await loginThroughUi(page, buyer.email, buyer.password);
  await page.goto('/contactus');
  const form = page.getByRole('form', { name: 'Contact form' });
  const emailField = form.getByLabel('E-mail');
  await expect(emailField).toHaveValue(buyer.email);
  await expect(emailField).toHaveAttribute('readonly', '');
  const fullName = `Bea Buyer ${Date.now()}`;
  await form.getByLabel(/^full name/i).fill(fullName);
  const message = `Is the Dell still available? ${Date.now()}`;
  await form.getByLabel(/^message/i).fill(message);

  const sent = page.waitForResponse((r) => r.url().includes('/emailjs/api/v1.0/email/send-form'));
  await form.getByRole('button', { name: 'Contact Me' }).click();
  const response = await sent;
  // The API's EmailJS-compatible endpoint answers "OK" only after writing the message to its outbox.
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe('OK');
  const posted = response.request().postData() ?? '';
  expect(posted).toContain(message);
  expect(posted).toContain(buyer.email);
  await expect(page.getByText('Email sent successfully')).toBeVisible();
  await expect(form.getByLabel(/^message/i)).toHaveValue('');

  // And the message is in the outbox, as an operator sees it.
  const admin = demoAccount('admin');
  const outbox = await api<Array<{ subject: string; replyTo: string; status: string }>>('/outbox', {
    token: await signInToken(admin.email, admin.password),
  });
  expect(outbox.status).toBe(200);
  expect(outbox.body).toContainEqual(
    expect.objectContaining({ subject: `Contact form: ${fullName}`, replyTo: buyer.email, status: 'queued' }),
  );
});

test('a signed-out visitor is asked to log in before the contact form sends anything', async ({ page }) => {
  const sends: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/emailjs/')) sends.push(r.url());
  });
  await page.goto('/contactus');
  await expect(page.getByTestId('area-map')).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel(/^full name/i).fill('Anon');
  await form.getByLabel(/^message/i).fill('Hello');
  await form.getByRole('button', { name: 'Contact Me' }).click();
  await expect(form.getByText(/log in first/i)).toBeVisible();
  expect(sends).toEqual([]);
});
