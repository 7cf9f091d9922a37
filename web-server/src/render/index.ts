// Server rendering for the host's server (../host.ts takes any PageRenderer): a pool of render
// workers, one per live combination of remote releases (render-pool.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { appConfig, releasesDir, remotesManifest } from '../runtime-config.js';
import type { ServerMetrics } from '../metrics.js';
import type { PageRenderer } from '../renderer.js';
import { RenderPool } from './render-pool.js';
import { parseOriginMap } from './remote-origins.js';

export interface ServerRenderingOptions {
  /** host/dist: the page template (index.html) and the browser's files. */
  distDir: string;
  /** host/dist-server: the host's node-target build. */
  serverDir: string;
  log?: (message: string) => void;
  /** The host server's metrics: render workers' starts and crashes. */
  metrics?: ServerMetrics;
}

/** The renderer, or null when the host was built without its server build (pages render in the browser). */
export function createServerRenderer({
  distDir,
  serverDir,
  log,
  metrics,
}: ServerRenderingOptions): PageRenderer | null {
  const hostServerEntry = path.join(serverDir, 'server.cjs');
  if (!existsSync(hostServerEntry)) return null;
  const pool = new RenderPool({
    hostServerEntry,
    templateFile: path.join(distDir, 'index.html'),
    remotes: () => remotesManifest(),
    config: () => appConfig(),
    // Inside a private network the renderer may reach the API at another address than browsers.
    serverApiUrl: process.env.SSR_API_URL || undefined,
    // …and the remotes too (a bad value stops the server here, with the variable's name).
    remoteOrigins: parseOriginMap(process.env.SSR_REMOTE_ORIGINS),
    budgetMs: Number(process.env.SSR_BUDGET_MS ?? 1500),
    watchFile: process.env.REMOTES_FILE ?? path.join(releasesDir(), 'live.json'),
    log,
    metrics,
  });
  return {
    render: (request) => {
      const cookie = request.headers.cookie;
      return pool.render({
        url: request.url,
        cookie: Array.isArray(cookie) ? cookie.join('; ') : cookie,
        acceptLanguage: [request.headers['accept-language']].flat().join(', ') || undefined,
        nonce: request.nonce,
        traceparent: request.traceparent,
      });
    },
    close: () => pool.close(),
  };
}
