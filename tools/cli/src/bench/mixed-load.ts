// The load section of `pnpm bench` (`pnpm bench --load-only` runs just this, `--no-load` skips it):
// mixed, realistic traffic against the compiled API on PostgreSQL, with the Auth Emulator's real
// ID tokens. One autocannon instance per scenario, its share of the connections by weight:
//   browse     GET /category, /category/products/:id, /recent-product, /get-advertise
//   search     GET /search?q=…
//   details    GET /details/:id
//   sign-in    GET /users/:email with the buyer's ID token (what a signed-in page load costs)
//   dashboard  the seller's listings, the buyer's orders, the dashboard summary
//   book       POST /bookings (a new buyer × listing pair each time)
//   pay        POST /payment/init, GET the sandbox page, POST its Pay form (303 to the site)
// A short ramp of connection counts finds the machine's saturation point; then one API process
// for --load-seconds; then two API processes behind a retrying proxy (retry-proxy.ts), one of
// them stopped halfway (SIGTERM, then restarted), and the same with SIGKILL (a third as long).
// Reports throughput and p50/p99 per scenario and in total, and ASSERTS 0 errors (an unexpected
// status, a socket error, a timeout) on the single process and across the SIGTERM restart, and
// 0 lost writes everywhere: every booking and payment acknowledged is in the database afterwards.
// The SIGKILL run's failures are reported, not asserted. The booking and the payment post carry an
// Idempotency-Key, as the web client's writes do, so the proxy resends them when their process
// dies (docs/decisions/0052-idempotent-writes.md); the sandbox's Pay form is a browser form post
// without one, and one cut off inside a dying process still fails. Writes bench-results/load-<time>.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import type PgModule from 'pg';
import { demoAccount } from '../demo-accounts.ts';
import { preparePostgres } from '../postgres.ts';
import { repoRoot } from 'web-server/runtime-config';
import { ensureAuthEmulator, exitOf, type SectionOptions } from './processes.ts';
import { startServer, stopServer, type Server } from './load.ts';
import { writeResults } from './report.ts';
import { table } from './table.ts';
import {
  api,
  cacheHitRate,
  countCacheInto,
  emulatorCall,
  LISTINGS_ONLY,
  percentile,
  type CacheCounts,
} from './shared.ts';
import { IDLE_MS, startRetryProxy } from './retry-proxy.ts';

/** One user action, one key: unique per bench run, so a rerun on the same database never replays. */
const writeKeyPrefix = `bench-${Date.now().toString(36)}-`;

// The API's own pg, the driver its server uses (tools/cli does not install one of its own).
const pg = createRequire(path.join(repoRoot, 'api', 'package.json'))('pg') as typeof PgModule;
const API_DIST = path.join(repoRoot, 'api', 'dist');
const DATA_DIR = path.join(repoRoot, '.data-bench-load');
/** Listings to book and pay for: every payment sells one, so there must be plenty. */
const LISTINGS = 20_000;
const BUYERS = 20;
/** Connection counts tried, doubling on while throughput still grows by more than 5%. */
const RAMP_FROM = 8;
const RAMP_TO = 256;
const RAMP_SECONDS = 3;
const SEARCH_TERMS = ['thinkpad', 'macbook', 'dell', 'i7', 'ryzen', 'thinkpd', '16gb', 'gaming', 'ssd', 'hp'];
const SCENARIOS = [
  { name: 'browse', weight: 30 },
  { name: 'search', weight: 12 },
  { name: 'details', weight: 15 },
  { name: 'sign-in', weight: 10 },
  { name: 'dashboard', weight: 10 },
  { name: 'book', weight: 10 },
  { name: 'pay', weight: 13 },
] as const;

type ScenarioName = (typeof SCENARIOS)[number]['name'];

/** One of `list`'s items at random (the lists here are never empty). */
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
/** The `n`-th of `list`'s items, counting round and round. */
const cyclic = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

function build() {
  console.log('Building the API (pnpm --filter api build)…');
  const result = spawnSync('pnpm', ['--filter', 'api', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the API build failed');
}

interface SignedIn {
  email: string;
  token: string;
}

/** What the scenarios pick from; `next` counts the book and pay requests made so far. */
interface Fixtures {
  seller: SignedIn;
  buyers: SignedIn[];
  categories: string[];
  detailIds: string[];
  payProducts: string[];
  bookProducts: string[];
  next: { pay: number; book: number };
}

/** The demo seller, fresh buyers, and the ids the scenarios pick from. */
async function fixtures(base: string, emulatorPort: number, databaseUrl: string): Promise<Fixtures> {
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

/** The writes the API acknowledged during a run: booking ids and payment transaction ids. */
interface Writes {
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
                headers: { ...json, ...bearer(buyer.token), 'idempotency-key': `${writeKeyPrefix}book-${n}` },
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
              const n = fx.next.pay++;
              const productId = cyclic(fx.payProducts, n);
              return {
                ...req,
                method: 'POST',
                path: '/api/v1/payment/init',
                headers: {
                  ...json,
                  ...bearer(pick(fx.buyers).token),
                  'idempotency-key': `${writeKeyPrefix}pay-${n}`,
                },
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
                    headers: { 'content-type': 'application/x-www-form-urlencoded' },
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
interface Counts {
  connections: number;
  unexpected: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
}

interface Summary extends Counts {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
}

function summarize(name: string, latencies: number[], seconds: number, counts: Counts): Summary {
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
 * One mixed run: every scenario at once for `seconds` against `base`. `during` (optional) runs
 * alongside (the restart halfway). Returns per-scenario and total figures and the writes acknowledged.
 */
async function runMix<E = null>({
  base,
  connections,
  seconds,
  fx,
  during,
}: {
  base: string;
  connections: number;
  seconds: number;
  fx: Fixtures;
  during?: () => Promise<E>;
}): Promise<MixRun<E>> {
  const writes: Writes = { bookings: [], paymentsStarted: [], paid: [] };
  const cache: CacheCounts = { HIT: 0, STALE: 0, MISS: 0 };
  const totalWeight = SCENARIOS.reduce((n, s) => n + s.weight, 0);
  const all: number[] = [];
  const runs = SCENARIOS.map((scenario) => {
    const { ok, requests } = scenarioRequests(scenario.name, fx, writes, cache);
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
        if (!ok.includes(status)) counts.unexpected++;
      });
      instance.on('reqError', (error: Error) => {
        if (/timed out/.test(error.message)) counts.timeouts++;
        else counts.errors++;
        if (counts.samples.length < 3) counts.samples.push(error.message);
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
interface MixRun<E> {
  rows: (Summary & { samples: string[] })[];
  total: Summary;
  writes: Writes;
  events: E | null;
  /** The public reads' answers by X-Cache, across the browse, search and details scenarios. */
  cache: CacheCounts;
}

/** The acknowledged writes found in the database; `lost` is what is missing (0 expected). */
interface LostWrites {
  acknowledged: number;
  bookings: { acknowledged: number; found: number };
  paymentsStarted: { acknowledged: number; found: number };
  paymentsPaid: { acknowledged: number; found: number };
  lost: number;
}

/** Acknowledged writes missing from the database (0 expected). */
async function lostWrites(databaseUrl: string, writes: Writes): Promise<LostWrites> {
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

function apiEnv({
  databaseUrl,
  emulatorPort,
  port,
}: {
  databaseUrl: string;
  emulatorPort: number;
  port: number;
}): NodeJS.ProcessEnv {
  return {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    PUBLIC_API_URL: `http://127.0.0.1:${port}/api/v1`,
    DATA_DIR: DATA_DIR,
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

const startApi = (env: NodeJS.ProcessEnv) =>
  startServer(path.join(API_DIST, 'server.js'), { cwd: path.join(repoRoot, 'api'), env });

const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** A run as printed and recorded: with its lost-writes check and, behind the proxy, the restart. */
type CheckedRun<E> = MixRun<E> & { lost: LostWrites; restart?: Restart };

/** What happened around the restart of one API process behind the proxy. */
interface RestartEvents {
  signal: NodeJS.Signals;
  exit: NodeJS.Signals | number | null;
  stoppedMs: number;
  restartedMs: number;
}

type Restart = Partial<RestartEvents> & {
  proxyRetried: number;
  proxyMarkedDown: number;
  proxyFailed: number;
  failedRequests: number;
  failures: string[];
};

function printRun<E>(title: string, run: CheckedRun<E>) {
  console.log(`\n${title}\n`);
  console.log(
    table(
      ['scenario', 'conns', 'requests', 'req/s', 'p50', 'p99', 'unexpected', 'errors', 'timeouts'],
      [...run.rows, run.total].map((r) => [
        r.name,
        r.connections,
        fmt(r.requests),
        fmt(r.rps),
        `${r.p50} ms`,
        `${r.p99} ms`,
        r.unexpected,
        r.errors,
        r.timeouts,
      ]),
    ),
  );
  const w = run.lost;
  console.log(
    `writes acknowledged: ${w.bookings.acknowledged} bookings (${w.bookings.found} found), ` +
      `${w.paymentsStarted.acknowledged} payments started (${w.paymentsStarted.found} found), ` +
      `${w.paymentsPaid.acknowledged} paid (${w.paymentsPaid.found} found paid): ${w.lost} lost`,
  );
  const rate = cacheHitRate(run.cache);
  console.log(
    `catalogue cache: ${fmt(run.cache.HIT)} hits, ${fmt(run.cache.STALE)} stale, ${fmt(run.cache.MISS)} misses: ` +
      `hit rate ${rate === null ? '—' : `${(rate * 100).toFixed(1)}%`}`,
  );
  for (const r of run.rows.filter((row) => row.unexpected || row.errors || row.timeouts)) {
    const odd = Object.entries(r.statuses).filter(([s]) => !['200', '201', '303'].includes(s));
    console.log(`  ${r.name}: statuses ${JSON.stringify(Object.fromEntries(odd))} ${r.samples.join('; ')}`);
  }
}

/** A run in the results file: a mixed run without its list of writes. */
type RecordedRun = { name: string } & Omit<CheckedRun<RestartEvents>, 'writes'>;

interface Check {
  label: string;
  value: number;
}

/** What the load section writes to bench-results/load-<time>.json (and returns). */
interface LoadResults {
  date: string;
  commit: string;
  seconds: number;
  database: 'postgres';
  listings: number;
  buyers: number;
  ramp: { connections: number; rps: number; p50: number; p99: number }[];
  saturation: number;
  runs: RecordedRun[];
  assertions: (Check & { met: boolean })[];
  reported: Check[];
}

/**
 * Runs the load section. Ports: `ports.api` the first API process, +1 the second, +2 the proxy;
 * the Auth Emulator on `ports.authEmulator` (started unless one answers there).
 */
export async function benchLoad({
  ports,
  outDir,
  seconds = 60,
  noBuild = false,
  commit,
  cleanup,
}: SectionOptions & { seconds?: number }): Promise<LoadResults | null> {
  if (!noBuild) build();
  const database = process.env.LOAD_BENCH_DATABASE ?? 'secondbyte_bench_load';
  const databaseUrl = preparePostgres(database);
  if (!databaseUrl) {
    console.log('Load section: no PostgreSQL cluster on this machine, skipped');
    return null;
  }
  const emulatorPort = ports.authEmulator;
  await ensureAuthEmulator(emulatorPort, path.join(DATA_DIR, 'emulator'), cleanup);
  rmSync(path.join(DATA_DIR, 'images'), { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });

  const [portA, portB, proxyPort] = [ports.api, ports.api + 1, ports.api + 2];
  console.log(`\n== Load: PostgreSQL ${database}, API on :${portA}, seeding ${fmt(LISTINGS)} listings…`);
  const seedStarted = Date.now();
  let apiA: Server | null = await startApi(apiEnv({ databaseUrl, emulatorPort, port: portA }));
  cleanup?.defer('API A', () => stopServer(apiA));
  const seeded = spawnSync(
    process.execPath,
    [path.join(API_DIST, 'seed-bulk.js'), String(LISTINGS), ...LISTINGS_ONLY],
    {
      cwd: repoRoot,
      env: { ...process.env, ...apiEnv({ databaseUrl, emulatorPort, port: portA }) },
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`seed:bulk failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const baseA = `http://127.0.0.1:${portA}`;
  const fx = await fixtures(`${baseA}/api/v1`, emulatorPort, databaseUrl);
  console.log(
    `   ${fx.payProducts.length + fx.bookProducts.length} listings available, ${fx.buyers.length} buyers signed up, ` +
      `the demo seller signed in (${Math.round((Date.now() - seedStarted) / 1000)} s)`,
  );

  // The saturation point: throughput stops growing while latency keeps growing. The smallest
  // connection count within 5% of the best throughput is taken.
  console.log(`\nRamp (${RAMP_SECONDS} s each):`);
  const ramp: LoadResults['ramp'] = [];
  for (let connections = RAMP_FROM; connections <= RAMP_TO; connections *= 2) {
    const run = await runMix({ base: baseA, connections, seconds: RAMP_SECONDS, fx });
    ramp.push({ connections, rps: run.total.rps, p50: run.total.p50, p99: run.total.p99 });
    console.log(
      `   ${String(connections).padStart(3)} connections: ${fmt(run.total.rps)} req/s, p50 ${run.total.p50} ms, p99 ${run.total.p99} ms`,
    );
    const previous = ramp.at(-2);
    if (ramp.length >= 3 && previous && run.total.rps < previous.rps * 1.05) break;
  }
  const best = Math.max(...ramp.map((r) => r.rps));
  // The best one itself qualifies, so there is always one.
  const saturation = ramp.find((r) => r.rps >= best * 0.95)?.connections ?? RAMP_FROM;
  console.log(`   saturation point: ${saturation} connections`);

  const results: LoadResults = {
    date: new Date().toISOString(),
    commit,
    seconds,
    database: 'postgres',
    listings: LISTINGS,
    buyers: BUYERS,
    ramp,
    saturation,
    runs: [],
    assertions: [],
    reported: [],
  };

  console.log(`\nOne API process, ${seconds} s at ${saturation} connections…`);
  const singleRun = await runMix({ base: baseA, connections: saturation, seconds, fx });
  const single = { ...singleRun, lost: await lostWrites(databaseUrl, singleRun.writes) };
  printRun(`One API process (${seconds} s, ${saturation} connections)`, single);
  results.runs.push({ name: 'one process', ...withoutWrites(single) });

  let apiB: Server = await startApi(apiEnv({ databaseUrl, emulatorPort, port: portB }));
  cleanup?.defer('API B', () => stopServer(apiB));
  const proxy = await startRetryProxy({ port: proxyPort, upstreams: [baseA, `http://127.0.0.1:${portB}`] });
  cleanup?.defer('proxy', () => proxy.close());
  const proxyBase = `http://127.0.0.1:${proxyPort}`;

  for (const { signal, runSeconds } of [
    { signal: 'SIGTERM', runSeconds: seconds },
    { signal: 'SIGKILL', runSeconds: Math.max(10, Math.round(seconds / 3)) },
  ] as const) {
    const before = { ...proxy.stats, failures: proxy.stats.failures.length };
    console.log(
      `\nTwo API processes behind the retrying proxy, ${runSeconds} s; ${signal} to one of them at ${runSeconds / 2} s, then restarted…`,
    );
    const during = async (): Promise<RestartEvents> => {
      await new Promise((resolve) => setTimeout(resolve, (runSeconds / 2) * 1000));
      const t0 = Date.now();
      const exited = exitOf(apiB.child);
      apiB.child.kill(signal);
      const { code, signal: endedBy } = await exited;
      const stoppedMs = Date.now() - t0;
      apiB = await startApi(apiEnv({ databaseUrl, emulatorPort, port: portB }));
      return { signal, exit: endedBy ?? code, stoppedMs, restartedMs: Date.now() - t0 };
    };
    const mixed = await runMix({ base: proxyBase, connections: saturation, seconds: runSeconds, fx, during });
    const lost = await lostWrites(databaseUrl, mixed.writes);
    const proxyFailed = proxy.stats.failed - before.failed;
    const run = {
      ...mixed,
      lost,
      restart: {
        ...mixed.events,
        proxyRetried: proxy.stats.retried - before.retried,
        proxyMarkedDown: proxy.stats.markedDown - before.markedDown,
        proxyFailed,
        failedRequests: mixed.total.unexpected + mixed.total.errors + mixed.total.timeouts,
        failures: proxy.stats.failures.slice(before.failures, before.failures + 30),
      } satisfies Restart,
    };
    printRun(
      `Two API processes behind the proxy, ${signal} + restart (${runSeconds} s, ${saturation} connections)`,
      run,
    );
    console.log(
      `restart: ${signal} → exited (${run.restart.exit}) after ${run.restart.stoppedMs} ms, listening again after ${run.restart.restartedMs} ms; ` +
        `proxy retried ${run.restart.proxyRetried} requests; ${run.restart.failedRequests} requests failed`,
    );
    for (const f of run.restart.failures.slice(0, 10)) console.log(`  ${f}`);
    results.runs.push({ name: `two processes, ${signal} + restart`, ...withoutWrites(run) });
  }
  await proxy.close();
  await stopServer(apiB);
  await stopServer(apiA);
  apiA = null;

  const [one, term, kill] = results.runs;
  if (!one || !term?.restart || !kill?.restart) throw new Error('load section: a run is missing');
  results.assertions = [
    { label: 'one process: 0 errors', value: one.total.unexpected + one.total.errors + one.total.timeouts },
    { label: 'one process: 0 lost writes', value: one.lost.lost },
    { label: 'SIGTERM restart behind the proxy: 0 failed requests', value: term.restart.failedRequests },
    { label: 'SIGTERM restart behind the proxy: 0 lost writes', value: term.lost.lost },
    { label: 'SIGKILL restart behind the proxy: 0 lost writes', value: kill.lost.lost },
  ].map((a) => ({ ...a, met: a.value === 0 }));
  results.reported = [
    { label: 'SIGKILL restart behind the proxy: failed requests', value: kill.restart.failedRequests },
    // Bookings and payments write all through the run (a paid listing is sold, so it is forgotten).
    ...results.runs.map((r) => ({
      label: `${r.name}: catalogue cache hit rate, %`,
      value: Number(((cacheHitRate(r.cache) ?? 0) * 100).toFixed(1)),
    })),
  ];

  console.log('\nLoad section summary\n');
  console.log(
    table(
      ['run', 'conns', 'req/s', 'p50', 'p99', 'failed', 'writes acked', 'lost'],
      results.runs.map((r) => [
        r.name,
        r.total.connections,
        fmt(r.total.rps),
        `${r.total.p50} ms`,
        `${r.total.p99} ms`,
        r.total.unexpected + r.total.errors + r.total.timeouts,
        r.lost.acknowledged,
        r.lost.lost,
      ]),
    ),
  );
  console.log('');
  for (const a of results.assertions) console.log(`  ${a.met ? 'ok  ' : 'FAIL'}  ${a.label}: ${a.value}`);
  for (const r of results.reported) console.log(`  info  ${r.label}: ${r.value}`);
  const file = writeResults(outDir, results, { prefix: 'load', latest: 'load-latest.json' });
  console.log(`\nResults: ${path.relative(repoRoot, file)}`);
  const failed = results.assertions.filter((a) => !a.met);
  if (failed.length)
    throw new Error(`load section: ${failed.map((a) => `${a.label} (${a.value})`).join(', ')}`);
  return results;
}

const withoutWrites = <R extends { writes: Writes }>({ writes: _writes, ...run }: R): Omit<R, 'writes'> =>
  run;
