import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serviceLogDir } from 'cli/stack';
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

test('one signed-in page’s trace id is in the host server’s log and in the API’s, from the renderer and the browser', async ({
  page,
}) => {
  // A signed-in buyer: the browser's calls that carry a trace are the ones preflighted anyway (the
  // signed-in ones and writes); a plain public GET stays a simple request (api-client.ts).
  const buyer = demoAccount('buyer');
  await loginThroughUi(page, buyer.email, buyer.password);
  // A trace id of this attempt's own keeps a retry from finding the first attempt's log lines.
  const TRACE_ID = randomBytes(16).toString('hex');
  const TRACEPARENT = `00-${TRACE_ID}-1111222233334444-01`;

  // A seller's public page, rendered on the server, with one API call.
  const [listing] = (await api<{ seller: { _id: string } }[]>('/category/products/04')).body;
  const sellerId = listing!.seller._id;
  const sellerPath = `/sellers/${sellerId}`;

  // The visitor's request arrives with a traceparent (as from a proxy or a browser extension that
  // starts traces); only the page's own request gets it.
  await page.route(`**${sellerPath}`, (route) =>
    route.continue({ headers: { ...route.request().headers(), traceparent: TRACEPARENT } }),
  );
  const browserCalls: string[] = [];
  page.on('request', (request) => {
    const traceparent = request.headers().traceparent;
    if (request.url().startsWith(e2eEnv.apiUrl) && traceparent) browserCalls.push(traceparent);
  });

  const response = await page.goto(sellerPath);
  expect(response?.headers().traceresponse).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
  const hostSpan = response!.headers().traceresponse!.split('-')[2];

  // The host server's page line: this trace, its own span, the visitor's span as parent.
  await expect
    .poll(() => linesOf('host', TRACE_ID).filter((line) => line.msg === 'request'))
    .toEqual([
      expect.objectContaining({ url: sellerPath, spanId: hostSpan, parentSpanId: '1111222233334444' }),
    ]);
  // The renderer's calls for the seller: the same trace at the API, each from a span of its own
  // (not one the browser sent).
  const spanOf = (traceparent: string) => traceparent.split('-')[2];
  await expect
    .poll(() =>
      linesOf('api', TRACE_ID).some(
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
  // client-side move to the home page.
  await waitForApp(page);
  await page.locator('header a[href="/"]').first().click();
  await expect.poll(() => browserCalls.length).toBeGreaterThan(0);
  for (const traceparent of browserCalls) expect(traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-`));
  const browserSpans = browserCalls.map(spanOf);
  expect(new Set(browserSpans).size).toBe(browserSpans.length);
  await expect
    .poll(() =>
      linesOf('api', TRACE_ID).some(
        (line) => line.msg === 'request' && browserSpans.includes(line.parentSpanId ?? ''),
      ),
    )
    .toBe(true);
});
