import type { Page, Request } from '@playwright/test';

/** The live-events stream (`/api/v1/events`) stays open on a signed-in page by design. */
export const isLiveStream = (url: string): boolean => new URL(url).pathname.endsWith('/api/v1/events');

/**
 * Waits until the page has loaded and its network has stayed quiet for `quietMs`, not counting the
 * live-events stream, so Playwright's 'networkidle' (which counts it) would never come on a
 * signed-in page. Used by the bench and the browser journeys alike. Resolves false when the page
 * was still loading after `maxMs`.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500, maxMs = 30_000): Promise<boolean> {
  const open = new Set<Request>();
  const started = (request: Request) => {
    if (!isLiveStream(request.url())) open.add(request);
  };
  const ended = (request: Request) => open.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.waitForLoadState('load', { timeout: maxMs });
    const deadline = Date.now() + maxMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) return false;
      await page.waitForTimeout(100);
      if (open.size > 0) quietSince = Date.now();
    }
    return true;
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
