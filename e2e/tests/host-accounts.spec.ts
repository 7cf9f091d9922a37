import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { api, emulatorToken, signInToken } from '../support/api';
import { demoAccount, e2eEnv, uniqueEmail } from '../support/env';
import { loginThroughUi } from '../support/ui';

const PASSWORD = 'secret-pass-1';

/** A real PNG (a colour gradient) so the API's sniffing and resizing run as they would for a photo. */
function gradientPng(width = 64, height = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = (x * 4) & 255;
      rows[row + 2 + x * 3] = (y * 4) & 255;
      rows[row + 3 + x * 3] = 160;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function firstProductId(): Promise<string> {
  const { body } = await api<{ _id: string }[]>('/recent-product');
  const id = body[0]?._id;
  if (!id) throw new Error('The seed has no recent products');
  return id;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'LogOut' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
}

test('a seller registers with a photo, logs out, and logging in returns to the page they wanted', async ({
  page,
}) => {
  const email = uniqueEmail('host-seller');
  await page.goto('/register');
  await page.getByLabel(/^name/i).fill('Sam Seller');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng() });
  await page.getByLabel(/^e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await expect(page.getByRole('radio', { name: /seller/i })).toBeChecked();

  const upload = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/images') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Register' }).click();
  expect((await upload).status()).toBe(200);

  await expect(page).toHaveURL(/\/$/);
  const avatar = page.getByTestId('user-avatar').first();
  await expect(avatar.locator('img')).toHaveAttribute('src', /\/api\/v1\/images\/.+\.webp$/);

  // The profile the API stored: a seller with the uploaded photo.
  const token = await signInToken(email, PASSWORD);
  const profile = await api<{ role: string; name: string; url: string }>(
    `/users/${encodeURIComponent(email)}`,
    {
      token,
    },
  );
  expect(profile.status).toBe(200);
  expect(profile.body).toMatchObject({ role: 'seller', name: 'Sam Seller' });
  expect(profile.body.url).toMatch(/\/images\/.+\.webp$/);

  await logOut(page);

  // A signed-out visit to a guarded page is sent to /login and comes back after signing in.
  const id = await firstProductId();
  await page.goto(`/details/${id}`);
  // The server redirects (no signed-in hint) and remembers the page in ?from=.
  await expect(page).toHaveURL(new RegExp(`/login\\?from=${encodeURIComponent(`/details/${id}`)}$`));
  await page.getByLabel(/^e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/details/${id}$`));
});

test('a wrong password is explained in red above the form', async ({ page }) => {
  const email = uniqueEmail('host-wrong');
  await emulatorToken(email, PASSWORD, 'signUp');
  await page.goto('/login');
  await page.getByLabel(/^e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const alert = page.getByTestId('auth-error');
  await expect(alert).toContainText(/password is not right/i);
  await expect(alert).not.toContainText(/firebase|auth\//i);
  await expect(page).toHaveURL(/\/login$/);
});

test('registering an e-mail that is taken shows why above the form', async ({ page }) => {
  const email = uniqueEmail('host-taken');
  await emulatorToken(email, PASSWORD, 'signUp');
  await page.goto('/register');
  await page.getByLabel(/^name/i).fill('Taken');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng(8, 8) });
  await page.getByLabel(/^e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('auth-error')).toContainText(/already uses this e-mail/i);
});

/**
 * Firebase's popup flow (SDK and the emulator's helper iframe alike) talks through Google's
 * `gapi.iframes` script from apis.google.com, which this offline sandbox cannot download. This
 * stand-in implements the few calls they make over postMessage, so the real flow runs: our page,
 * Firebase's SDK, the emulator's iframe and the emulator's own account chooser in the popup.
 * Only the third-party script is replaced, none of our code.
 */
const GAPI_STAND_IN = `(() => {
  if (window.gapi && window.gapi.iframes) return;
  let seq = 0;
  const pending = {};
  const channels = [];
  class Channel {
    constructor(target) {
      this.target = target; this.handlers = {}; this.queue = []; this.ready = false; this.waiters = [];
      channels.push(this);
    }
    register(name, fn) {
      this.handlers[name] = fn;
      const waiting = this.queue.filter((q) => q.name === name);
      this.queue = this.queue.filter((q) => q.name !== name);
      waiting.forEach((q) => this.answer(q));
    }
    answer(q) {
      const result = this.handlers[q.name](q.data);
      q.source.postMessage({ __gapi: 'res', id: q.id, result: [result] }, '*');
    }
    send(name, data, cb) {
      const id = 'g' + ++seq + '-' + Math.random();
      pending[id] = cb;
      this.target.postMessage({ __gapi: 'req', id, name, data }, '*');
      return Promise.resolve();
    }
    markReady() { this.ready = true; this.waiters.splice(0).forEach((w) => w()); }
    ping(cb) {
      return new Promise((resolve) => (this.ready ? resolve() : this.waiters.push(resolve))).then(() => cb && cb());
    }
    restyle() { return Promise.resolve(); }
  }
  const channelFor = (source) => channels.find((c) => c.target === source);
  window.addEventListener('message', (e) => {
    const m = e.data;
    if (!m || !m.__gapi) return;
    const ch = channelFor(e.source);
    if (m.__gapi === 'hello' && ch) ch.markReady();
    if (m.__gapi === 'req' && ch) {
      const q = { id: m.id, name: m.name, data: m.data, source: e.source };
      if (ch.handlers[m.name]) ch.answer(q); else ch.queue.push(q);
    }
    if (m.__gapi === 'res') {
      const cb = pending[m.id];
      delete pending[m.id];
      try { cb && cb(m.result); } catch (err) { /* Firebase throws after handling some answers */ }
    }
  });
  const context = {
    open(opts, cb) {
      const frame = document.createElement('iframe');
      const attrs = opts.attributes || {};
      Object.assign(frame.style, attrs.style || {});
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.src = opts.url;
      (opts.where || document.body).appendChild(frame);
      const ch = new Channel(frame.contentWindow);
      return cb ? cb(ch) : Promise.resolve(ch);
    },
    getParentIframe() {
      const ch = channelFor(window.parent) || new Channel(window.parent);
      setTimeout(() => window.parent.postMessage({ __gapi: 'hello' }, '*'));
      return ch;
    },
  };
  window.gapi = {
    load(_name, opts) { setTimeout(() => (typeof opts === 'function' ? opts() : opts.callback())); },
    iframes: { getContext: () => context, Iframe: function Iframe() {}, CROSS_ORIGIN_IFRAMES_FILTER: () => true },
  };
  const src = document.currentScript && document.currentScript.src;
  const onload = src && new URL(src).searchParams.get('onload');
  if (onload && window[onload]) setTimeout(window[onload]);
  if (window.gapi_onload) setTimeout(window.gapi_onload);
})();`;

async function googleThroughEmulator(page: Page, email: string, { existing }: { existing: boolean }) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('google-sign-in').click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  if (existing) {
    await popup.locator('.js-reuse-account', { hasText: email }).click();
  } else {
    await popup.locator('#add-account-button button').click();
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Gina Google');
    await popup.locator('#sign-in').click();
  }
  await popup.waitForEvent('close');
}

test('Google sign-in through the emulator registers a buyer once, however often they sign in', async ({
  page,
  context,
}) => {
  await context.route('https://apis.google.com/js/api.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GAPI_STAND_IN }),
  );
  const email = uniqueEmail('host-google');
  await page.goto('/login');
  await googleThroughEmulator(page, email, { existing: false });
  await expect(page.getByText('Sign in Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-avatar').first()).toBeVisible();

  await logOut(page);
  await googleThroughEmulator(page, email, { existing: true });
  await expect(page.getByText('Sign in Successfully')).toBeVisible();

  const admin = demoAccount('admin');
  const adminToken = await signInToken(admin.email, admin.password);
  const buyers: { email: string; name: string }[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const batch = await api<{ email: string; name: string }[]>(`/buyer?limit=100&page=${pageNo}`, {
      token: adminToken,
    });
    expect(batch.status).toBe(200);
    buyers.push(...batch.body);
    if (batch.body.length < 100) break;
  }
  const mine = buyers.filter((u) => u.email === email.toLowerCase());
  expect(mine).toHaveLength(1);
  expect(mine[0]?.name).toBe('Gina Google');
});

test('a forgotten password is reset with the link Firebase sends, then the new one works', async ({
  page,
}) => {
  const email = uniqueEmail('host-reset');
  await emulatorToken(email, PASSWORD, 'signUp');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  // The URL changes before the new page is on screen; until then "E-mail" is the login form's.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel(/^e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-sent')).toContainText(email);

  // The emulator keeps the e-mail's link instead of sending it.
  const res = await fetch(`${e2eEnv.emulatorUrl}/emulator/v1/projects/demo-secondbyte/oobCodes`);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string; oobLink: string }[];
  };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').at(-1);
  expect(code?.oobLink).toBeTruthy();

  // What the link's page does: confirm the code with a new password.
  const newPassword = 'brand-new-pass-2';
  const reset = await fetch(
    `${e2eEnv.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=e2e-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oobCode: code?.oobCode, newPassword }),
    },
  );
  expect(reset.status).toBe(200);

  await page.getByRole('link', { name: 'Back to login' }).click();
  // The login page is a chunk of its own: until it has loaded, the reset page (with an e-mail field
  // of its own) is still on screen, and a fill would land there and be lost.
  await page.waitForURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
  await page.getByLabel(/^e-?mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'LogOut' })).toBeVisible();
});

test('a reset for an unknown e-mail says so, in red', async ({ page }) => {
  await page.goto('/forgot');
  await page.getByLabel(/^e-?mail/i).fill(uniqueEmail('host-nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('auth-error')).toContainText(/no account uses that e-mail/i);
});

test('signed-out visitors are sent to /login from details, categories and the dashboard', async ({
  page,
}) => {
  const id = await firstProductId();
  for (const path of [`/details/${id}`, '/category/products/04', '/dashboard', '/dashboard/my-orders']) {
    await page.goto(path);
    await expect(page, `${path} should need sign-in`).toHaveURL(
      new RegExp(`/login\\?from=${encodeURIComponent(path)}$`),
    );
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  }
});

test('a buyer who types an admin URL is told it is not allowed and sees no admin data', async ({ page }) => {
  const buyer = demoAccount('buyer');
  const adminCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/(seller|buyer)(\?|$)/.test(r.url())) adminCalls.push(r.url());
  });
  await loginThroughUi(page, buyer.email, buyer.password);
  await page.goto('/dashboard/users/all-seller');
  await expect(page.getByRole('alert').filter({ hasText: 'not allowed' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(adminCalls).toEqual([]);
});

test('signing in works with the keyboard alone', async ({ page }) => {
  const email = uniqueEmail('host-keys');
  await emulatorToken(email, PASSWORD, 'signUp');
  await page.goto('/login');

  // The e-mail field has focus on arrival; every further step is a key press.
  await expect(page.getByLabel(/^e-?mail/i)).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^password/i)).toBeFocused();
  await page.keyboard.type(PASSWORD);
  // Tab order after the password: the reset link, then the Login button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Login successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'LogOut' })).toBeVisible();
});
