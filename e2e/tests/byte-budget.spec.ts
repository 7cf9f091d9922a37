import type { Browser, BrowserContextOptions } from '@playwright/test';
import { bundleContents } from 'cli/bench/bundle-contents';
import { packagesByPort, recordAssets } from 'cli/bench/page-assets';
import { budgetLine, budgetReport, isOverBudget, kbByPart, type PageLoad } from 'cli/byte-budget';
import { BYTE_BUDGETS, type BudgetedPage } from '../byte-budget';
import { api } from '../support/api';
import { demoAccount, e2eEnv } from '../support/env';
import { expect, test, waitForApp, waitForSettled } from '../support/test';
import { loginThroughUi } from '../support/ui';

// No page's first load passes its byte budget (e2e/byte-budget.ts,
// docs/decisions/0044-byte-budget-in-the-tests.md). Bytes do not depend on the machine: each page
// is loaded once, as a phone, in a context of its own (an empty cache), and every JS and CSS file
// it fetches is counted as it came over the wire, by the bench's own count (cli/bench/page-assets).

/** A phone, as the bench measures (Lighthouse's mobile screen): the layout decides which code loads. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

const packageOfPort = packagesByPort(e2eEnv.ports);
const site = `http://localhost:${e2eEnv.ports.host}`;

interface Listed {
  _id: string;
}

/** The pages and how each is visited; the details and seller pages show the seeded catalogue's. */
async function pagePaths(): Promise<Record<BudgetedPage, { path: string; signedIn: boolean }>> {
  const [listing] = (await api<Listed[]>('/category/products/04')).body;
  if (!listing) throw new Error('the seeded category 04 lists nothing');
  const details = await api<{ seller: { _id: string } }>(`/details/${listing._id}`);
  return {
    'home, signed out, app started': { path: '/', signedIn: false },
    'home, signed in': { path: '/', signedIn: true },
    category: { path: '/category/products/04', signedIn: true },
    details: { path: `/details/${listing._id}`, signedIn: true },
    search: { path: '/search?q=dell', signedIn: false },
    'seller page': { path: `/sellers/${details.body.seller._id}`, signedIn: false },
    'my orders': { path: '/dashboard/my-orders', signedIn: true },
  };
}

/** The demo buyer's session (cookies, local storage and Firebase's IndexedDB), signed in once. */
async function buyerSession(browser: Browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const buyer = demoAccount('buyer');
    await loginThroughUi(page, buyer.email, buyer.password);
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

/**
 * Loads `path` as a first visit and returns every JS and CSS file the page fetched until it was
 * done: the app started (a signed-out visitor's page starts it on their first action, which
 * waitForApp makes), then a key press, which is the visitor's first action on a signed-in page and
 * starts Firebase there (host/src/bootstrap.tsx): counted now rather than whenever the page's
 * quiet-time timer happens to fire, so the count does not depend on the machine's speed.
 */
async function firstLoad(
  browser: Browser,
  name: BudgetedPage,
  path: string,
  storageState?: Awaited<ReturnType<typeof buyerSession>>,
): Promise<PageLoad> {
  const context = await browser.newContext({ ...PHONE, storageState });
  try {
    const page = await context.newPage();
    const files = recordAssets(page, packageOfPort);
    const response = await page.goto(path);
    expect(response?.status(), `${path} answers`).toBe(200);
    await waitForApp(page);
    await page.keyboard.press('Shift');
    await waitForSettled(page, 1000);
    // A signed-in page that sent the visitor to /login, or showed the signed-out header, would
    // have measured another page than the one budgeted.
    expect(new URL(page.url()).pathname).toBe(new URL(path, site).pathname);
    if (storageState) await expect(page.getByTestId('user-avatar').first()).toBeAttached();
    return { name, path, files: await files() };
  } finally {
    await context.close();
  }
}

test.describe('byte budget', () => {
  let paths: Awaited<ReturnType<typeof pagePaths>>;
  let session: Awaited<ReturnType<typeof buyerSession>>;

  test.beforeAll(async ({ browser }) => {
    paths = await pagePaths();
    session = await buyerSession(browser);
  });

  for (const name of Object.keys(BYTE_BUDGETS) as BudgetedPage[]) {
    test(`${name}: the first load's compressed JS and CSS stay within the budget`, async ({ browser }) => {
      const { path, signedIn } = paths[name];
      const load = await firstLoad(browser, name, path, signedIn ? session : undefined);
      const budget = BYTE_BUDGETS[name];
      // The figures, for lowering the budget after a change that makes the page lighter.
      console.log(`${budgetLine(load, budget)}\n  recordedKb: ${JSON.stringify(kbByPart(load.files))}`);
      if (isOverBudget(load, budget)) {
        const report = await budgetReport(load, budget, (file) => bundleContents([file]));
        throw new Error(`${name} is over its byte budget (e2e/byte-budget.ts):\n${report}`);
      }
    });
  }
});
