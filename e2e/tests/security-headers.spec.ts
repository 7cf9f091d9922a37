import type { Page } from '@playwright/test';
import { expect, test, waitForSettled } from '../support/test';
import { api } from '../support/api';
import { createAccount, createListing } from '../support/fixtures';
import { demoAccount, e2eEnv } from '../support/env';
import { loginThroughUi, navigateInApp } from '../support/ui';

// Secure by default (docs/decisions/0028-secure-by-default.md): every response of the site, the
// remotes and the API carries the security headers, and no page of the site, signed out or signed
// in as a buyer, a seller or an admin, breaks its Content-Security-Policy — the server-rendered
// pages' inline scripts carry the nonce, the remotes load through Module Federation, Firebase
// talks to the emulator, and the sandbox payment page runs under the API's own policy.

const site = `http://localhost:${e2eEnv.ports.host}`;
const remoteOrigins = (['catalog', 'dashboard', 'checkout'] as const).map(
  (name) => `http://localhost:${e2eEnv.ports[name]}`,
);
const apiOrigin = `http://localhost:${e2eEnv.ports.api}`;

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Collects every CSP violation of every document the page loads (the listener is installed before
 * any of the document's scripts run) and every console message in which Chromium reports one.
 */
async function watchCsp(page: Page) {
  const violations: Violation[] = [];
  const consoleReports: string[] = [];
  await page.exposeFunction('__sbReportCspViolation', (violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __sbReportCspViolation: (v: unknown) => void })
        .__sbReportCspViolation;
      report({
        page: event.documentURI,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content[- ]Security[- ]Policy|Refused to (load|execute|apply|connect|frame)/i.test(text)) {
      consoleReports.push(`${page.url()}: ${text}`);
    }
  });
  return {
    /** Waits for what the page loads after it started (remote chunks, Firebase), then asserts. */
    async expectNone() {
      await waitForSettled(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      expect(consoleReports).toEqual([]);
    },
  };
}

/** Opens a page of the site as a visitor would (a full load) and waits for what it loads. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await waitForSettled(page);
}

function cspDirectives(header: string | null): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(headers: Headers, what: string) {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(headers.get('permissions-policy'), what).toContain('camera=()');
  expect(headers.get('cross-origin-opener-policy'), what).toMatch(/^same-origin/);
  const csp = cspDirectives(headers.get('content-security-policy'));
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  // Plain http here: Strict-Transport-Security is only sent over https.
  expect(headers.get('strict-transport-security'), what).toBeNull();
}

test('the site, the remotes and the API answer with the security headers', async () => {
  // A server-rendered page: its inline scripts carry the nonce its policy names.
  const home = await fetch(`${site}/`);
  expect(home.status).toBe(200);
  expectCommonHeaders(home.headers, 'GET /');
  const csp = cspDirectives(home.headers.get('content-security-policy'));
  const html = await home.text();
  const nonces = [...html.matchAll(/<script nonce="([^"]+)">/g)].map((m) => m[1]);
  expect(nonces.length).toBeGreaterThan(0);
  for (const nonce of nonces) expect(csp.get('script-src')).toContain(`'nonce-${nonce}'`);
  // No inline script without it (the page state is data, not a script).
  expect(
    html.match(/<script(?![^>]*\bnonce=)(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g),
  ).toBeNull();
  expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", ...remoteOrigins]));
  expect(csp.get('connect-src')).toEqual(
    expect.arrayContaining(["'self'", apiOrigin, ...remoteOrigins, e2eEnv.emulatorUrl]),
  );
  expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", apiOrigin]));

  const remotes = await (await fetch(`${site}/remotes.json`)).json();
  for (const [url, what] of [
    [`${site}/login`, 'the shell'],
    [`${site}/remotes.json`, 'remotes.json'],
    [`${site}/no-such-file.js`, 'a 404'],
    [(remotes as Record<string, string>).catalog!, "the catalog's manifest"],
    [`${remoteOrigins[1]}/remoteEntry.js`, "the dashboard's entry"],
    [`${e2eEnv.apiUrl}/category`, 'API JSON'],
    [`${e2eEnv.apiUrl}/no-such-route`, 'an API 404'],
  ] as const) {
    const response = await fetch(url);
    expectCommonHeaders(response.headers, what);
  }
  const apiCsp = cspDirectives(
    (await fetch(`${e2eEnv.apiUrl}/health`)).headers.get('content-security-policy'),
  );
  expect(apiCsp.get('default-src')).toEqual(["'none'"]);
});

test('signed out: every page type runs without a CSP violation', async ({ page }) => {
  const csp = await watchCsp(page);
  const [first] = (await api<Array<{ _id: string }>>('/category/products/04?limit=1')).body;
  for (const path of [
    '/',
    '/category/products/04',
    `/details/${first!._id}`,
    '/search?q=thinkpad',
    '/category',
    '/login',
    '/register',
    '/forgot',
    '/blogs',
    '/contactus',
    '/about-build',
    '/no-such-page',
  ]) {
    await visit(page, path);
  }
  // Firebase starts after 3 s of quiet (docs/product.md#first-paint): let it, under the policy.
  await page.waitForTimeout(3500);
  await csp.expectNone();
});

test('a buyer books, pays on the sandbox page and gets the receipt without a CSP violation', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  const seller = await createAccount('seller', { prefix: 'csp-seller' });
  const buyer = await createAccount('buyer', { prefix: 'csp-buyer', password: 'csp-pass-2026' });
  // Category 02, whose listings no other journey reads: its cover photo differs from the ones journeys
  // on 03 and 05 list with, so the newest listings keep a mix of photos.
  const listing = await createListing(seller, { category: '02', price: 123.45 });
  await loginThroughUi(page, buyer.email, 'csp-pass-2026');

  // Booking through the checkout remote's modal, from a server-rendered category page.
  await visit(page, '/category/products/02');
  await page.getByRole('button', { name: `Book Now: ${listing.productName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Book this laptop' });
  await dialog.getByLabel(/^Phone/).fill('+880 1812 345678');
  await dialog.getByLabel(/^Meeting location/).fill('Gulshan 1, Dhaka');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Booked successfully')).toBeVisible();

  await navigateInApp(page, '/dashboard/my-orders');
  await page.getByRole('button', { name: `Pay for ${listing.productName}` }).click();
  await page.waitForURL(/\/payment\/sandbox\/\d+/);
  await expect(page.getByText('৳123.45')).toBeVisible();
  const sandbox = await page.request.get(page.url());
  const sandboxCsp = cspDirectives(sandbox.headers()['content-security-policy'] ?? null);
  expect(sandboxCsp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(sandboxCsp.get('default-src')).toEqual(["'none'"]);
  expect(sandboxCsp.has('script-src')).toBe(false);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/payment\/success\?transactionId=\d+/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  for (const path of ['/dashboard', '/dashboard/my-orders', '/payment/fail', '/cancel'])
    await visit(page, path);
  await csp.expectNone();
});

const dashboardPages = {
  buyer: ['/dashboard', '/dashboard/my-orders'],
  seller: ['/dashboard', '/dashboard/my-products', '/dashboard/add-products', '/dashboard/my-buyers'],
  admin: [
    '/dashboard',
    '/dashboard/users/all-seller',
    '/dashboard/users/all-buyer',
    '/dashboard/reported-items',
  ],
} as const;

for (const [role, paths] of Object.entries(dashboardPages)) {
  test(`the demo ${role} opens every dashboard page of the role without a CSP violation`, async ({
    page,
  }) => {
    const csp = await watchCsp(page);
    const account = demoAccount(role as keyof typeof dashboardPages);
    await loginThroughUi(page, account.email, account.password);
    for (const path of paths) await visit(page, path);
    // And in-app, the way the drawer navigates.
    await navigateInApp(page, paths[0]);
    await navigateInApp(page, paths[paths.length - 1]!);
    await csp.expectNone();
  });
}
