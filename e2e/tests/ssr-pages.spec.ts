import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, waitForApp, waitForSettled } from '../support/test';
import { api } from '../support/api';
import { demoAccount, e2eEnv } from '../support/env';
import { loginThroughUi } from '../support/ui';

// A buyer on a phone gets the catalog's pages as HTML from the host's server (rendered in a
// worker from the live releases), and the browser hydrates them without redoing or changing them.

const site = `http://localhost:${e2eEnv.ports.host}`;
const ourHosts = new Set([
  ...Object.values(e2eEnv.ports).map((port) => `localhost:${port}`),
  `127.0.0.1:${e2eEnv.ports.authEmulator}`,
]);

interface CategoryProduct {
  _id: string;
  productName: string;
}

/** The raw HTML, as a crawler or a browser before any script gets it. */
async function rawHtml(path: string, cookie = '', acceptLanguage = '') {
  const headers: Record<string, string> = { cookie };
  if (acceptLanguage) headers['accept-language'] = acceptLanguage;
  const res = await fetch(`${site}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** Fails the test on any console error or warning (a hydration mismatch is reported as one). */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const foreign: string[] = [];
  page.on('request', (request) => {
    const host = new URL(request.url()).host;
    if (host && !ourHosts.has(host)) foreign.push(request.url());
  });
  return { problems, foreign };
}

/** Text as React writes it into HTML. */
const inHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

async function cookieHeader(context: BrowserContext) {
  return (await context.cookies(site)).map((c) => `${c.name}=${c.value}`).join('; ');
}

test('the home page arrives rendered: header, content, data and a real, preloaded hero image', async ({
  page,
}) => {
  // Read before the page: a listing another test adds meanwhile moves this one down the list the
  // page shows, but keeps it there (asked after, the newest could be one the page never saw).
  const [recent] = (await api<CategoryProduct[]>('/recent-product')).body;
  const { status, html } = await rawHtml('/');
  expect(status).toBe(200);
  expect(html).toContain('<header');
  expect(html).toContain('Premium laptops at second-hand prices');
  expect(html).toContain('data-testid="advertised-items"');
  expect(html).toContain('data-testid="recent-products"');
  expect(html).toContain(inHtml(recent!.productName));
  // The largest image is an <img> with its sizes, preloaded at high priority, never base64.
  expect(html).toMatch(
    /<link rel="preload" as="image"[^>]*imageSrcSet="[^"]*800w[^"]*1600w"[^>]*fetchPriority="high"/i,
  );
  const hero = html.match(/<img[^>]*srcSet="([^" ]+) 800w[^"]*"[^>]*fetchPriority="high"/i);
  expect(hero).not.toBeNull();
  expect(html).not.toContain('data:image/webp;base64');
  // No script competes with the first paint: the head loads none, and the entry starts from the
  // loader at the end of the body, for this signed-out visitor on their first action
  // (docs/product.md#first-paint).
  expect(html.slice(0, html.indexOf('<div id="root">'))).not.toMatch(/<script[^>]*\ssrc=/);
  // (inline, so it carries the response's CSP nonce: docs/decisions/0028-secure-by-default.md).
  expect(html).toMatch(
    /<script nonce="[A-Za-z0-9+/=]+">\(function\(s,w\)\{[^<]+"data-app-start","intent"[^<]+\}\)\(\["\/main\.[0-9a-f]+\.js"\],"Loading the page, one moment…"\)<\/script><\/body>/,
  );
  const image = await fetch(hero![1]!);
  expect(image.headers.get('content-type')).toBe('image/webp');
  expect(image.headers.get('cache-control')).toContain('immutable');

  const { problems, foreign } = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Select Your Brand' })).toBeVisible();
  // Hydrated: the carousel answers the keyboard, which only a live React tree does.
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(page.getByRole('group', { name: '2 of 4' })).toHaveAttribute('aria-hidden', 'false');
  await waitForSettled(page);
  // No toast on the home page, so the toast library was never fetched (runtime-kernel/src/toast.tsx).
  await expect(page.locator('.mantine-Notifications-root')).toHaveCount(0);
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});

test('a signed-out visitor who only reads loads no script; what they tap and type before the app starts is kept', async ({
  context,
}) => {
  // A page of the context, not the fixture's: its loads do not act for the visitor (waitForApp).
  const visitor = await context.newPage();
  const { problems } = watchConsole(visitor);
  const scripts: string[] = [];
  visitor.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  // Every theme the page shows, in order: the switch before the start must never flash back.
  await visitor.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { seenSchemes: seen });
    new MutationObserver(() => {
      const scheme = document.documentElement.getAttribute('data-mantine-color-scheme') ?? '';
      if (seen.at(-1) !== scheme) seen.push(scheme);
      // The document, not its root: this runs before the parser has made `<html>`.
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-mantine-color-scheme'] });
  });
  await visitor.goto('/');
  await waitForSettled(visitor);
  expect(scripts).toEqual([]);
  await expect(visitor.locator('html')).toHaveAttribute('data-app-start', 'intent');
  await expect(visitor.locator('html[data-app-ready]')).toHaveCount(0);

  // The entry arrives late, as on a slow phone link, so the tap surely comes before the app.
  let releaseEntry = () => {};
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await visitor.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  await visitor.getByRole('button', { name: 'Switch to dark theme' }).click();
  // The theme needs no app: the page turns dark at once, while its app is still on the way.
  await expect(visitor.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(visitor.locator('html[data-app-pending]')).toHaveCount(0);
  await visitor.getByRole('searchbox', { name: 'Search laptops' }).fill('thinkpad');
  await visitor.getByRole('button', { name: 'Stop automatic slide show' }).click();
  await expect(visitor.locator('html')).toHaveAttribute('data-app-pending', '');
  // A screen reader hears the wait, not only sees the bar.
  const status = visitor.locator('body > [role="status"]');
  await expect(status).toHaveText('Loading the page, one moment…');
  expect(scripts.length).toBeGreaterThan(0);
  releaseEntry();

  await expect(visitor.locator('html[data-app-ready]')).toHaveCount(1);
  // The app took the theme over: still dark, the toggle offers light, and the cookie keeps it.
  await expect(visitor.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(visitor.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'sb_theme')?.value).toBe('dark');
  expect(await visitor.evaluate(() => (window as unknown as { seenSchemes: string[] }).seenSchemes)).toEqual([
    'dark',
  ]);
  // The held tap was replayed on the live page, once: the slide show stopped.
  await expect(visitor.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
  await expect(visitor.locator('html[data-app-pending]')).toHaveCount(0);
  await expect(status).toHaveText('');
  // The text typed before hydration is the app's too: its search submits it.
  await visitor.getByRole('searchbox', { name: 'Search laptops' }).press('Enter');
  await expect(visitor).toHaveURL(/\/search\?q=thinkpad/);
  await expect(visitor.locator('html[data-app-ready]')).toHaveCount(1);
  expect(problems).toEqual([]);
  await visitor.close();
});

test('a signed-out visitor who switches to Bangla before the app starts gets the page from the server in Bangla', async ({
  context,
}) => {
  const visitor = await context.newPage();
  const { problems } = watchConsole(visitor);
  await visitor.goto('/');
  await waitForSettled(visitor);
  await expect(visitor.locator('html')).toHaveAttribute('data-app-start', 'intent');
  // The app's entry never arrives, as on a phone link that has not delivered it yet: the switch
  // must not wait for it.
  await visitor.route(/\/main\.[0-9a-f]+\.js$/, () => {});
  const reloaded = visitor.waitForEvent('load');
  await visitor.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' }).click();
  await reloaded;
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(visitor.locator('header input[name="q"]')).toHaveAttribute('placeholder', /খুঁজুন/);
  await expect(visitor.getByRole('button', { name: 'Show the site in English' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'sb_lang')?.value).toBe('bn');
  await expect(visitor.locator('html[data-app-ready]')).toHaveCount(0);
  expect(problems).toEqual([]);
  await visitor.close();
});

test('the server sends a signed-out visitor of a guarded page to /login, which brings them back', async ({
  page,
}) => {
  const { status, location } = await rawHtml('/category/products/02');
  expect(status).toBe(302);
  expect(location).toBe('/login?from=%2Fcategory%2Fproducts%2F02');

  await page.goto('/category/products/02');
  await expect(page).toHaveURL(/\/login\?from=/);
  const buyer = demoAccount('buyer');
  await page.getByLabel(/^e-?mail/i).fill(buyer.email);
  await page.getByLabel(/^password/i).fill(buyer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/category\/products\/02$/);
  await expect(page.getByRole('heading', { name: 'HP laptops' })).toBeVisible();
});

test('a signed-in buyer gets category and details rendered by the server and hydrated without a warning', async ({
  page,
  context,
}) => {
  const buyer = demoAccount('buyer');
  await loginThroughUi(page, buyer.email, buyer.password);
  const cookie = await cookieHeader(context);
  // The hint names who is signed in; it carries no token.
  expect(cookie).toMatch(/sb_session=/);
  expect(decodeURIComponent(cookie)).not.toMatch(/token|eyJ/);

  const [first] = (await api<CategoryProduct[]>('/category/products/04')).body;
  const category = await rawHtml('/category/products/04', cookie);
  expect(category.status).toBe(200);
  expect(category.html).toContain('data-testid="category-products"');
  expect(category.html).toContain(inHtml(first!.productName));
  expect(category.html).toContain('data-testid="user-avatar"');
  const details = await rawHtml(`/details/${first!._id}`, cookie);
  expect(details.status).toBe(200);
  expect(details.html).toContain(inHtml(first!.productName));
  expect(details.html).toContain('Book Now');

  const { problems, foreign } = watchConsole(page);
  await page.goto('/category/products/04');
  await expect(page.getByTestId('category-products')).toBeVisible();
  await waitForSettled(page);
  await page.goto(`/details/${first!._id}`);
  await expect(page.getByRole('heading', { name: first!.productName, level: 1 })).toBeVisible();
  await waitForSettled(page);
  // Hydrated and signed in for real: Firebase restored the session after the first paint.
  await expect(page.getByRole('button', { name: 'LogOut' }).first()).toBeVisible();
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});

test('a seller’s public page arrives rendered for any visitor and hydrates without a warning', async ({
  page,
}) => {
  const [first] = (await api<(CategoryProduct & { seller: { _id: string } })[]>('/category/products/04'))
    .body;
  const sellerId = first!.seller._id;
  const seller = (
    await api<{ name: string; listings: { items: { productName: string }[] } }>(`/sellers/${sellerId}`)
  ).body;

  // Signed out, no script: the seller's name and a listing are in the HTML.
  const { status, html } = await rawHtml(`/sellers/${sellerId}`);
  expect(status).toBe(200);
  expect(html).toContain('data-testid="seller-page"');
  expect(html).toContain(inHtml(seller.name));
  expect(html).toContain(inHtml(seller.listings.items[0]!.productName));

  const { problems, foreign } = watchConsole(page);
  await page.goto(`/sellers/${sellerId}`);
  await expect(page.getByRole('heading', { name: seller.name, level: 1 })).toBeVisible();
  await waitForSettled(page);
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});

test('a dark-mode visitor gets dark HTML, with no flash and no mismatch', async ({ page, context }) => {
  await context.addCookies([{ name: 'sb_theme', value: 'dark', url: site }]);
  const { html } = await rawHtml('/', 'sb_theme=dark');
  expect(html).toMatch(/<html[^>]*data-mantine-color-scheme="dark"[^>]*class="dark"/);

  const { problems } = watchConsole(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('heading', { name: 'Select Your Brand' })).toBeVisible();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect((await context.cookies(site)).find((c) => c.name === 'sb_theme')?.value).toBe('light');
  await waitForSettled(page);
  expect(problems).toEqual([]);
});

test('the page is rendered in the saved language, else the browser’s, and hydrates without a mismatch', async ({
  browser,
}) => {
  // No saved choice: Accept-Language decides, on a server-rendered page and on a browser-rendered one.
  expect((await rawHtml('/', '', 'bn-BD,bn;q=0.9,en;q=0.5')).html).toMatch(/<html lang="bn"/);
  expect((await rawHtml('/login', '', 'fr,bn;q=0.8')).html).toMatch(/<html lang="bn"/);
  expect((await rawHtml('/', '', 'fr,de;q=0.8')).html).toMatch(/<html lang="en"/);
  // The saved choice wins over the browser's.
  expect((await rawHtml('/', 'sb_lang=en', 'bn')).html).toMatch(/<html lang="en"/);
  // A Bangla page asks for its typeface in the head (no swap after the text is laid out, no layout
  // shift), the very files the stylesheet names; an English page never fetches them.
  const fontPreload =
    /<link rel="preload" href="(\/assets\/noto-sans-bengali-bengali-400-normal\.[0-9a-f]+\.woff2)" as="font" type="font\/woff2" crossorigin>/;
  const banglaHome = (await rawHtml('/', 'sb_lang=bn')).html;
  const fontUrl = fontPreload.exec(banglaHome)?.[1];
  expect(fontUrl, 'the Bangla home page preloads Noto Sans Bengali').toBeTruthy();
  expect((await fetch(new URL(fontUrl!, site))).headers.get('content-type')).toMatch(/font\/woff2/);
  expect((await rawHtml('/login', 'sb_lang=bn')).html).toMatch(fontPreload);
  expect((await rawHtml('/', 'sb_lang=en')).html).not.toMatch(/noto-sans-bengali/);

  const context = await browser.newContext({ locale: 'bn-BD' });
  try {
    const page = await context.newPage();
    const { problems, foreign } = watchConsole(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    // A page from a new context: its buttons answer once the app has started (support/test.ts).
    await waitForApp(page);
    const nav = page.getByRole('navigation', { name: 'প্রধান' }).first();
    await expect(nav.getByRole('link', { name: 'যোগাযোগ' })).toBeVisible();
    await page.getByRole('button', { name: 'Show the site in English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Contact Us' }),
    ).toBeVisible();
    expect((await context.cookies(site)).find((c) => c.name === 'sb_lang')?.value).toBe('en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await waitForSettled(page);
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  } finally {
    await context.close();
  }
});

test('an English page draws its few Bengali letters from the stylesheet and downloads no Bengali face', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'sb_lang', value: 'en', url: site }]);
  try {
    const page = await context.newPage();
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font' && !request.url().startsWith('data:'))
        fontFiles.push(request.url());
    });
    await page.goto('/');
    await waitForSettled(page);
    // The switch's "বাংলা" and the prices' ৳ come from the cut inside the stylesheet
    // (host/src/app/global.css, tools/build-config/src/bengali-glyphs.ts).
    await expect(page.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' })).toContainText('বাংলা');
    await expect(page.getByText(/৳/).first()).toBeVisible();
    const faces = await page.evaluate(() =>
      [...document.fonts]
        .map((face) => `${face.family.replaceAll('"', '')} ${face.weight} ${face.status}`)
        .sort(),
    );
    expect(faces).toEqual(
      expect.arrayContaining([
        'SecondByte Bengali glyphs 400 loaded',
        'SecondByte Bengali glyphs 700 loaded',
      ]),
    );
    expect(faces.filter((face) => face.endsWith(' loaded') && !face.includes('glyphs'))).toEqual([]);
    expect(fontFiles).toEqual([]);
  } finally {
    await context.close();
  }
});

/** A layout-shift performance entry (not in TypeScript's DOM types). */
interface LayoutShift extends PerformanceEntry {
  value: number;
  sources: Array<{ node: Node | null }>;
}

test('a reader on a phone sees the slide show turn, in CSS, before any script', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    // A page of the context, not the fixture's: its loads do not act for the visitor (waitForApp).
    const visitor = await context.newPage();
    const { problems } = watchConsole(visitor);
    const scripts: string[] = [];
    visitor.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await visitor.goto('/', { waitUntil: 'commit' });
    await visitor.getByRole('heading', { name: 'Select Your Brand' }).waitFor();

    // The slide show turns to the second slide after 6 s (and comes back to it every 24 s), and
    // only the slide in view can be reached.
    const carousel = visitor.getByRole('region', { name: 'Featured offers' });
    await expect(carousel).toHaveAttribute('data-slideshow', 'css');
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides.nth(1)).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => Math.abs((await slides.nth(1).boundingBox())!.x - (await carousel.boundingBox())!.x))
      .toBeLessThan(1);
    await expect(slides.nth(0)).toBeHidden();
    await expect(carousel.getByRole('link', { name: 'Browse Dell' })).toBeVisible();
    await expect(carousel.getByRole('link', { name: 'Browse Apple' })).toBeHidden();

    expect(scripts).toEqual([]);
    await expect(visitor.locator('html[data-app-ready]')).toHaveCount(0);

    // The visitor points at the slide show: that pauses it, starts the app, and the app takes over
    // where the CSS is, without a mismatch or a layout shift; its buttons then work.
    await carousel.hover();
    await visitor.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(carousel).toHaveAttribute('data-slideshow', 'script');
    await expect(carousel.getByRole('button', { name: /^Slide 2:/ })).toHaveAttribute('aria-current', 'true');
    await expect(slides.nth(1)).toHaveAttribute('aria-hidden', 'false');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel.getByRole('button', { name: /^Slide 3:/ })).toHaveAttribute('aria-current', 'true');
    await expect(slides.nth(2)).toBeVisible();
    // Layout shifts in the page's content.
    const shifts = await visitor.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          // The header's language switch may shift as its Bengali letters' face arrives, and the
          // app's typewriter re-lays its line (by a millionth) at every letter: neither is the
          // slide show's doing.
          const outside = [
            document.querySelector('header'),
            document.querySelector('[aria-label="Select Your Brand"]'),
            document.querySelector('[aria-labelledby="typing-heading"]'),
          ];
          const inOutside = (node: Node | null) => !!node && outside.some((area) => area?.contains(node));
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as LayoutShift[]) {
              if (entry.sources.every((source) => inOutside(source.node))) continue;
              seen.push(`${entry.value} at ${Math.round(entry.startTime)} ms`);
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(seen), 500);
        }),
    );
    expect(shifts).toEqual([]);
    await waitForSettled(visitor);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('under reduced motion a reader gets a still slide show', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  try {
    const visitor = await context.newPage();
    await visitor.goto('/', { waitUntil: 'commit' });
    const carousel = visitor.getByRole('region', { name: 'Featured offers' });
    expect(await carousel.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
    await expect(carousel.locator('[aria-roledescription="slide"]').nth(0)).toBeVisible();
    await expect(carousel.locator('[aria-roledescription="slide"]').nth(1)).toBeHidden();
  } finally {
    await context.close();
  }
});

test('without any script, links go and the header search submits to the search page', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
  });
  try {
    const visitor = await context.newPage();
    await visitor.goto('/');
    await visitor.getByRole('searchbox', { name: 'Search laptops' }).first().fill('thinkpad');
    await visitor.getByRole('searchbox', { name: 'Search laptops' }).first().press('Enter');
    await expect(visitor).toHaveURL(/\/search\?q=thinkpad$/);
    // The search page, rendered by the server for that text.
    await expect(visitor.getByRole('searchbox', { name: 'Search laptops' }).first()).toHaveValue('thinkpad');
    await visitor.goto('/');
    // A slide's link (a guarded page: the server sends a signed-out visitor on to /login).
    await visitor.getByRole('link', { name: 'Browse Apple' }).click();
    await expect(visitor).toHaveURL(/\/login\?from=%2Fcategory%2Fproducts%2F04$/);
  } finally {
    await context.close();
  }
});
