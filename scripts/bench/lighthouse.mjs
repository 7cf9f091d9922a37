// One Lighthouse run: its default mobile profile (a mid-range phone, simulated slow 4G and a 4x
// slower CPU), the performance category only, in a browser we started and may have signed in.
import lighthouse from 'lighthouse';
import { clearHttpCache } from './browser.mjs';
import { isForeign } from './transfer.mjs';

export const LIGHTHOUSE_FLAGS = {
  onlyCategories: ['performance'],
  // Keeps the signed-in session (IndexedDB, local storage, cookies) between the runs. Lighthouse
  // then leaves the HTTP cache alone too, so clearHttpCache empties it before each run instead.
  disableStorageReset: true,
  output: 'json',
  logLevel: 'error',
};

/** The figures the bench reports from one run. */
function metricsOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const lcpNode = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return {
    score: lhr.categories.performance.score,
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(4)),
    fcpMs: Math.round(audit('first-contentful-paint')),
    speedIndexMs: Math.round(audit('speed-index')),
    lcpElement: lcpNode ? (lcpNode.selector ?? lcpNode.nodeLabel) : null,
  };
}

/**
 * Measures `url` in `browser` from an empty HTTP cache. Throws when Lighthouse reports an error
 * (a non-2xx document, a page that never paints) or when the page ended elsewhere than asked,
 * e.g. a signed-in page that fell back to /login because the session was lost.
 */
export async function runLighthouse(browser, url, packageOfPort) {
  await clearHttpCache(browser);
  const result = await lighthouse(url, { ...LIGHTHOUSE_FLAGS, hostname: '127.0.0.1', port: browser.port });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${finalPath} during the Lighthouse run (signed out?)`);
  }
  if (lhr.categories.performance.score === null) {
    throw new Error(`Lighthouse could not score ${url}: ${lhr.runWarnings.join(' ')}`);
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    ...metricsOf(lhr),
    foreign: requests.map((r) => r.url).filter((u) => isForeign(u, packageOfPort)),
    warnings: lhr.runWarnings,
    lighthouseVersion: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median of each figure on its own (the runs' medians may come from different runs). */
export function medians(runs) {
  const keys = ['score', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'speedIndexMs'];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))]));
}
