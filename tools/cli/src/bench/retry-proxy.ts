// A small load-balancing proxy with retries, for the load section of `pnpm bench` (the
// docker-compose nginx in deploy/ needs docker). Round robin over the API processes, with the
// policy of deploy/nginx.conf's proxy_next_upstream: a request that never reached a process
// (connection refused) goes to the next one whatever its method; an idempotent request (GET, HEAD,
// OPTIONS) and a write carrying an Idempotency-Key (the API replays its first answer instead of
// writing twice, docs/decisions/0052-idempotent-writes.md) are also retried after a broken
// connection or a 502/503; a write without a key that may have reached a process is never sent
// twice. Like a load balancer's health check, each process's /health/ready is
// polled: one that answers 503 (draining, no database…) or not at all gets no new requests, and its idle
// keep-alive connections are dropped, so no request lands on a connection it is about to close.
// undici keeps the connections alive (docs/decisions/0026-shutdown-durability-proxy-retry.md).
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { Pool, type Dispatcher } from 'undici';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
]);
const NEVER_SENT = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT']);
const SKIP_AFTER_REFUSAL_MS = 1000;
/** How long the proxy keeps an idle connection to a process (below the processes' drain delay). */
export const IDLE_MS = 4_000;

type Headers = Record<string, string | string[]>;

function forwardable(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name.toLowerCase()) && value !== undefined) out[name] = value;
  }
  return out;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(chunks.length ? Buffer.concat(chunks) : null));
    req.on('error', reject);
  });

/**
 * Starts the proxy on 127.0.0.1:`port` in front of `upstreams` (origins like http://127.0.0.1:4000).
 * Returns { stats, close() }; stats counts requests, retries and the requests that failed anyway.
 */
/** What the proxy counts: requests, retries, and the requests that failed anyway (and why). */
export interface ProxyStats {
  requests: number;
  retried: number;
  failed: number;
  failures: string[];
  markedDown: number;
}

interface Target {
  origin: string;
  pool: Pool;
  up: boolean;
  skipUntil: number;
}

export async function startRetryProxy({
  port,
  upstreams,
  healthPath = '/api/v1/health/ready',
  maxAttempts = 4,
}: {
  port: number;
  upstreams: readonly string[];
  healthPath?: string;
  maxAttempts?: number;
}): Promise<{ stats: ProxyStats; close(): Promise<void> }> {
  // An idle connection is closed by the proxy after 4 s, whatever Keep-Alive the server announces
  // (Fastify: 72 s): a process draining for longer than that never has to close one under a request.
  const newPool = (origin: string) =>
    new Pool(origin, { connections: 128, keepAliveTimeout: IDLE_MS, keepAliveMaxTimeout: IDLE_MS });
  const targets: Target[] = upstreams.map((origin) => ({
    origin,
    pool: newPool(origin),
    up: true,
    skipUntil: 0,
  }));
  const stats: ProxyStats = { requests: 0, retried: 0, failed: 0, failures: [], markedDown: 0 };
  let next = 0;

  /** Out of rotation: requests in flight on its connections finish, then they close. */
  function markDown(target: Target): void {
    if (!target.up) return;
    target.up = false;
    stats.markedDown++;
    const retired = target.pool;
    target.pool = newPool(target.origin);
    retired.close().catch(() => {});
  }

  const HEALTH_EVERY_MS = 100;
  const polls = targets.map((target) => {
    let busy = false;
    return setInterval(async () => {
      if (busy) return;
      busy = true;
      try {
        const res = await fetch(target.origin + healthPath, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.ok) target.up = true;
        else markDown(target);
      } catch (error) {
        // No answer in time is a busy process, not a gone one: only a refused connection counts.
        if ((error as Error | undefined)?.name !== 'TimeoutError') markDown(target);
      } finally {
        busy = false;
      }
    }, HEALTH_EVERY_MS);
  });

  /**
   * The next process in turn, best first: up and not refusing connections; else not refusing;
   * else any. `avoid` (the process that just failed this request) comes last.
   */
  function pick(avoid: Target | undefined): Target {
    const now = Date.now();
    const start = next++;
    const inTurn = targets.map((_, i) => targets[(start + i) % targets.length] as Target);
    const ranked: ((t: Target) => boolean)[] = [
      (t) => t !== avoid && t.up && t.skipUntil <= now,
      (t) => t !== avoid && t.skipUntil <= now,
      (t) => t !== avoid,
      () => true,
    ];
    for (const fits of ranked) {
      const found = inTurn.find(fits);
      if (found) return found;
    }
    return inTurn[0] as Target;
  }

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    stats.requests++;
    const body = await readBody(req);
    const headers = forwardable(req.headers);
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const method = (req.method ?? 'GET') as Dispatcher.HttpMethod;
    const resendable = IDEMPOTENT.has(method) || req.headers['idempotency-key'] !== undefined;
    const problems: string[] = [];
    let failedTarget: Target | undefined;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const target = pick(failedTarget);
      failedTarget = target;
      let upstream: Dispatcher.ResponseData;
      try {
        upstream = await target.pool.request({ method, path: req.url ?? '/', headers, body });
      } catch (error) {
        const failure = error as { code?: string; cause?: { code?: string } } | undefined;
        const code = failure?.code ?? failure?.cause?.code ?? 'error';
        problems.push(`${target.origin}: ${code}`);
        const neverSent = NEVER_SENT.has(code);
        if (neverSent) {
          target.skipUntil = Date.now() + SKIP_AFTER_REFUSAL_MS;
          markDown(target);
        }
        if (neverSent || resendable) {
          stats.retried++;
          continue;
        }
        break;
      }
      if ((upstream.statusCode === 502 || upstream.statusCode === 503) && resendable) {
        await upstream.body.dump();
        problems.push(`${target.origin}: ${upstream.statusCode}`);
        stats.retried++;
        continue;
      }
      res.writeHead(upstream.statusCode, forwardable(upstream.headers));
      try {
        for await (const chunk of upstream.body) res.write(chunk);
        res.end();
      } catch {
        res.destroy(); // the process died while sending: the client sees a broken answer
        stats.failed++;
        stats.failures.push(`${req.method} ${req.url}: cut off by ${target.origin}`);
      }
      return;
    }
    stats.failed++;
    stats.failures.push(`${req.method} ${req.url}: ${problems.join(', ')}`);
    res.writeHead(502, { 'content-type': 'text/plain' }).end(`Bad gateway (${problems.join(', ')})`);
  }

  const server = http.createServer((req, res) => {
    forward(req, res).catch((error: unknown) => {
      stats.failed++;
      stats.failures.push(
        `${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  let closed: Promise<void> | null = null;
  return {
    stats,
    close() {
      closed ??= (async () => {
        for (const poll of polls) clearInterval(poll);
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all(targets.map((t) => t.pool.destroy().catch(() => {})));
      })();
      return closed;
    },
  };
}
