// One Lighthouse run: its default mobile profile (a mid-range phone, simulated slow 4G and a 4x
// slower CPU), the performance category only, in a browser we started and may have signed in.
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { clearHttpCache, closeChromium, launchChromium, type Browser } from './browser.ts';
import { isForeign, type PackageOfPort } from './page-assets.ts';

/** The medians the report reads. */
export interface Metrics {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
}

export interface LighthouseRun extends Metrics {
  lcpElement: string | null;
  foreign: string[];
  warnings: string[];
  lighthouseVersion: string;
  benchmarkIndex: number | undefined;
}

export const LIGHTHOUSE_FLAGS: Flags = {
  onlyCategories: ['performance'],
  // Keeps the signed-in session (IndexedDB, local storage, cookies) between the runs. Lighthouse
  // then leaves the HTTP cache alone too, so clearHttpCache empties it before each run instead.
  disableStorageReset: true,
  output: 'json',
  logLevel: 'error',
};

/** The figures the bench reports from one run. */
function metricsOf(lhr: Result): Metrics & { lcpElement: string | null } {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // The LCP element audit's table of tables (not worth Lighthouse's whole details union here).
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] } | undefined;
  const lcpNode = details?.items?.[0]?.items?.[0]?.node;
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(4)),
    fcpMs: Math.round(audit('first-contentful-paint')),
    speedIndexMs: Math.round(audit('speed-index')),
    lcpElement: lcpNode ? (lcpNode.selector ?? lcpNode.nodeLabel ?? null) : null,
  };
}

/**
 * Lighthouse's errors in recording the trace itself, which it answers with "Please run Lighthouse
 * again": the page is not at fault, so the run is made again (TRACE_ATTEMPTS) before the bench
 * gives up.
 */
const TRACE_ERRORS = new Set([
  'NO_NAVSTART',
  'NO_TRACING_STARTED',
  'TRACING_ALREADY_STARTED',
  'PROTOCOL_TIMEOUT',
]);

/**
 * Runs per page load before a trace error fails the bench. Two in a row happened once in 35 runs
 * (2026-11-26, the signed-in category page), which lost the whole run's figures.
 */
const TRACE_ATTEMPTS = 3;

async function lighthouseResult(browser: Browser, url: string): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    await clearHttpCache(browser);
    const result = await lighthouse(url, { ...LIGHTHOUSE_FLAGS, hostname: '127.0.0.1', port: browser.port });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    const error = lhr.runtimeError;
    if (!error) return lhr;
    if (attempt < TRACE_ATTEMPTS && TRACE_ERRORS.has(error.code)) {
      console.log(`  Lighthouse could not record ${url} (${error.code}); running it again`);
      continue;
    }
    throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
  }
}

/**
 * Measures `url` in `browser` from an empty HTTP cache. Throws when Lighthouse reports an error
 * (a non-2xx document, a page that never paints) or when the page ended elsewhere than asked,
 * e.g. a signed-in page that fell back to /login because the session was lost.
 */
export async function runLighthouse(
  browser: Browser,
  url: string,
  packageOfPort: PackageOfPort,
): Promise<LighthouseRun> {
  const lhr = await lighthouseResult(browser, url);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${finalPath} during the Lighthouse run (signed out?)`);
  }
  if (lhr.categories.performance?.score == null) {
    throw new Error(`Lighthouse could not score ${url}: ${lhr.runWarnings.join(' ')}`);
  }
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  return {
    ...metricsOf(lhr),
    foreign: requests.map((r) => r.url).filter((u) => isForeign(u, packageOfPort)),
    warnings: lhr.runWarnings,
    lighthouseVersion: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/**
 * One run in a Chromium started for it and stopped after it, as PageSpeed Insights measures:
 * nothing of an earlier run (the process's warm code, its compiled scripts) is left for this one.
 * `prepare` runs first in that browser, e.g. to sign in.
 */
export async function runLighthouseFresh(
  url: string,
  packageOfPort: PackageOfPort,
  prepare?: (browser: Browser) => Promise<void>,
): Promise<LighthouseRun> {
  const browser = await launchChromium('fresh');
  try {
    await prepare?.(browser);
    return await runLighthouse(browser, url, packageOfPort);
  } finally {
    await closeChromium(browser);
  }
}

import { median } from './load.ts';

export { median };

/** Median of each figure on its own (the runs' medians may come from different runs). */
export function medians(runs: readonly Metrics[]): Metrics {
  const keys = ['score', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'speedIndexMs'] as const;
  return Object.fromEntries(
    keys.map((key) => [key, median(runs.map((run) => run[key]))]),
  ) as unknown as Metrics;
}
