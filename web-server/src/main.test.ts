import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, type Site } from './testing/fixture.js';

// Graceful SIGTERM of the real server process (dist/main.js, compiled here first: the render
// workers are loaded as compiled files): no new connections, every request in flight finishes
// with its normal answer — a page still rendering in a worker, a large file still being sent —
// then the render workers are closed and the process exits 0
// (docs/decisions/0026-shutdown-durability-proxy-retry.md).

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let site: Site;

/**
 * A stand-in for the host's server build (host/dist-server/server.cjs, see render-worker.ts): a
 * page whose URL names a hold file is rendered in two parts, the second only once
 * `<hold>.release` exists; `<hold>.started` says the first part is out.
 */
const FAKE_HOST_SERVER = `
const fs = require('node:fs');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
module.exports = Promise.resolve({
  splitTemplate: (html) => html,
  startRenderer: async () => {},
  renderPage: async ({ url, traceparent }) => {
    // Ends the worker thread, as a renderer's fatal error would.
    if (url.includes('crash')) process.exit(3);
    const query = new URL(url, 'http://x').searchParams;
    const hold = query.get('hold');
    async function* chunks() {
      // What the host's build puts in the page state (the browser's API calls continue it).
      if (query.has('show-trace')) yield '<meta name="traceparent" content="' + traceparent + '">';
      yield '<!doctype html><main>first part';
      if (hold) {
        fs.writeFileSync(hold + '.started', '');
        while (!fs.existsSync(hold + '.release')) await sleep(20);
      }
      yield ' second part</main>';
    }
    return { kind: 'page', status: 200, chunks: chunks() };
  },
});
`;
const BIG_FILE_BYTES = 64 * 1024 * 1024;

beforeAll(() => {
  const built = spawnSync(
    process.execPath,
    [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    { cwd: packageDir, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`tsc failed:\n${built.stdout}${built.stderr}`);
  site = createSite();
  mkdirSync(path.join(site.root, 'dist-server'));
  writeFileSync(path.join(site.root, 'dist-server', 'server.cjs'), FAKE_HOST_SERVER);
  // Larger than every socket buffer on the way: a client that does not read holds it in flight.
  writeFileSync(path.join(site.dist, 'assets', 'big.0123456789.bin'), Buffer.alloc(BIG_FILE_BYTES, 7));
}, 120_000);
afterAll(() => site?.cleanup());

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const connectionRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function startServer(args: string[], env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['dist/main.js', ...args, '--port', String(port), '--host', '127.0.0.1'],
    {
      cwd: packageDir,
      env: { ...process.env, RELEASES_DIR: site.releases, SSR_BUDGET_MS: '60000', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await until(() => {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    return output.includes('web-server: serving');
  });
  return { child, port, exited, output: () => output };
}

const stopped = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** A GET whose response is read only when read() is called (until then the server may be stuck sending). */
function heldGet(url: string) {
  return new Promise<{ res: http.IncomingMessage; read(): Promise<Buffer> }>((resolve, reject) => {
    const request = http.get(url, { agent: false }, (res) => {
      res.pause();
      resolve({
        res,
        read: () =>
          new Promise((done, fail) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(Buffer.concat(chunks)));
            res.on('error', fail);
            res.resume();
          }),
      });
    });
    request.on('error', reject);
  });
}

describe('web-server on SIGTERM', () => {
  it('host: finishes pages still rendering in a worker, refuses new connections, closes the workers, exits 0', async () => {
    const server = await startServer([
      'host',
      '--dist',
      site.dist,
      '--server-dist',
      path.join(site.root, 'dist-server'),
    ]);
    try {
      const holds = [0, 1, 2].map((i) => path.join(site.root, `hold-${i}`));
      const pages = await Promise.all(
        holds.map((hold) =>
          heldGet(`http://127.0.0.1:${server.port}/category?hold=${encodeURIComponent(hold)}`),
        ),
      );
      await until(() => holds.every((hold) => existsSync(`${hold}.started`)));
      server.child.kill('SIGTERM');
      await until(() => connectionRefused(server.port));
      for (const hold of holds) writeFileSync(`${hold}.release`, '');
      for (const page of pages) {
        expect(page.res.statusCode).toBe(200);
        expect(page.res.headers.connection).toBe('close');
        expect((await page.read()).toString('utf8')).toBe(
          '<!doctype html><main>first part second part</main>',
        );
      }
      expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('web-server: SIGTERM, stopped cleanly');
    } finally {
      if (!stopped(server.child)) server.child.kill('SIGKILL');
    }
  }, 60_000);

  it('remote: finishes a large file still being sent, refuses new connections, exits 0', async () => {
    const server = await startServer(['remote', '--remote', 'catalog', '--dist', site.dist]);
    try {
      const health = await fetch(`http://127.0.0.1:${server.port}/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const download = await heldGet(`http://127.0.0.1:${server.port}/assets/big.0123456789.bin`);
      server.child.kill('SIGTERM');
      await until(() => connectionRefused(server.port));
      expect(download.res.statusCode).toBe(200);
      expect((await download.read()).length).toBe(BIG_FILE_BYTES);
      expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    } finally {
      if (!stopped(server.child)) server.child.kill('SIGKILL');
    }
  }, 60_000);
});

describe("the host process's metrics", () => {
  /** The value of the one sample of `name` whose label text matches `labels`. */
  const value = (text: string, name: string, labels: RegExp) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${name}{`) && labels.test(line))
        ?.split(' ')
        .at(-1) ?? Number.NaN,
    );

  it('counts render workers started and crashed per release set, and times the renders', async () => {
    const server = await startServer([
      'host',
      '--dist',
      site.dist,
      '--server-dist',
      path.join(site.root, 'dist-server'),
    ]);
    const base = `http://127.0.0.1:${server.port}`;
    const metrics = async () => (await fetch(`${base}/metrics`)).text();
    const releaseSet = /release_set="catalog@dist checkout@dist dashboard@dist"/;
    try {
      expect(await (await fetch(`${base}/category`)).text()).toContain('second part');
      let text = await metrics();
      expect(value(text, 'sb_render_worker_starts_total', releaseSet)).toBe(1);
      expect(value(text, 'sb_render_duration_seconds_count', /outcome="rendered"/)).toBe(1);

      // The worker dies under a page: the visitor gets the shell, the crash is counted, the next
      // page starts a new worker for the same releases.
      const crashed = await fetch(`${base}/category?crash=1`);
      expect(crashed.status).toBe(200);
      expect(await crashed.text()).not.toContain('second part');
      expect(await (await fetch(`${base}/category`)).text()).toContain('second part');
      text = await metrics();
      expect(value(text, 'sb_render_worker_crashes_total', releaseSet)).toBe(1);
      expect(value(text, 'sb_render_worker_starts_total', releaseSet)).toBe(2);
      expect(value(text, 'sb_render_duration_seconds_count', /outcome="shell"/)).toBe(1);
      expect(value(text, 'sb_render_duration_seconds_count', /outcome="rendered"/)).toBe(2);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('the trace of a page, through the render worker', () => {
  it('hands the render worker the page’s trace with the server’s span, and logs the page with its trace id', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const server = await startServer(
      ['host', '--dist', site.dist, '--server-dist', path.join(site.root, 'dist-server')],
      { LOG_LEVEL: 'info' },
    );
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/category?show-trace`, {
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      const html = await res.text();
      const handed = /<meta name="traceparent" content="([^"]+)">/.exec(html)?.[1];
      expect(handed).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      expect(handed).not.toContain('00f067aa0ba902b7');
      expect(res.headers.get('traceresponse')).toBe(handed);
      await until(() => server.output().includes('"msg":"request"'));
      const line = server
        .output()
        .split('\n')
        .find((text) => text.includes('"msg":"request"'));
      expect(JSON.parse(line!)).toMatchObject({
        level: 30,
        traceId,
        url: '/category?show-trace',
        parentSpanId: '00f067aa0ba902b7',
      });
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);
});
