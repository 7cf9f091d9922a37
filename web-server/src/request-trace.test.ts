import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostServer } from './host.js';
import { createRemoteServer } from './remote.js';
import type { PageRenderer, PageRequest } from './renderer.js';
import { createSite, HASHED_JS, type Site } from './testing/fixture.js';
import { parseTraceparent } from './trace-context.js';

// docs/decisions/0053-trace-context.md: the host's server continues the trace a page request
// brings (or starts one), hands it to the renderer with a span of its own, gives it to the browser,
// and logs the page with its trace id; a remote logs a request that arrives with a traceparent.
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN}-01`;

interface LogLine {
  level: number;
  msg: string;
  traceId?: string;
  url?: string;
  spanId?: string;
  parentSpanId?: string;
}

let site: Site;
let app: FastifyInstance;
let logs: LogLine[];
let rendered: PageRequest[];
const savedEnv = { ...process.env };

const logger = (level: string) => ({
  level,
  stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
});

/** Records what the server asks of the renderer and answers a page. */
const recordingRenderer: PageRenderer = {
  render: async (request) => {
    rendered.push(request);
    return { status: 200, headers: {}, body: '<!doctype html><main>page</main>' };
  },
  close: async () => {},
};

beforeEach(() => {
  site = createSite();
  process.env.RELEASES_DIR = site.releases;
  delete process.env.REMOTES_FILE;
  logs = [];
  rendered = [];
});

afterEach(async () => {
  await app.close();
  site.cleanup();
  process.env = { ...savedEnv };
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The request line of `url`, once it is out (onResponse runs after the answer). */
async function requestLine(url: string) {
  await expect.poll(() => logs.some((line) => line.msg === 'request' && line.url === url)).toBe(true);
  return logs.find((line) => line.msg === 'request' && line.url === url)!;
}

describe('the host server', () => {
  beforeEach(() => {
    app = createHostServer({ distDir: site.dist, renderer: recordingRenderer, logger: logger('info') });
  });

  it('continues an incoming trace: the renderer gets its trace id with the server’s span, the log and the answer name it', async () => {
    const response = await get('/details/42', { traceparent: TRACEPARENT });
    expect(response.statusCode).toBe(200);
    const handed = parseTraceparent(rendered[0]?.traceparent);
    expect(handed).toMatchObject({ traceId: TRACE_ID, flags: '01' });
    expect(handed?.spanId).not.toBe(CALLER_SPAN);
    expect(response.headers.traceresponse).toBe(rendered[0]?.traceparent);
    const line = await requestLine('/details/42');
    expect(line).toMatchObject({
      level: 30,
      traceId: TRACE_ID,
      spanId: handed?.spanId,
      parentSpanId: CALLER_SPAN,
    });
  });

  it.each([
    ['none', undefined],
    ['uppercase hex', TRACEPARENT.toUpperCase()],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${CALLER_SPAN}-01`],
    ['version 00 with more fields', `${TRACEPARENT}-more`],
  ])('starts a fresh trace for a page request with %s', async (_what, traceparent) => {
    await get('/', traceparent ? { traceparent } : {});
    const handed = parseTraceparent(rendered[0]?.traceparent);
    expect(handed?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(handed?.traceId).not.toBe(TRACE_ID);
    const line = await requestLine('/');
    expect(line.traceId).toBe(handed?.traceId);
    expect(line.parentSpanId).toBeUndefined();
  });

  it('gives each page its own trace', async () => {
    await get('/');
    await get('/');
    expect(rendered).toHaveLength(2);
    expect(parseTraceparent(rendered[0]?.traceparent)?.traceId).not.toBe(
      parseTraceparent(rendered[1]?.traceparent)?.traceId,
    );
  });

  it('hands the page’s trace to its script in Server-Timing, rendered or served as the shell', async () => {
    const rendered = await get('/details/42', { traceparent: TRACEPARENT });
    expect(rendered.headers['server-timing']).toBe(`traceparent;desc="${rendered.headers.traceresponse}"`);
    const shellApp = createHostServer({ distDir: site.dist, logger: logger('info') });
    const shell = await shellApp.inject({
      method: 'GET',
      url: '/details/42',
      headers: { traceparent: TRACEPARENT },
    });
    await shellApp.close();
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(shell.headers['server-timing']).toBe(`traceparent;desc="${shell.headers.traceresponse}"`);
    expect(parseTraceparent(shell.headers.traceresponse as string)?.traceId).toBe(TRACE_ID);
  });

  it('names the trace in /app-config.json, for a page the browser renders', async () => {
    const response = await get('/app-config.json', { traceparent: TRACEPARENT });
    const config = response.json<{ traceparent?: string; apiUrl: string }>();
    expect(parseTraceparent(config.traceparent)?.traceId).toBe(TRACE_ID);
    expect(config.traceparent).toBe(response.headers.traceresponse);
    expect(config.apiUrl).toMatch(/\/api\/v1$/);
  });

  it('keeps files out of the info log', async () => {
    await get(`/${HASHED_JS}`);
    await get('/about');
    await requestLine('/about');
    expect(logs.some((line) => line.url === `/${HASHED_JS}`)).toBe(false);
  });
});

describe('a remote server', () => {
  beforeEach(() => {
    app = createRemoteServer({
      remote: 'catalog',
      distDir: site.dist,
      releasesRoot: site.releases,
      logger: logger('info'),
    });
  });

  it('logs a request that arrives with a traceparent under its trace id, and answers it', async () => {
    const response = await get('/mf-manifest.json', { traceparent: TRACEPARENT });
    expect(response.statusCode).toBe(200);
    expect(parseTraceparent(response.headers.traceresponse as string)?.traceId).toBe(TRACE_ID);
    expect(await requestLine('/mf-manifest.json')).toMatchObject({
      level: 30,
      traceId: TRACE_ID,
      parentSpanId: CALLER_SPAN,
    });
  });

  it('logs its other requests at debug only', async () => {
    await app.close();
    app = createRemoteServer({
      remote: 'catalog',
      distDir: site.dist,
      releasesRoot: site.releases,
      logger: logger('debug'),
    });
    await get('/remoteEntry.js');
    expect(await requestLine('/remoteEntry.js')).toMatchObject({ level: 20 });
  });
});
