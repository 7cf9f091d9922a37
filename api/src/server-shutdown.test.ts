import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoAccounts } from './seed/seed';
import { connectionRefused, startApiProcess, stopApiProcess, type ApiProcess } from './test/api-process';
import { resetPostgres, signIn, startTestApp, validProduct } from './test/harness';

// Graceful shutdown (docs/decisions/0026-shutdown-durability-proxy-retry.md): on SIGTERM the API
// stops accepting connections, finishes every request already in flight with its normal answer,
// closes the database and exits 0. Runs on PGlite, or on PostgreSQL with TEST_DATABASE_URL.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sb-api-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const databaseUrl = process.env.TEST_DATABASE_URL;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A POST the server has started on but cannot finish yet: `Expect: 100-continue` makes the server
 * confirm it has the request (Node answers 100 Continue as it hands the request to Fastify), and
 * the body is held back until finish(). No timing involved: the request is in flight for sure.
 */
async function heldPost(url: string, token: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': payload.length,
      authorization: `Bearer ${token}`,
      expect: '100-continue',
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    request.once('error', reject);
  });
  answer.catch(() => {});
  const continued = new Promise<void>((resolve) => request.once('continue', resolve));
  request.flushHeaders();
  await continued;
  request.write(payload.subarray(0, 10));
  return {
    finish() {
      request.end(payload.subarray(10));
      return answer;
    },
  };
}

async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('SIGTERM', () => {
  it('finishes every request in flight, refuses new connections, closes the database, exits 0', async () => {
    if (databaseUrl) await resetPostgres(databaseUrl);
    let api: ApiProcess | null = await startApiProcess({ dataDir, databaseUrl });
    try {
      const seller = loadDemoAccounts().find((a) => a.role === 'seller')!;
      const { idToken } = await signIn(seller.email, seller.password);
      const [cover] = (await (await fetch(`${api.base}/recent-product?limit=1`)).json()) as {
        image: string;
      }[];

      const inFlight = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          heldPost(
            `${api!.base}/add-products`,
            idToken,
            validProduct({ productName: `Drained ${i}`, image: cover!.image }),
          ),
        ),
      );
      const { port } = api;
      const exited = api.exited;
      api.child.kill('SIGTERM');
      // The listener closes first; the held requests are still open.
      await until(() => connectionRefused(port));

      const answers = await Promise.all(inFlight.map((held) => held.finish()));
      for (const answer of answers) {
        expect(answer.status, answer.body).toBe(201);
        expect(JSON.parse(answer.body)).toMatchObject({ acknowledged: true });
        // The client (or proxy) must not reuse a connection of a process that is going away.
        expect(answer.headers.connection).toBe('close');
      }
      expect(await exited, api.output()).toEqual({ code: 0, signal: null });
      expect(api.output()).toContain('SIGTERM: stopped cleanly');
      expect(await connectionRefused(port)).toBe(true);

      // Every answered write is there after a restart on the same data.
      api = await startApiProcess({ dataDir, databaseUrl });
      for (const answer of answers) {
        const { insertedId } = JSON.parse(answer.body) as { insertedId: string };
        const details = await fetch(`${api.base}/details/${insertedId}`);
        expect(details.status).toBe(200);
      }
    } finally {
      if (api) await stopApiProcess(api);
    }
  }, 240_000);

  it('answers the health check with 503 "draining" and closes connections while draining', async () => {
    const ctx = await startTestApp();
    try {
      expect((await ctx.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
      ctx.app.lifecycle.draining = true;
      const health = await ctx.app.inject({ url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'draining', database: ctx.database.kind });
      expect(health.headers.connection).toBe('close');
      const category = await ctx.app.inject({ url: '/api/v1/category' });
      expect(category.statusCode).toBe(200);
      expect(category.headers.connection).toBe('close');
    } finally {
      await ctx.close();
    }
  });
});
