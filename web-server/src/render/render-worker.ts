// One render worker: a clean isolate that loads the host's server build and the server builds of
// one combination of remote releases, and renders pages with them. A new combination (promote,
// rollback) gets a new worker instead of replacing federated code inside a running one, which
// leaks and goes stale (docs/decisions/0013-server-rendering-in-workers-per-release-set.md).
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { RenderRequestMessage, WorkerInit, WorkerMessage } from './protocol.js';
import { fetchThroughPrivateOrigins } from './remote-origins.js';

interface HostServerModule {
  splitTemplate(html: string): unknown;
  startRenderer(options: unknown): Promise<void>;
  renderPage(request: {
    url: string;
    cookie?: string;
    acceptLanguage?: string;
    nonce?: string;
    traceparent?: string;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; chunks: AsyncIterable<string> | Iterable<string> }
  >;
}

const init = workerData as WorkerInit;
const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

async function handle(request: RenderRequestMessage, host: HostServerModule) {
  const { id } = request;
  try {
    const outcome = await host.renderPage({
      url: request.url,
      cookie: request.cookie,
      acceptLanguage: request.acceptLanguage,
      nonce: request.nonce,
      traceparent: request.traceparent,
    });
    if (outcome.kind === 'redirect') {
      post({ id, type: 'redirect', status: outcome.status, location: outcome.location });
      return;
    }
    post({ id, type: 'start', status: outcome.status });
    for await (const html of outcome.chunks) post({ id, type: 'chunk', html });
    post({ id, type: 'end' });
  } catch (error) {
    post({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

async function main() {
  // Before any remote is loaded: the federation runtime fetches manifests, entries and chunks
  // with the global fetch, at the public addresses the HTML must keep naming.
  globalThis.fetch = fetchThroughPrivateOrigins(globalThis.fetch, init.remoteOrigins);
  const require = createRequire(import.meta.url);
  // The build is CommonJS with an async start-up: requiring it gives a promise of its exports.
  const host = (await (require(init.hostServerEntry) as Promise<HostServerModule>)) as HostServerModule;
  await host.startRenderer({
    template: host.splitTemplate(init.templateHtml),
    remotes: init.remotes,
    config: init.config,
    serverApiUrl: init.serverApiUrl,
    budgetMs: init.budgetMs,
  });
  const warm = await host.renderPage({ url: init.warmUrl });
  if (warm.kind === 'page') for await (const chunk of warm.chunks) void chunk;
  port.on('message', (request: RenderRequestMessage) => void handle(request, host));
  post({ type: 'ready' });
}

main().catch((error: unknown) => {
  post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
});
