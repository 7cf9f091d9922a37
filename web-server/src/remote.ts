// A remote's server: its own build (remote-<name>/dist) at /, and its immutable releases
// (RELEASES_DIR/<remote>/<version>/) under /releases/<version>/, so live.json can point the host
// at any release while the remote's own port keeps serving its development build too.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { releasesDir, REMOTE_NAMES, repoRoot } from './runtime-config.js';
import {
  createBaseServer,
  hasExtension,
  isFileIn,
  sendAsset,
  type ServerOptions,
  wildcardPath,
} from './common.js';
import { ServerMetrics } from './metrics.js';

export interface RemoteServerOptions extends ServerOptions {
  /** catalog, dashboard or checkout. */
  remote: string;
  /** Its build; remote-<remote>/dist by default. */
  distDir?: string;
  /** RELEASES_DIR by default; this remote's releases are in its <remote>/ folder. */
  releasesRoot?: string;
}

export function createRemoteServer({
  remote,
  distDir,
  releasesRoot = releasesDir(),
  ...options
}: RemoteServerOptions): FastifyInstance {
  if (!REMOTE_NAMES.includes(remote)) {
    throw new Error(`Unknown remote "${remote}": one of ${REMOTE_NAMES.join(', ')}`);
  }
  const dist = path.resolve(distDir ?? path.join(repoRoot, `remote-${remote}`, 'dist'));
  const releases = path.resolve(releasesRoot, remote);
  const app = createBaseServer(options, options.metrics ?? new ServerMetrics(remote));

  app.register(async (routes) => {
    routes.route({
      method: ['GET', 'HEAD'],
      url: '/releases/*',
      handler: async (request, reply) => {
        const urlPath = wildcardPath(request);
        // Staging folders (.staging) are not releases yet; releases have no client-side routes.
        if (urlPath.split('/').some((segment) => segment.startsWith('.')) || !hasExtension(urlPath)) {
          return reply.callNotFound();
        }
        return sendAsset(reply, releases, urlPath);
      },
    });

    routes.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const urlPath = wildcardPath(request);
        // A dev build's standalone page routes on the client too; a missing asset is a 404, and so is
        // every page of a production remote, which has none (it runs only inside the host).
        if (hasExtension(urlPath) || (await isFileIn(dist, urlPath))) return sendAsset(reply, dist, urlPath);
        return sendAsset(reply, dist, '/index.html');
      },
    });
  });
  return app;
}
