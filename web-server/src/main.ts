// Serves one web package:
//   node web-server/dist/main.js host [--dist host/dist] [--port N] [--host ADDRESS]
//   node web-server/dist/main.js remote --remote catalog [--dist remote-catalog/dist] [--port N]
// Ports default to scripts/ports.mjs (SB_PORT_OFFSET, HOST_PORT, …). SIGTERM or SIGINT stops it:
// requests in flight are answered, then the renderer (if any) is closed, and it exits 0.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { resolvePorts } from '../../scripts/ports.mjs';
import { REMOTE_NAMES, repoRoot } from '../../scripts/runtime-config.mjs';
import { serverOptionsFromEnv } from './common.js';
import { createHostServer } from './host.js';
import { refuseDevelopmentSetup } from './production.js';
import { createRemoteServer } from './remote.js';
import { createServerRenderer } from './render/index.js';

const USAGE = `usage: main.js host [--dist <folder>] [--server-dist <folder>] [--port <port>] [--host <address>]
       main.js remote --remote <${REMOTE_NAMES.join('|')}> [--dist <folder>] [--port <port>] [--host <address>]`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** Every interface, IPv6 and IPv4 alike when the machine has IPv6 (like Node's own default). */
function defaultAddress() {
  const ipv6 = Object.values(os.networkInterfaces()).some((list) =>
    list?.some((entry) => entry.family === 'IPv6'),
  );
  return ipv6 ? '::' : '0.0.0.0';
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      remote: { type: 'string' },
      dist: { type: 'string' },
      'server-dist': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
    },
  });
  const [role] = positionals;
  const ports = resolvePorts();
  const serverOptions = serverOptionsFromEnv();
  let app: FastifyInstance;
  let port: number;
  let what: string;
  if (role === 'host') {
    // Only the host tells browsers where auth lives (/app-config.json).
    refuseDevelopmentSetup();
    const distDir = path.resolve(values.dist ?? path.join(repoRoot, 'host', 'dist'));
    // Pages are rendered on the server when the host's node build sits beside its browser build
    // (host/dist-server); SB_SSR=0 turns it off (pages then render in the browser).
    const serverDir = path.resolve(values['server-dist'] ?? path.join(distDir, '..', 'dist-server'));
    const renderer =
      process.env.SB_SSR === '0'
        ? null
        : createServerRenderer({ distDir, serverDir, log: (message) => console.log(`[render] ${message}`) });
    app = createHostServer({ distDir, renderer: renderer ?? undefined, ...serverOptions });
    port = Number(values.port ?? ports.host);
    what = `host ${distDir}`;
  } else if (role === 'remote') {
    const remote = values.remote ?? '';
    if (!REMOTE_NAMES.includes(remote)) fail(`Unknown remote "${remote}".`);
    const distDir = values.dist ? path.resolve(values.dist) : undefined;
    app = createRemoteServer({ remote, distDir, ...serverOptions });
    port = Number(values.port ?? ports[remote as keyof typeof ports]);
    what = `${remote} (its dist at /, its releases at /releases/<version>/)`;
  } else {
    fail(`Unknown role "${role ?? ''}".`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`Bad port "${values.port}".`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // A connection that never finishes must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());

  await app.listen({ port, host: values.host ?? defaultAddress() });
  console.log(`web-server: serving ${what} on :${port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
