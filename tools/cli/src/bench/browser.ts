// The bench's browsers: Chromium started by us with a remote-debugging port and a throw-away
// profile, so Playwright (to sign in and count bytes) and Lighthouse (to measure) share one
// browser and therefore one session: Firebase Auth's IndexedDB, local storage and cookies.
import { spawn, type ChildProcess } from 'node:child_process';
import type * as PlaywrightTest from '@playwright/test';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts';
import { repoRoot } from 'web-server/runtime-config';
import { killGroup } from '../stack.ts';
import { exitOf, tailBuffer, type TailBuffer } from './processes.ts';
import { waitForQuietNetwork } from '../quiet-network.ts';

const { chromium } = (await import(
  path.join(repoRoot, 'e2e', 'node_modules', '@playwright', 'test', 'index.mjs')
)) as typeof PlaywrightTest;

/** A Chromium the bench started, with the debugging port Lighthouse and Playwright connect to. */
export interface Browser {
  label: string;
  child: ChildProcess;
  userDataDir: string;
  port: number;
  log: TailBuffer;
}

/**
 * Starts Chromium with a fresh profile. Port 0 lets Chromium pick a free debugging port, which it
 * writes to DevToolsActivePort in the profile: no guessing, no clash with the stacks on this machine.
 */
export async function launchChromium(label: string): Promise<Browser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), `sb-bench-${label}-`));
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      ...CHROMIUM_FLAGS,
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    // Its own process group, so stopping it also stops its renderer and utility processes.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const log = tailBuffer();
  child.stderr.on('data', log.add);
  const browser: Browser = { label, child, userDataDir, port: 0, log };
  try {
    browser.port = await debuggingPort(browser);
  } catch (error) {
    await closeChromium(browser);
    throw error;
  }
  return browser;
}

async function debuggingPort({ label, child, userDataDir, log }: Browser): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const port = Number(readFileSync(path.join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
      if (port > 0) return port;
    } catch {
      /* not written yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Chromium (${label}) did not open its debugging port:\n${log.text()}`);
}

export async function closeChromium({ child, userDataDir }: Browser): Promise<void> {
  if (child.exitCode === null && child.signalCode === null && child.pid) {
    const pid = child.pid;
    killGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 5000);
    await exitOf(child);
    clearTimeout(timer);
  }
  rmSync(userDataDir, { recursive: true, force: true });
}

/**
 * Connects Playwright for the length of `fn` only. Lighthouse runs while Playwright is
 * disconnected: a connected Playwright attaches to every new tab (runtime, network and page
 * domains, its own scripts) and that work would land in the measured page's main thread.
 */
export async function withPlaywright<T>(
  browser: Browser,
  fn: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const connection = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
  try {
    const context = connection.contexts()[0];
    if (!context) throw new Error(`Chromium (${browser.label}) has no default context`);
    return await fn(context);
  } finally {
    // For a browser we connected to, close() only disconnects: Chromium and its profile stay.
    await connection.close();
  }
}

/**
 * Empties the HTTP cache of the whole profile. Lighthouse does this itself only together with its
 * storage reset, which the signed-in pages must skip; doing it before every load keeps all pages,
 * signed in or not, measured as a first visit, like the reference page.
 */
export async function clearHttpCache(browser: Browser): Promise<void> {
  await withPlaywright(browser, async (context) => {
    const page = await context.newPage();
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
    } finally {
      await page.close();
    }
  });
}

/** A tab that looks like Lighthouse's phone (screen and user agent), so it loads the same files. */
export async function newPhonePage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
  await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile: true });
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true });
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: userAgents.mobile });
  return { page, cdp };
}

/**
 * Signs in through the real login page, as the e2e tests do (e2e/support/ui.ts), and waits until
 * the app shows it: the login page navigates away and the header shows the account's avatar.
 */
export async function signIn(
  browser: Browser,
  origin: string,
  { email, password }: { email: string; password: string },
): Promise<void> {
  await withPlaywright(browser, async (context) => {
    const page = await context.newPage();
    try {
      const response = await page.goto(`${origin}/login`);
      if (!response?.ok()) throw new Error(`GET /login answered ${response?.status()}`);
      await page.getByLabel(/^e-?mail/i).fill(email);
      await page.getByLabel(/^password/i).fill(password);
      await page.getByRole('button', { name: /^login$/i }).click();
      try {
        await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
        await page.getByTestId('user-avatar').first().waitFor({ state: 'attached', timeout: 30_000 });
      } catch {
        const shown = await page
          .getByRole('alert')
          .allInnerTexts()
          .catch(() => []);
        throw new Error(
          `signing in as ${email} failed (still on ${new URL(page.url()).pathname}` +
            `${shown.length ? `, the page says: ${shown.join(' / ')}` : ''})`,
        );
      }
      // The measured loads are new page loads: check the session survives one, and let whatever
      // the app stores or has the server set after signing in (a token, a cookie) finish.
      await page.goto(`${origin}/`);
      await settle(page);
      try {
        await page.getByTestId('user-avatar').first().waitFor({ state: 'attached', timeout: 30_000 });
      } catch {
        throw new Error(`signed in as ${email}, but a new page load shows no signed-in header`);
      }
    } finally {
      await page.close();
    }
  });
}

/** A page's load, done: the bench measures nothing half-loaded (cli/quiet-network). */
export async function settle(page: Page, quietMs = 500, maxMs = 60_000): Promise<void> {
  if (!(await waitForQuietNetwork(page, quietMs, maxMs))) {
    throw new Error(`${page.url()} kept loading for ${maxMs / 1000} s`);
  }
}
