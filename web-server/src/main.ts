// Serves one web package:
//   node web-server/dist/main.js host [--dist host/dist] [--port N] [--host ADDRESS]
//   node web-server/dist/main.js remote --remote catalog [--dist remote-catalog/dist] [--port N]
// Ports default to web-server/src/ports.ts (SB_PORT_OFFSET, HOST_PORT, …). SIGTERM or SIGINT stops it:
// requests in flight are answered, then the renderer (if any) is closed, and it exits 0
// (SHUTDOWN_DELAY_SECONDS, SHUTDOWN_GRACE_SECONDS: see stop() below).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { resolvePorts } from './ports.js';
import { REMOTE_NAMES, repoRoot } from './runtime-config.js';
import { serverOptionsFromEnv, startDraining } from './common.js';
import { createHostServer } from './host.js';
import { ServerMetrics } from './metrics.js';
import { refuseDevelopmentSetup } from './production.js';
import { createRemoteServer } from './remote.js';
import { createServerRenderer } from './render/index.js';

const USAGE = `usage: main.js host [--dist <folder>] [--server-dist <folder>] [--port <port>] [--host <address>]
       main.js remote --remote <${REMOTE_NAMES.join('|')}> [--dist <folder>] [--port <port>] [--host <address>]`;

/** A number of seconds from the environment (0–300), or the default. */
function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 300)
    fail(`${name} must be a number of seconds, 0–300.`);
  return value;
}

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
    const metrics = new ServerMetrics('host');
    const renderer =
      process.env.SB_SSR === '0'
        ? null
        : createServerRenderer({
            distDir,
            serverDir,
            log: (message) => console.log(`[render] ${message}`),
            metrics,
          });
    app = createHostServer({ distDir, renderer: renderer ?? undefined, metrics, ...serverOptions });
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

  // SIGTERM / SIGINT: not ready for SHUTDOWN_DELAY_SECONDS while still serving (a load balancer
  // notices), then no new connections; requests in flight (a page still rendering, a large file
  // still sending) get up to SHUTDOWN_GRACE_SECONDS, then the render workers are closed (an
  // onClose hook of host.ts). Exit 0 when all finished, 1 when some had to be cut off.
  const delayMs = seconds('SHUTDOWN_DELAY_SECONDS', 0) * 1000;
  const graceMs = seconds('SHUTDOWN_GRACE_SECONDS', 10) * 1000;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    startDraining(app);
    let exitCode = 0;
    // Last resort if closing the renderer itself hangs.
    setTimeout(() => process.exit(1), delayMs + graceMs + 5_000).unref();
    try {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const cutOff = setTimeout(() => {
        exitCode = 1;
        console.error(`web-server: requests still in flight after ${graceMs / 1000} s, closing them`);
        app.server.closeAllConnections();
      }, graceMs);
      await app.close();
      clearTimeout(cutOff);
      console.log(`web-server: ${signal}, stopped cleanly`);
    } catch (error) {
      console.error(error);
      exitCode = 1;
    }
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port, host: values.host ?? defaultAddress() });
  console.log(`web-server: serving ${what} on :${port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
