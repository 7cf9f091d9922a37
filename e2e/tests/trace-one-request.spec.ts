import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serviceLogDir } from 'cli/stack';
import type { Page } from '@playwright/test';
import { expect, test, waitForApp } from '../support/test';
import { api } from '../support/api';
import { demoAccount, e2eEnv } from '../support/env';
import { loginThroughUi } from '../support/ui';

// The done-criterion for traces (docs/decisions/0053-trace-context.md): one buyer's page
// is one id, found with a grep in the host server's log and in the API's, both for the renderer's
// API calls and for the browser's calls from that page. The stack writes its services' logs to
// <DATA_DIR>/logs/ and runs at LOG_LEVEL=debug (e2e/playwright.config.ts).

interface LogLine {
  msg?: string;
  traceId?: string;
  url?: string;
  parentSpanId?: string;
  spanId?: string;
}

/** The JSON lines of one service's log that carry `traceId`. */
function linesOf(service: string, traceId: string): LogLine[] {
  const file = path.join(serviceLogDir(e2eEnv.dataDir), `${service}.log`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes(traceId))
    .map((line) => JSON.parse(line) as LogLine);
}

/** A page load whose request arrives with a trace of this attempt's own, and the browser's traced calls from it. */
async function loadTraced(page: Page, pagePath: string) {
  // A trace id of this attempt's own keeps a retry from finding the first attempt's log lines.
  const traceId = randomBytes(16).toString('hex');
  // The visitor's request arrives with a traceparent (as from a proxy or a browser extension that
  // starts traces); only the page's own request gets it.
  await page.route(`**${pagePath}`, (route) =>
    route.continue({
      headers: { ...route.request().headers(), traceparent: `00-${traceId}-${VISITOR_SPAN}-01` },
    }),
  );
  // Only this page's own calls count: the previous page (the one the login left) may still send a
  // call of its own trace until this document commits, so recording starts there.
  const browserCalls: string[] = [];
  let committed = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === pagePath) committed = true;
  });
  page.on('request', (request) => {
    const traceparent = request.headers().traceparent;
    if (committed && request.url().startsWith(e2eEnv.apiUrl) && traceparent) browserCalls.push(traceparent);
  });

  const response = await page.goto(pagePath);
  expect(response?.headers().traceresponse).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  const hostSpan = response!.headers().traceresponse!.split('-')[2]!;
  // The host server's page line: this trace, its own span, the visitor's span as parent.
  await expect
    .poll(() => linesOf('host', traceId).filter((line) => line.msg === 'request'))
    .toEqual([expect.objectContaining({ url: pagePath, spanId: hostSpan, parentSpanId: VISITOR_SPAN })]);
  return { traceId, hostSpan, browserCalls };
}

const VISITOR_SPAN = '1111222233334444';
const spanOf = (traceparent: string) => traceparent.split('-')[2];

/** Every browser call recorded so far is in the trace, each from a span of its own, and the API logged one of them. */
async function expectBrowserCallsInTrace(traceId: string, browserCalls: string[]) {
  await expect.poll(() => browserCalls.length).toBeGreaterThan(0);
  for (const traceparent of browserCalls) expect(traceparent).toMatch(new RegExp(`^00-${traceId}-`));
  const browserSpans = browserCalls.map(spanOf);
  expect(new Set(browserSpans).size).toBe(browserSpans.length);
  await expect
    .poll(() =>
      linesOf('api', traceId).some(
        (line) => line.msg === 'request' && browserSpans.includes(line.parentSpanId ?? ''),
      ),
    )
    .toBe(true);
}

test('one signed-in page’s trace id is in the host server’s log and in the API’s, from the renderer and the browser', async ({
  page,
}) => {
  // A signed-in buyer: the browser's calls that carry a trace are the ones preflighted anyway (the
  // signed-in ones and writes); a plain public GET stays a simple request (api-client.ts).
  const buyer = demoAccount('buyer');
  await loginThroughUi(page, buyer.email, buyer.password);

  // A seller's public page, rendered on the server, with one API call.
  const [listing] = (await api<{ seller: { _id: string } }[]>('/category/products/04')).body;
  const sellerId = listing!.seller._id;
  const { traceId, hostSpan, browserCalls } = await loadTraced(page, `/sellers/${sellerId}`);

  // The renderer's calls for the seller: the same trace at the API, each from a span of its own
  // (not one the browser sent).
  await expect
    .poll(() =>
      linesOf('api', traceId).some(
        (line) =>
          line.msg === 'request' &&
          line.url?.includes(sellerId) &&
          line.parentSpanId !== undefined &&
          line.parentSpanId !== hostSpan &&
          !browserCalls.map(spanOf).includes(line.parentSpanId),
      ),
    )
    .toBe(true);

  // The browser's calls from that page continue the trace: the signed-in header's own calls, and a
  // client-side move to the home page. (Had the render outlasted its budget, the page is the shell
  // and the trace reaches the browser in Server-Timing instead: the next test.)
  await waitForApp(page);
  await page.locator('header a[href="/"]').first().click();
  await expectBrowserCallsInTrace(traceId, browserCalls);
});

test('a page the browser renders (the shell) continues its own request’s trace, not that of /app-config.json', async ({
  page,
}) => {
  const buyer = demoAccount('buyer');
  await loginThroughUi(page, buyer.email, buyer.password);
  // The dashboard is never rendered on the server: its page is the shell, which learns its trace
  // from the page's Server-Timing (web-server/src/host.ts).
  const { traceId, browserCalls } = await loadTraced(page, '/dashboard');
  await waitForApp(page);
  await expectBrowserCallsInTrace(traceId, browserCalls);
});
