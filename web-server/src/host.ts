// The host's server: its build, the run-time files (/remotes.json, /app-config.json) computed on
// every request, and pages, rendered by the optional renderer or answered with the SPA shell.
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appConfig, remotesManifest } from './runtime-config.js';
import {
  createBaseServer,
  hasExtension,
  isFileIn,
  NO_CACHE,
  sendAsset,
  sendJson,
  type ServerOptions,
  varyOnEncoding,
  wildcardPath,
} from './common.js';
import { ServerMetrics } from './metrics.js';
import type { PageRenderer, RenderedPage } from './renderer.js';
import { markPage, requestTrace } from './request-trace.js';
import { cspNonce, sitePageSources } from './security-headers.js';
import { formatTraceparent, PAGE_TRACE_TIMING } from './trace-context.js';

export interface HostServerOptions extends ServerOptions {
  /** The host's build (host/dist). */
  distDir: string;
  renderer?: PageRenderer;
}

const SHELL = '/index.html';

/** The Server-Timing entry that hands a page's traceparent to its script. */
export function pageTraceTiming(traceparent: string): string {
  return `${PAGE_TRACE_TIMING};desc="${traceparent}"`;
}

export function createHostServer({ distDir, renderer, ...options }: HostServerOptions): FastifyInstance {
  const root = path.resolve(distDir);
  // Each page's policy names what /app-config.json and /remotes.json tell the browser to use.
  const metrics = options.metrics ?? new ServerMetrics('host');
  const app = createBaseServer(options, metrics, () => sitePageSources(appConfig(), remotesManifest()));
  // Runs once the server has stopped taking requests and the ones in flight are answered.
  if (renderer) app.addHook('onClose', async () => renderer.close());

  /** The rendered page, or null when the shell must be served instead (logged). */
  async function render(request: FastifyRequest): Promise<RenderedPage | null> {
    if (!renderer) return null;
    const timer = metrics.renderDuration.startTimer();
    const page = await renderOrShell(request, renderer);
    timer({ outcome: page ? 'rendered' : 'shell' });
    return page;
  }

  async function renderOrShell(
    request: FastifyRequest,
    renderer: PageRenderer,
  ): Promise<RenderedPage | null> {
    try {
      const page = await renderer.render({
        url: request.url,
        method: request.method,
        headers: request.headers,
        nonce: cspNonce(request),
        // This server's span: the renderer's API calls are its children, and the page hands the
        // trace to the browser (docs/decisions/0053-trace-context.md).
        traceparent: formatTraceparent(requestTrace(request).trace),
      });
      if (page === null) {
        request.log.info({ url: request.url }, 'renderer returned no page: serving the SPA shell');
      } else if (page.status >= 500) {
        request.log.error(
          { url: request.url, status: page.status },
          'renderer answered a server error: serving the SPA shell',
        );
        if (typeof page.body !== 'string') (page.body as { destroy?: () => void }).destroy?.();
        return null;
      }
      return page;
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'rendering failed: serving the SPA shell');
      return null;
    }
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    markPage(request);
    // The page's trace for its script, whether rendered here or served as the shell: a same-origin
    // page reads its own Server-Timing (runtime-kernel/src/config.ts), so a shell page's calls
    // continue this trace rather than that of its /app-config.json request.
    reply.header('server-timing', pageTraceTiming(formatTraceparent(requestTrace(request).trace)));
    const page = await render(request);
    if (!page) return sendAsset(reply, root, SHELL);
    reply.code(page.status);
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', NO_CACHE);
    // The renderer's headers win (e.g. `private, no-store` beside a Set-Cookie).
    for (const [name, value] of Object.entries(page.headers)) reply.header(name, value);
    varyOnEncoding(reply);
    reply.compress(page.body as Parameters<FastifyReply['compress']>[0]);
    return reply;
  }

  app.register(async (routes) => {
    // Read on every request: promoting or rolling back a remote needs no restart (docs/releases.md).
    routes.get('/remotes.json', async (_request, reply) => sendJson(reply, remotesManifest()));
    // With this request's trace: a page the browser renders continues it in its API calls.
    routes.get('/app-config.json', async (request, reply) =>
      sendJson(reply, { ...appConfig(), traceparent: formatTraceparent(requestTrace(request).trace) }),
    );

    routes.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const urlPath = wildcardPath(request);
        // A missing asset is a real 404; a path without an extension is a page.
        if (hasExtension(urlPath) || (await isFileIn(root, urlPath))) return sendAsset(reply, root, urlPath);
        return servePage(request, reply);
      },
    });
  });
  return app;
}
