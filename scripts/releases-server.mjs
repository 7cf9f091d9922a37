// Static server of one remote: its development build (<package>/dist) at /, and its immutable
// releases (RELEASES_DIR/<remote>/<version>/) under /releases/<version>/, so live.json can point
// the host at any release while the remote's own port keeps serving its dev build too.
// Usage: node scripts/releases-server.mjs --remote dashboard [--port 3002]
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolvePorts } from './ports.mjs';
import { releasesDir, REMOTE_NAMES, repoRoot } from './runtime-config.mjs';
import { createStaticServer } from './serve-static.mjs';

const PREFIX = '/releases/';

/** serve-static's request handler, without its listening server. */
const handlerOf = (server) => server.listeners('request')[0];

export function createRemoteServer({ remote, distDir, releasesRoot = releasesDir() }) {
  const dist = handlerOf(
    createStaticServer({ dir: distDir ?? path.join(repoRoot, `remote-${remote}`, 'dist') }),
  );
  const releases = handlerOf(createStaticServer({ dir: path.join(releasesRoot, remote) }));
  return createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(PREFIX)) return dist(req, res);
    const rest = url.slice(PREFIX.length - 1);
    // Staging folders (.staging) are not releases yet.
    if (rest.startsWith('/.')) {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
      return res.end('Not found');
    }
    req.url = rest;
    return releases(req, res);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { remote: { type: 'string' }, port: { type: 'string' }, dist: { type: 'string' } },
  });
  if (!REMOTE_NAMES.includes(values.remote ?? '')) {
    console.error(
      `usage: releases-server.mjs --remote <${REMOTE_NAMES.join('|')}> [--port <port>] [--dist <folder>]`,
    );
    process.exit(2);
  }
  const port = Number(values.port ?? resolvePorts()[values.remote]);
  const server = createRemoteServer({ remote: values.remote, distDir: values.dist });
  server.listen(port, () =>
    console.log(`serving ${values.remote} (dist and ${PREFIX}<version>/) on :${port}`),
  );
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
