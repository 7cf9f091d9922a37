// The bench's mixed traffic, shared by the load and soak sections: the fixtures (the demo seller,
// fresh buyers, listing ids), one autocannon instance per scenario with its share of the connections
// by weight, the writes the API acknowledged, the lost-writes check, and the compiled API's
// environment. Every write carries an Idempotency-Key of its own (one per logical write), so a
// proxy may resend it after a broken connection and the API apply it once.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import type PgModule from 'pg';
import { demoAccount } from '../demo-accounts.ts';
import { repoRoot } from 'web-server/runtime-config';
import { startServer } from './load.ts';
import { api, countCacheInto, emulatorCall, percentile, type CacheCounts } from './shared.ts';
import { IDLE_MS } from './retry-proxy.ts';

// The API's own pg, the driver its server uses (tools/cli does not install one of its own).
export const pg = createRequire(path.join(repoRoot, 'api', 'package.json'))('pg') as typeof PgModule;
export const API_DIST = path.join(repoRoot, 'api', 'dist');
/** Listings to book and pay for: every payment sells one, so there must be plenty. */
export const LISTINGS = 20_000;
export const BUYERS = 20;

export const SEARCH_TERMS = [
  'thinkpad',
  'macbook',
  'dell',
  'i7',
  'ryzen',
  'thinkpd',
  '16gb',
  'gaming',
  'ssd',
  'hp',
];
export const SCENARIOS = [
  { name: 'browse', weight: 30 },
  { name: 'search', weight: 12 },
  { name: 'details', weight: 15 },
  { name: 'sign-in', weight: 10 },
  { name: 'dashboard', weight: 10 },
  { name: 'book', weight: 10 },
  { name: 'pay', weight: 13 },
] as const;

export type ScenarioName = (typeof SCENARIOS)[number]['name'];

/** One of `list`'s items at random (the lists here are never empty). */
export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
/** The `n`-th of `list`'s items, counting round and round. */
export const cyclic = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

export function buildApi() {
  console.log('Building the API (pnpm --filter api build)…');
  const result = spawnSync('pnpm', ['--filter', 'api', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the API build failed');
}

export interface SignedIn {
  email: string;
  token: string;
}

/** What the scenarios pick from; `next` counts the book and pay requests made so far. */
export interface Fixtures {
  seller: SignedIn;
  buyers: SignedIn[];
  categories: string[];
  detailIds: string[];
  payProducts: string[];
  bookProducts: string[];
  next: { pay: number; book: number };
}

/** The demo seller, fresh buyers, and the ids the scenarios pick from. */
export async function fixtures(base: string, emulatorPort: number, databaseUrl: string): Promise<Fixtures> {
  const seller = demoAccount('seller');
  const sellerToken = await emulatorCall(emulatorPort, 'signInWithPassword', {
    email: seller.email,
    password: seller.password,
  });
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const email = `load-buyer-${Date.now().toString(36)}-${i}@example.test`;
    const token = await emulatorCall(emulatorPort, 'signUp', { email, password: 'correct-horse-9' });
    await api(base, 'POST', '/users', {
      token,
      body: { name: `Load buyer ${i}`, email, url: null, role: 'buyer' },
    });
    buyers.push({ email, token });
  }
  const categories = (await api<{ _id?: string; id?: string }[]>(base, 'GET', '/category'))
    .map((c) => c._id ?? c.id)
    .filter((id): id is string => Boolean(id));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select id from products where status = 'available' and deleted_at is null order by random()`,
    );
    const ids = rows.map((r) => r.id);
    const half = Math.floor(ids.length / 2);
    return {
      seller: { email: seller.email, token: sellerToken },
      buyers,
      categories,
      detailIds: ids.slice(0, 1000),
      payProducts: ids.slice(0, half),
      bookProducts: ids.slice(half),
      next: { pay: 0, book: 0 },
    };
  } finally {
    await client.end();
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };
/** A key of its own for each logical write: resent by a proxy, the write is applied once. */
const idempotencyKey = () => ({ 'idempotency-key': randomUUID() });

/** The writes the API acknowledged during a run: booking ids and payment transaction ids. */
export interface Writes {
  bookings: string[];
  paymentsStarted: number[];
  paid: number[];
}

/** What the pay sequence carries from one request to the next (autocannon's per-connection context). */
interface PayContext {
  transactionId?: string | undefined;
  /** The sandbox page's signed link as /payment/init answered it (path and query). */
  pagePath?: string | undefined;
  pageToken?: string | undefined;
}

/**
 * autocannon restarts a connection's sequence when setupRequest returns a falsy value (its
 * README); its types require a request.
 */
const RESTART_SEQUENCE = null as unknown as autocannon.Request;

/** autocannon request sequences per scenario, and the statuses each may answer. */
function scenarioRequests(
  name: ScenarioName,
  fx: Fixtures,
  writes: Writes,
  cache: CacheCounts,
): { ok: number[]; requests: autocannon.Request[] } {
  const countCache = countCacheInto(cache);
  const get =
    (path: string, headers: Record<string, string> = {}) =>
    (req: autocannon.Request): autocannon.Request => ({ ...req, method: 'GET', path, headers });
  switch (name) {
    case 'browse':
      return {
        ok: [200],
        requests: [
          {
            setupRequest: (req) =>
              get(
                pick([
                  '/api/v1/category',
                  `/api/v1/category/products/${pick(fx.categories)}`,
                  `/api/v1/category/products/${pick(fx.categories)}?page=2`,
                  '/api/v1/recent-product',
                  '/api/v1/get-advertise',
                ]),
              )(req),
            onResponse: countCache,
          },
        ],
      };
    case 'search':
      return {
        ok: [200],
        requests: [
          {
            setupRequest: (req) => get(`/api/v1/search?q=${pick(SEARCH_TERMS)}`)(req),
            onResponse: countCache,
          },
        ],
      };
    case 'details':
      return {
        ok: [200],
        requests: [
          {
            setupRequest: (req) => get(`/api/v1/details/${pick(fx.detailIds)}`)(req),
            onResponse: countCache,
          },
        ],
      };
    case 'sign-in':
      return {
        ok: [200],
        requests: [
          {
            setupRequest: (req) => {
              const buyer = pick(fx.buyers);
              return get(`/api/v1/users/${encodeURIComponent(buyer.email)}`, bearer(buyer.token))(req);
            },
          },
        ],
      };
    case 'dashboard':
      return {
        ok: [200],
        requests: [
          {
            setupRequest: (req) => {
              const buyer = pick(fx.buyers);
              return pick([
                get('/api/v1/add-products', bearer(fx.seller.token)),
                get('/api/v1/bookings', bearer(buyer.token)),
                get('/api/v1/dashboard/summary', bearer(buyer.token)),
                get('/api/v1/dashboard/summary', bearer(fx.seller.token)),
              ])(req);
            },
          },
        ],
      };
    case 'book':
      return {
        ok: [201],
        requests: [
          {
            setupRequest: (req) => {
              // Pair n: buyer n mod B, listing n div B — never the same pair twice.
              const n = fx.next.book++;
              const buyer = cyclic(fx.buyers, n);
              const productId = cyclic(fx.bookProducts, Math.floor(n / fx.buyers.length));
              return {
                ...req,
                method: 'POST',
                path: '/api/v1/bookings',
                headers: { ...json, ...bearer(buyer.token), ...idempotencyKey() },
                body: JSON.stringify({ productId, phone: '+880 1711 000000', place: 'Dhaka' }),
              };
            },
            onResponse: (status, body) => {
              if (status === 201)
                writes.bookings.push((JSON.parse(body) as { insertedId: string }).insertedId);
            },
          },
        ],
      };
    case 'pay':
      return {
        ok: [200, 303],
        requests: [
          {
            setupRequest: (req) => {
              const productId = cyclic(fx.payProducts, fx.next.pay++);
              return {
                ...req,
                method: 'POST',
                path: '/api/v1/payment/init',
                headers: { ...json, ...bearer(pick(fx.buyers).token), ...idempotencyKey() },
                body: JSON.stringify({ productId }),
              };
            },
            onResponse: (status, body, context: PayContext) => {
              if (status !== 200) return;
              // The page opens only through the signed link the buyer got, so the bench follows it.
              const link = new URL(JSON.parse(body) as string);
              context.transactionId = /\/payment\/sandbox\/(\d+)$/.exec(link.pathname)?.[1];
              context.pagePath = `${link.pathname}${link.search}`;
              if (context.transactionId) writes.paymentsStarted.push(Number(context.transactionId));
            },
          },
          {
            // null ends the sequence early (the init failed; that is counted already).
            setupRequest: (req, context: PayContext) =>
              context.transactionId && context.pagePath ? get(context.pagePath)(req) : RESTART_SEQUENCE,
            onResponse: (status, body, context: PayContext) => {
              context.pageToken =
                status === 200 ? /name="pageToken" value="([^"]+)"/.exec(body)?.[1] : undefined;
            },
          },
          {
            setupRequest: (req, context: PayContext) =>
              context.pageToken
                ? {
                    ...req,
                    method: 'POST',
                    path: `/api/v1/payment/sandbox/${context.transactionId}`,
                    // The sandbox's Pay form stands for the gateway's own page. A browser's form post
                    // cannot carry the header; the key here is what lets the proxy resend it, so a
                    // real visitor's Pay press cut off by a dying replica still fails (decision 54).
                    headers: { 'content-type': 'application/x-www-form-urlencoded', ...idempotencyKey() },
                    body: `outcome=paid&pageToken=${encodeURIComponent(context.pageToken)}`,
                  }
                : RESTART_SEQUENCE,
            onResponse: (status, _body, context: PayContext, headers) => {
              if (
                status === 303 &&
                /\/payment\/success/.test(String(headers?.location ?? headers?.Location ?? ''))
              )
                writes.paid.push(Number(context.transactionId));
            },
          },
        ],
      };
  }
}

/** What a run counts per scenario besides latencies; `statuses` by HTTP status. */
export interface Counts {
  connections: number;
  unexpected: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
}

export interface Summary extends Counts {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
}

export function summarize(name: string, latencies: number[], seconds: number, counts: Counts): Summary {
  const sorted = Float64Array.from(latencies).sort();
  return {
    name,
    connections: counts.connections,
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
    unexpected: counts.unexpected,
    errors: counts.errors,
    timeouts: counts.timeouts,
    statuses: counts.statuses,
  };
}

/**
 * One answer or failure as `observe` sees it: `request` is the method and path sent (absent when
 * the connection failed or timed out, which autocannon reports without its request).
 */
export interface Observed {
  scenario: ScenarioName;
  request?: string;
  atMs: number;
  ms?: number;
  failed: boolean;
}

/** Per connection: the request last built, so its answer can be told apart from its scenario's others. */
interface RequestContext {
  sent?: string;
}

/**
 * The scenario's requests, each remembering what it sent in its connection's context, and a
 * function returning the request whose answer autocannon reports next: its onResponse runs just
 * before the 'response' event, on the same connection.
 */
function withRequestNames(requests: autocannon.Request[]) {
  let answered: string | undefined;
  const named = requests.map((request): autocannon.Request => ({
    ...request,
    setupRequest: (req, context: RequestContext) => {
      const built = typeof request.setupRequest === 'function' ? request.setupRequest(req, context) : req;
      if (built) context.sent = `${built.method ?? 'GET'} ${built.path ?? '/'}`;
      return built;
    },
    onResponse: (status, body, context: RequestContext, headers) => {
      answered = context.sent;
      if (typeof request.onResponse === 'function') request.onResponse(status, body, context, headers);
    },
  }));
  return { named, lastAnswered: () => answered };
}

/**
 * One mixed run: every scenario at once for `seconds` against `base`. `during` (optional) runs
 * alongside (the restart halfway); `observe` (optional) sees every answer and failure as it comes
 * (the soak's per-minute figures). Returns per-scenario and total figures and the writes acknowledged.
 */
export async function runMix<E = null>({
  base,
  connections,
  seconds,
  fx,
  during,
  observe,
}: {
  base: string;
  connections: number;
  seconds: number;
  fx: Fixtures;
  during?: () => Promise<E>;
  observe?: (answer: Observed) => void;
}): Promise<MixRun<E>> {
  const writes: Writes = { bookings: [], paymentsStarted: [], paid: [] };
  const cache: CacheCounts = { HIT: 0, STALE: 0, MISS: 0 };
  const totalWeight = SCENARIOS.reduce((n, s) => n + s.weight, 0);
  const all: number[] = [];
  const runs = SCENARIOS.map((scenario) => {
    const { ok, requests: sequence } = scenarioRequests(scenario.name, fx, writes, cache);
    const { named, lastAnswered } = withRequestNames(sequence);
    const requests = observe ? named : sequence;
    const counts: Counts & { samples: string[] } = {
      connections: Math.max(1, Math.round((connections * scenario.weight) / totalWeight)),
      unexpected: 0,
      errors: 0,
      timeouts: 0,
      statuses: {},
      samples: [],
    };
    const latencies: number[] = [];
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        // 30 s before a request counts as timed out: the machine may be shared with other work.
        { url: base, connections: counts.connections, duration: seconds, requests, timeout: 30 },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      instance.on('response', (_client, status, _bytes, ms) => {
        latencies.push(ms);
        all.push(ms);
        counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
        const failed = !ok.includes(status);
        if (failed) counts.unexpected++;
        observe?.({ scenario: scenario.name, request: lastAnswered(), atMs: Date.now(), ms, failed });
      });
      instance.on('reqError', (error: Error) => {
        if (/timed out/.test(error.message)) counts.timeouts++;
        else counts.errors++;
        if (counts.samples.length < 3) counts.samples.push(error.message);
        observe?.({ scenario: scenario.name, atMs: Date.now(), failed: true });
      });
    });
    return { scenario, counts, latencies, done };
  });
  const sideEvents = during ? during() : Promise.resolve(null);
  await Promise.all(runs.map((r) => r.done));
  const events = await sideEvents;
  const rows = runs.map((r) => ({
    ...summarize(r.scenario.name, r.latencies, seconds, r.counts),
    samples: r.counts.samples,
  }));
  const total = summarize('total', all, seconds, {
    connections: rows.reduce((n, r) => n + r.connections, 0),
    unexpected: rows.reduce((n, r) => n + r.unexpected, 0),
    errors: rows.reduce((n, r) => n + r.errors, 0),
    timeouts: rows.reduce((n, r) => n + r.timeouts, 0),
    statuses: {},
  });
  return { rows, total, writes, events, cache };
}

/** A mixed run's figures: per scenario, in total, the writes acknowledged, and what `during` returned. */
export interface MixRun<E> {
  rows: (Summary & { samples: string[] })[];
  total: Summary;
  writes: Writes;
  events: E | null;
  /** The public reads' answers by X-Cache, across the browse, search and details scenarios. */
  cache: CacheCounts;
}

/** The acknowledged writes found in the database; `lost` is what is missing (0 expected). */
export interface LostWrites {
  acknowledged: number;
  bookings: { acknowledged: number; found: number };
  paymentsStarted: { acknowledged: number; found: number };
  paymentsPaid: { acknowledged: number; found: number };
  lost: number;
}

/** Acknowledged writes missing from the database (0 expected). */
export async function lostWrites(databaseUrl: string, writes: Writes): Promise<LostWrites> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (sql: string, values: readonly (string | number)[]) =>
      Number((await client.query<{ n: string }>(sql, [values])).rows[0]?.n);
    const bookings = await count(
      'select count(*) as n from bookings where id = any($1::text[])',
      writes.bookings,
    );
    const started = await count(
      'select count(*) as n from payments where transaction_id = any($1::int[])',
      writes.paymentsStarted,
    );
    const paid = await count(
      `select count(*) as n from payments where transaction_id = any($1::int[]) and status = 'paid'`,
      writes.paid,
    );
    return {
      acknowledged: writes.bookings.length + writes.paymentsStarted.length + writes.paid.length,
      bookings: { acknowledged: writes.bookings.length, found: bookings },
      paymentsStarted: { acknowledged: writes.paymentsStarted.length, found: started },
      paymentsPaid: { acknowledged: writes.paid.length, found: paid },
      lost:
        writes.bookings.length -
        bookings +
        (writes.paymentsStarted.length - started) +
        (writes.paid.length - paid),
    };
  } finally {
    await client.end();
  }
}

/** The compiled API's environment on `port`, PostgreSQL at `databaseUrl`, files in `dataDir`. */
export function apiEnv({
  databaseUrl,
  emulatorPort,
  port,
  dataDir,
}: {
  databaseUrl: string;
  emulatorPort: number;
  port: number;
  dataDir: string;
}): NodeJS.ProcessEnv {
  return {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    PUBLIC_API_URL: `http://127.0.0.1:${port}/api/v1`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
    // Every buyer of the load comes from this one address: the sandbox page's per-address limit
    // would turn most of the pay mix into 429s.
    SANDBOX_PAGE_LIMIT_PER_MINUTE: '100000',
    // Behind the proxy: "not ready" (the proxy polls health every 100 ms) while still answering,
    // each answer with Connection: close, for longer than the proxy keeps a connection idle — so
    // when the listener closes, no idle connection is left for the server to close under a request.
    SHUTDOWN_DELAY_SECONDS: String(Math.ceil(IDLE_MS / 1000) + 1),
  };
}

export const startApi = (env: NodeJS.ProcessEnv) =>
  startServer(path.join(API_DIST, 'server.js'), { cwd: path.join(repoRoot, 'api'), env });
