import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost } from './test/env';
import { loadDemoAccounts } from './seed/seed';
import { resetPostgres, signIn, signUp } from './test/harness';
import { freePort } from './test/api-process';

// Two real API processes (`tsx src/server.ts`, as tools/cli/src/start.ts runs it) on one PostgreSQL,
// each with a data folder of its own as on two machines, behind one public address as a load
// balancer would put them. The journey alternates between them: what one process stores, the
// other serves (docs/decisions/0024-images-in-the-database.md,
// docs/decisions/0025-shared-state-across-replicas.md). PostgreSQL only (*.postgres.test.ts, see
// vitest.config.ts): PGlite has one process by design.

const databaseUrl = process.env.TEST_DATABASE_URL;
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_API_URL = 'http://api.replicas.test/api/v1';
const LIMIT = 10;

interface Replica {
  name: string;
  base: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

async function startReplica(name: string): Promise<Replica> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `sb-replica-${name}-`));
  const child = spawn(path.join(apiDir, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      PUBLIC_API_URL,
      WEB_ORIGIN: 'http://localhost:3999',
      PUBLIC_WRITE_LIMIT_PER_MINUTE: String(LIMIT),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('API listening on')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`replica ${name} exited:\n${output}`));
      }
    }, 200);
  });
  return { name, base: `http://127.0.0.1:${port}/api/v1`, child, dataDir, output: () => output };
}

async function stopReplica(replica: Replica | undefined) {
  if (!replica) return;
  if (replica.child.exitCode === null) {
    const exited = new Promise((resolve) => replica.child.once('exit', resolve));
    replica.child.kill('SIGTERM');
    await exited;
  }
  rmSync(replica.dataDir, { recursive: true, force: true });
}

/** The public URL of an image, as asked of one replica directly (the load balancer's choice). */
const through = (replica: Replica, publicUrl: string) => publicUrl.replace(PUBLIC_API_URL, replica.base);

const call = async (
  replica: Replica,
  method: string,
  route: string,
  options: { token?: string; json?: unknown; form?: Record<string, string> } = {},
) => {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  return fetch(`${replica.base}${route}`, { method, headers, body, redirect: 'manual' });
};

let a: Replica | undefined;
let b: Replica | undefined;
beforeAll(async () => {
  if (!databaseUrl)
    throw new Error('replicas.postgres.test.ts needs TEST_DATABASE_URL (a PostgreSQL database)');
  await resetPostgres(databaseUrl);
  // Started together: they migrate and seed one at a time under the start-up lock.
  [a, b] = await Promise.all([startReplica('a'), startReplica('b')]);
}, 240_000);
afterAll(async () => {
  await Promise.all([stopReplica(a), stopReplica(b)]);
});

const replicas = () => ({ a: a!, b: b! });

async function registerOn(replica: Replica, role: 'buyer' | 'seller') {
  const user = await signUp(`replica-${role}`);
  const res = await call(replica, 'POST', '/users', {
    token: user.token,
    json: { name: `Replica ${role}`, email: user.email, url: null, role },
  });
  expect(res.status).toBe(201);
  return user;
}

/** The transaction id and the page's signed link, as /payment/init answered them. */
function startedPayment(url: string) {
  const link = new URL(url);
  return {
    transactionId: Number(link.pathname.split('/').pop()),
    pagePath: `${link.pathname.replace(/^\/api\/v1/, '')}${link.search}`,
  };
}

async function payOn(
  replica: Replica,
  { transactionId, pagePath }: ReturnType<typeof startedPayment>,
  outcome = 'paid',
) {
  const page = await (await call(replica, 'GET', pagePath)).text();
  const pageToken = /name="pageToken" value="([0-9a-f]+)"/.exec(page)?.[1] ?? '';
  return call(replica, 'POST', `/payment/sandbox/${transactionId}`, { form: { outcome, pageToken } });
}

describe('two API processes on one PostgreSQL', () => {
  let seller: Awaited<ReturnType<typeof signUp>>;
  let buyer: Awaited<ReturnType<typeof signUp>>;
  let imageUrl: string;
  let productId: string;

  it('both started on one database, seeded once, serving the seeded images', async () => {
    const { a, b } = replicas();
    const [fromA, fromB] = await Promise.all(
      [a, b].map(
        async (r) => (await (await call(r, 'GET', '/recent-product?limit=100')).json()) as { _id: string }[],
      ),
    );
    expect(fromA!.length).toBeGreaterThan(0);
    expect(fromB!.map((p) => p._id).sort()).toEqual(fromA!.map((p) => p._id).sort());
    seller = await registerOn(a, 'seller');
    buyer = await registerOn(b, 'buyer');
  });

  it('an image uploaded on one is served by the other, variants and caching included', async () => {
    const { a, b } = replicas();
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#2b8a3e' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'laptop.png');
    const uploaded = await fetch(`${a.base}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    imageUrl = ((await uploaded.json()) as { data: { url: string } }).data.url;
    expect(imageUrl.startsWith(`${PUBLIC_API_URL}/images/`)).toBe(true);

    const fromB = await fetch(through(b, imageUrl));
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const fromA = await fetch(through(a, imageUrl));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
    const variant = await fetch(through(b, imageUrl.replace(/\.webp$/, '-400w.webp')));
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('a listing added on one appears on the other at once (its catalogue cache is cleared across processes)', async () => {
    const { a, b } = replicas();
    // Warm B's cache of the newest listings first.
    const before = (await (await call(b, 'GET', '/recent-product')).json()) as { _id: string }[];
    const added = await call(a, 'POST', '/add-products', {
      token: seller.token,
      json: {
        productName: 'Replica ThinkPad',
        price: 450,
        image: imageUrl,
        quality: 'Good',
        phone: '+880 1711 000000',
        location: 'Dhaka',
        category: '03',
        description: 'Added on one process, seen on the other',
        year: 2020,
        specs: {
          processor: 'Intel Core i5-10210U',
          ramGb: 8,
          storageGb: 256,
          storageType: 'SSD',
          screenInches: 14,
          resolution: '1920x1080',
          graphics: 'Intel UHD Graphics',
          os: 'Windows 11',
        },
      },
    });
    expect(added.status).toBe(201);
    productId = ((await added.json()) as { insertedId: string }).insertedId;
    expect(before.map((p) => p._id)).not.toContain(productId);
    // A new seller's listing waits for an operator (docs/product.md#moderation); the demo admin
    // approves it on A, and that publication is what B must see.
    const admin = loadDemoAccounts().find((account) => account.role === 'admin')!;
    const { idToken } = await signIn(admin.email, admin.password);
    const approved = await call(a, 'POST', `/admin/moderation/${productId}/approve`, { token: idToken });
    expect(approved.status).toBe(200);
    // NOTIFY reaches B asynchronously: poll B until it shows the listing.
    await expect
      .poll(
        async () =>
          ((await (await call(b, 'GET', '/recent-product')).json()) as { _id: string }[]).map((p) => p._id),
        {
          timeout: 10_000,
          interval: 100,
        },
      )
      .toContain(productId);
    const details = (await (await call(b, 'GET', `/details/${productId}`)).json()) as { image: string };
    expect(details.image).toBe(imageUrl);
  });

  it('a payment started on one is confirmed through the other', async () => {
    const { a, b } = replicas();
    const init = await call(a, 'POST', '/payment/init', { token: buyer.token, json: { _id: productId } });
    expect(init.status).toBe(200);
    const started = startedPayment((await init.json()) as string);
    const { transactionId } = started;
    const confirmed = await payOn(b, started);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toContain(`/payment/success?transactionId=${transactionId}`);
    const result = await call(a, 'GET', `/get-data-transactionId/${transactionId}`, { token: buyer.token });
    expect(((await result.json()) as { result: { status: string } }).result.status).toBe('paid');
    await expect
      .poll(
        async () =>
          ((await (await call(a, 'GET', `/details/${productId}`)).json()) as { status: string }).status,
        {
          timeout: 10_000,
          interval: 100,
        },
      )
      .toBe('sold');
  });

  it('two buyers paying for one laptop at the same moment on the two processes: exactly one succeeds', async () => {
    const { a, b } = replicas();
    const second = await registerOn(a, 'buyer');
    const listing = (await (await call(a, 'GET', '/recent-product?limit=100')).json()) as {
      _id: string;
      status: string;
    }[];
    const target = listing.find((p) => p.status === 'available')!;
    const start = async (replica: Replica, token: string) => {
      const init = await call(replica, 'POST', '/payment/init', { token, json: { _id: target._id } });
      expect(init.status).toBe(200);
      return startedPayment((await init.json()) as string);
    };
    const [first, other] = await Promise.all([start(a, buyer.token), start(b, second.token)]);
    const outcomes = await Promise.all([payOn(a, first), payOn(b, other)]);
    const locations = outcomes.map((o) => o.headers.get('location') ?? '');
    expect(locations.filter((l) => l.includes('/payment/success'))).toHaveLength(1);
    expect(locations.filter((l) => l.endsWith('/payment/fail'))).toHaveLength(1);
  });

  it('public writes share one budget: the 11th across both processes is refused with 429', async () => {
    const { a, b } = replicas();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const replica = i % 2 === 0 ? a : b;
      statuses.push(
        (await call(replica, 'POST', '/newsletter', { json: { email: `fan${i}@example.test` } })).status,
      );
    }
    expect(statuses).toEqual(Array.from({ length: LIMIT }, () => 200));
    for (const replica of [a, b]) {
      const refused = await call(replica, 'POST', '/newsletter', { json: { email: 'late@example.test' } });
      expect(refused.status, replica.name).toBe(429);
    }
  });

  it('both logged no errors', () => {
    for (const replica of Object.values(replicas())) expect(replica.output()).not.toMatch(/"level":(50|60)/);
  });
});
