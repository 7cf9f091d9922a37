import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRetryProxy } from './retry-proxy';

// Two real HTTP upstreams behind the proxy: the first one dies in the middle of every write (its
// connection is cut after the body arrived, as a SIGKILLed API's would be), the second answers.
// The proxy sends each new request to the first upstream first (round robin from the start).

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

async function listen(handler: Handler): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const ready = (req: IncomingMessage, res: ServerResponse) => {
  if (req.url !== '/api/v1/health/ready') return false;
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
  return true;
};

async function setUp() {
  const writesSeen = { dying: 0, answering: 0 };
  const dying = await listen((req, res) => {
    if (ready(req, res)) return;
    writesSeen.dying++;
    req.resume();
    req.on('end', () => req.socket.destroy());
  });
  const answering = await listen((req, res) => {
    if (ready(req, res)) return;
    writesSeen.answering++;
    req.resume();
    req.on('end', () =>
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ key: req.headers['idempotency-key'] ?? null })),
    );
  });
  const port = await freePort();
  const proxy = await startRetryProxy({ port, upstreams: [dying, answering] });
  closers.push(() => proxy.close());
  const post = (headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}/api/v1/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ productId: 'p1' }),
    });
  return { proxy, writesSeen, post };
}

describe('the retry proxy', () => {
  it('resends a write carrying an Idempotency-Key to the next process when its process dies mid-request', async () => {
    const { proxy, writesSeen, post } = await setUp();
    const res = await post({ 'idempotency-key': 'booking-action-1' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ key: 'booking-action-1' });
    expect(writesSeen).toEqual({ dying: 1, answering: 1 });
    expect(proxy.stats).toMatchObject({ retried: 1, failed: 0 });
  });

  it('never resends a write without a key that may have arrived: the client gets a 502', async () => {
    const { proxy, writesSeen, post } = await setUp();
    const res = await post({});
    expect(res.status).toBe(502);
    await res.arrayBuffer();
    expect(writesSeen).toEqual({ dying: 1, answering: 0 });
    expect(proxy.stats).toMatchObject({ retried: 0, failed: 1 });
  });
});
