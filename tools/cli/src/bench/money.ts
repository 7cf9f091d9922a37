// The money section of `pnpm bench` (issue 37 §7; `pnpm bench --money-only` runs just this,
// `--no-money` skips it): purchases on PostgreSQL through two API replicas, the way a gateway
// confirms them. Two compiled API processes (TEST_CLOCK=1) share one database, as two machines
// behind a load balancer would; bulk listings, and buyers signed up through the Auth Emulator.
//   1. Every purchase is a real POST /payment/init, half of them through each replica.
//   2. Each confirmation is the sandbox gateway's signed callback (SandboxGateway.signCallback with
//      the replicas' PAYMENT_SIGNING_SECRET), delivered twice at once: to both replicas, the same
//      body, as a gateway's retry racing its first try does. One answer must be 200, the other 409.
//   3. 5% of the purchases, spread evenly among the others, are confirmed late: their payments
//      are expired by the reconciliation first (created_at set back past the 30-minute payment
//      window in SQL, then the replicas' own sweep run through POST /test/clock, see below), and
//      their confirmations come in the same stream as the others'; they must end refunded.
// Each delivery's latency runs from sending the callback to the end of its answer. Beside them, in
// the same run and by the same client, the machine's limit: two bare Fastify processes
// (bare-server.ts, POST /bare) and the replicas' GET /health, driven in the same pairs at the same
// concurrency. During the confirmations, pg_stat_activity is sampled to show what the database's
// sessions wait on (a hot row's lock shows as Lock waits on the statement that takes it).
// Afterwards the ledger is checked with the API's own ledgerProblems, and the paid payments'
// amounts are compared with the held accounts. Prints the figures, writes
// bench-results/money-<time>.json (and money-latest.json), and fails the bench when an answer is
// neither 200 nor 409, a confirmation does not get exactly one of each, an order does not end paid
// or refunded, or the ledger does not balance. The p99 target is reported, not enforced.
// MONEY_BENCH_DATABASE names the PostgreSQL database it recreates (secondbyte_bench_money);
// MONEY_BENCH_CLEARING=kept measures the clearing account's balance kept in its row, as before
// migration 0016, for a before-and-after on the same code.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type PgModule from 'pg';
import { preparePostgres } from '../postgres.ts';
import { repoRoot } from 'web-server/runtime-config';
import { startServer, stopServer, type Server } from './load.ts';
import { emulatorCall, LISTINGS_ONLY, percentile } from './shared.ts';
import { ensureAuthEmulator, type SectionOptions } from './processes.ts';
import { writeResults } from './report.ts';
import { table } from './table.ts';

// The API's own pg, the driver its server uses (tools/cli does not install one of its own).
const pg = createRequire(path.join(repoRoot, 'api', 'package.json'))('pg') as typeof PgModule;
const API_DIST = path.join(repoRoot, 'api', 'dist');
const DATA_DIR = path.join(repoRoot, '.data-bench-money');
export const MONEY_PURCHASES = 1_000;
/** Confirmations in flight at once; each is two requests, so twice as many requests. */
export const MONEY_CONCURRENCY = 10;
const LATE_SHARE = 0.05;
const BUYERS = 20;
/** Unmeasured purchases first, per confirmation in flight: JIT, pools and caches warm up. */
const WARM_UP_PER_SLOT = 2;
/** How often pg_stat_activity is read while confirmations run. */
const SAMPLE_MS = 20;
/** The issue's target for a confirmation's p99. */
const TARGET_P99_MS = 50;

function build() {
  console.log('Building the API (pnpm --filter api build)…');
  const result = spawnSync('pnpm', ['--filter', 'api', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the API build failed');
}

/** The API's own code the bench uses, loaded from its source (tsx runs the bench). */
interface ApiModules {
  signCallback(transactionId: number, amountCents: number): Record<string, unknown>;
  ledgerProblems(databaseUrl: string): Promise<string[]>;
  paymentWindowMs: number;
}

async function apiModules(signingSecret: string): Promise<ApiModules> {
  const load = (...parts: string[]) => import(pathToFileURL(path.join(repoRoot, ...parts)).href);
  const { SandboxGateway } = (await load('api', 'src', 'payments', 'sandbox.ts')) as {
    SandboxGateway: new (
      secret: string,
      publicApiUrl: string,
    ) => {
      signCallback(transactionId: number, outcome: 'paid', amountCents: number): Record<string, unknown>;
    };
  };
  const { ledgerProblems } = (await load('api', 'src', 'modules', 'ledger', 'ledger.repository.ts')) as {
    ledgerProblems(db: unknown): Promise<string[]>;
  };
  // The ESM build of the API's drizzle-orm, the very module ledger.repository.ts imports its sql from.
  const { drizzle } = (await load('api', 'node_modules', 'drizzle-orm', 'node-postgres', 'index.js')) as {
    drizzle(client: PgModule.Pool): unknown;
  };
  const { PAYMENT_WINDOW_MS } = (await load('shared-contracts', 'src', 'order-lifecycle.ts')) as {
    PAYMENT_WINDOW_MS: number;
  };
  // The gateway's signing needs only the secret; the URL is for page links, unused here.
  const gateway = new SandboxGateway(signingSecret, '');
  return {
    signCallback: (transactionId, amountCents) => gateway.signCallback(transactionId, 'paid', amountCents),
    async ledgerProblems(databaseUrl) {
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
      try {
        return await ledgerProblems(drizzle(pool));
      } finally {
        await pool.end();
      }
    },
    paymentWindowMs: PAYMENT_WINDOW_MS,
  };
}

interface Replica {
  name: 'A' | 'B';
  base: string;
  server: Server;
}

function apiEnv(port: number, dataDir: string, databaseUrl: string, emulatorPort: number, secret: string) {
  return {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    PUBLIC_API_URL: `http://127.0.0.1:${port}/api/v1`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
    // Both replicas verify what the bench signs, as every replica of a deployment shares the secret.
    PAYMENT_SIGNING_SECRET: secret,
    // POST /test/clock runs the money sweeps on demand: the reconciliation that expires the late
    // payments, then the refunds' round trips to the gateway.
    TEST_CLOCK: '1',
  } satisfies NodeJS.ProcessEnv;
}

/** One HTTP exchange: its status, its time from sending to the end of the answer, its body. */
interface Answer {
  status: number;
  ms: number;
  body: string;
}

async function timed(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    return { status: res.status, ms: performance.now() - started, body };
  } catch (error) {
    // A refused or reset connection: status 0, which fails the section.
    return { status: 0, ms: performance.now() - started, body: String(error) };
  }
}

async function call<T>(
  url: string,
  { method = 'GET', token, body }: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const answer = await timed(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${method} ${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body) as T;
}

/** Runs `task` for 0…count-1 with at most `concurrency` at once; results in order. */
async function inPool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) results[i] = await task(i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** One of a pair of requests sent at once: which was sent first, to which replica, and its answer. */
interface Delivery extends Answer {
  delivery: 1 | 2;
  target: 0 | 1;
}

/**
 * The same request to both targets at once (both sent in the same tick); which one goes first
 * alternates with `i`, so neither replica is always the first to see a confirmation.
 */
async function deliverTwice(
  urls: readonly [string, string],
  i: number,
  init: () => RequestInit,
): Promise<[Delivery, Delivery]> {
  const order: [0 | 1, 0 | 1] = i % 2 ? [1, 0] : [0, 1];
  const [first, second] = await Promise.all(order.map((target) => timed(urls[target], init())));
  return [
    { ...(first as Answer), delivery: 1, target: order[0] },
    { ...(second as Answer), delivery: 2, target: order[1] },
  ];
}

interface Latency {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

function latencyOf(ms: readonly number[]): Latency {
  const sorted = Float64Array.from(ms).sort();
  const round = (v: number) => Number(v.toFixed(1));
  return {
    requests: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** The pairs of the machine's limit (bare route) or the API's floor (/health), same pattern as the confirmations. */
async function referencePairs(
  urls: readonly [string, string],
  pairs: number,
  concurrency: number,
  init: () => RequestInit,
): Promise<Delivery[]> {
  const answers = (await inPool(pairs, concurrency, (i) => deliverTwice(urls, i, init))).flat();
  const bad = answers.filter((a) => a.status !== 200);
  if (bad.length)
    throw new Error(`${urls[0]}: ${bad.length} answers not 200, e.g. ${bad[0]?.status} ${bad[0]?.body}`);
  return answers;
}

/** What the database's sessions did while confirmations ran, as the average number of sessions per state. */
interface WaitProfile {
  samples: number;
  intervalMs: number;
  rows: { what: string; sessions: number }[];
}

/** A statement's verb and table, e.g. "insert ledger_lines", "select payments for update". */
export function statementOf(query: string): string {
  const q = query.replace(/\s+/g, ' ').trim().toLowerCase();
  const word = /^\w+/.exec(q)?.[0] ?? '';
  const table = (re: RegExp) => re.exec(q)?.[1] ?? '?';
  if (word === 'insert') return `insert ${table(/^insert into "?(\w+)/)}`;
  if (word === 'update') return `update ${table(/^update "?(\w+)/)}`;
  if (word === 'delete') return `delete ${table(/^delete from "?(\w+)/)}`;
  if (word === 'select' || word === 'with')
    return `select ${table(/ from "?(\w+)/)}${/ for (no key )?update/.test(q) ? ' for update' : ''}`;
  return word || '?';
}

/**
 * Reads pg_stat_activity every SAMPLE_MS until stopped. Each client session of the database that
 * is running a statement counts under its statement and wait event ("running" when it waits on
 * nothing); one inside a transaction between statements counts as such, after its last statement
 * (the API's own work while the transaction's locks are held).
 */
function sampleWaits(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const counts = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ state: string; wait: string; query: string }>(
        `select state, coalesce(wait_event_type || ':' || wait_event, 'running') as wait, query
         from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend'
           and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`,
      );
      samples++;
      for (const r of rows) {
        const statement = statementOf(r.query);
        const what =
          r.state === 'active'
            ? `${statement} — ${r.wait}`
            : `in a transaction between statements (after ${statement})`;
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
    await client.end();
  })();
  return {
    async stop(): Promise<WaitProfile> {
      stopped = true;
      await loop;
      const rows = [...counts]
        .map(([what, n]) => ({ what, sessions: Number((n / Math.max(samples, 1)).toFixed(2)) }))
        .sort((a, b) => b.sessions - a.sessions);
      return { samples, intervalMs: SAMPLE_MS, rows };
    },
  };
}

/** A purchase: started through one replica, confirmed through both. */
interface Purchase {
  productId: string;
  transactionId: number;
  amountCents: number;
  late: boolean;
}

/** A confirmation's two deliveries. */
interface Confirmation {
  purchase: Purchase;
  deliveries: [Delivery, Delivery];
}

interface Check {
  label: string;
  value: number | string;
  met: boolean;
}

/** What the money section writes to bench-results/money-<time>.json (and returns). */
export interface MoneyResults {
  date: string;
  commit: string;
  database: 'postgres';
  /** The clearing account's balance: derived from its lines (migration 0016) or kept in its row (0015). */
  clearing: 'derived' | 'kept';
  replicas: 2;
  machine: { cpus: number; loadAverageBefore: number[]; loadAverageAfter: number[] };
  purchases: number;
  late: number;
  warmUpPurchases: number;
  buyers: number;
  concurrency: { confirmations: number; requests: number };
  expiry: { how: string; setBackMs: number; expired: number };
  init: Latency;
  confirmations: {
    all: Latency;
    firstDelivery: Latency;
    secondDelivery: Latency;
    answered200: Latency;
    answered409: Latency;
    onTime: Latency;
    late: Latency;
    replicaA: Latency;
    replicaB: Latency;
    perSecond: number;
  };
  reference: { bare: Latency; health: Latency };
  ratios: { p50ToBare: number; p99ToBare: number; p50ToHealth: number; p99ToHealth: number };
  answers: Record<string, number>;
  orders: { paid: number; refunded: number; refundsDone: number; captures: number };
  ledger: {
    problems: string[];
    paidPaymentsPaisa: number;
    heldAccountsPaisa: number;
    heldFromLinesPaisa: number;
    clearingPaisa: number;
    capturedPaisa: number;
    refundedPaisa: number;
    balanced: boolean;
  };
  waits: WaitProfile;
  targets: Check[];
  assertions: Check[];
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(1)) : 0);

/**
 * Runs the money section. Ports: `ports.api` replica A, +1 replica B, +2 and +3 the bare servers;
 * the Auth Emulator on `ports.authEmulator` (started unless one answers there).
 */
export async function benchMoney({
  ports,
  outDir,
  noBuild = false,
  commit,
  cleanup,
  purchases = MONEY_PURCHASES,
  concurrency = MONEY_CONCURRENCY,
}: SectionOptions & { purchases?: number; concurrency?: number }): Promise<MoneyResults | null> {
  if (!noBuild) build();
  const database = process.env.MONEY_BENCH_DATABASE ?? 'secondbyte_bench_money';
  const databaseUrl = preparePostgres(database);
  if (!databaseUrl) {
    console.log('Money section: no PostgreSQL cluster on this machine, skipped');
    return null;
  }
  const emulatorPort = ports.authEmulator;
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  await ensureAuthEmulator(emulatorPort, path.join(DATA_DIR, 'emulator'), cleanup);
  const secret = randomBytes(32).toString('hex');
  const api = await apiModules(secret);
  const late = Math.round(purchases * LATE_SHARE);
  const warmUp = concurrency * WARM_UP_PER_SLOT;

  // Replica A first: it migrates and seeds the demo catalogue, then seed:bulk adds the listings
  // every purchase needs one of; then B, as a second machine with a data folder of its own.
  const listings = purchases + warmUp + 100;
  console.log(
    `\n== Money: PostgreSQL ${database}, replicas on :${ports.api} and :${ports.api + 1}, seeding ${fmt(listings)} listings…`,
  );
  const startReplica = async (name: 'A' | 'B', port: number): Promise<Replica> => {
    const dataDir = path.join(DATA_DIR, name);
    mkdirSync(dataDir, { recursive: true });
    const server = await startServer(path.join(API_DIST, 'server.js'), {
      cwd: path.join(repoRoot, 'api'),
      env: apiEnv(port, dataDir, databaseUrl, emulatorPort, secret),
    });
    cleanup?.defer(`API replica ${name}`, () => stopServer(server));
    return { name, base: `http://127.0.0.1:${port}/api/v1`, server };
  };
  const a = await startReplica('A', ports.api);
  const seeded = spawnSync(
    process.execPath,
    [path.join(API_DIST, 'seed-bulk.js'), String(listings), ...LISTINGS_ONLY],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...apiEnv(ports.api, path.join(DATA_DIR, 'A'), databaseUrl, emulatorPort, secret),
      },
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`seed:bulk failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const b = await startReplica('B', ports.api + 1);
  const replicas = [a, b] as const;
  const replicaFor = (i: number) => (i % 2 ? b : a);

  const buyers: { email: string; token: string }[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const email = `money-buyer-${Date.now().toString(36)}-${i}@example.test`;
    const token = await emulatorCall(emulatorPort, 'signUp', { email, password: 'correct-horse-9' });
    await call(`${replicaFor(i).base}/users`, {
      method: 'POST',
      token,
      body: { name: `Money buyer ${i}`, email, url: null, role: 'buyer' },
    });
    buyers.push({ email, token });
  }

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  cleanup?.defer('money bench client', () => client.end().catch(() => {}));
  const productIds = (
    await client.query<{ id: string }>(
      `select id from products where status = 'available' and deleted_at is null order by random() limit $1`,
      [purchases + warmUp],
    )
  ).rows.map((r) => r.id);
  if (productIds.length < purchases + warmUp)
    throw new Error(`money section: ${productIds.length} listings available, ${purchases + warmUp} needed`);
  console.log(`   ${productIds.length} listings to buy, ${BUYERS} buyers signed up`);
  // MONEY_BENCH_CLEARING=kept measures the clearing account as migration 0015 left it, on the same
  // code: its row's balance set to the sum of its lines, the trigger keeps it again on every capture
  // (migration 0016 made it derived, NULL in its row, so that captures do not queue on that row).
  const clearing = process.env.MONEY_BENCH_CLEARING === 'kept' ? 'kept' : 'derived';
  if (clearing === 'kept')
    await client.query(
      `update ledger_accounts set balance = (select coalesce(sum(amount_paisa), 0) from ledger_lines
         where account = 'gateway-clearing') where code = 'gateway-clearing'`,
    );

  /** Starts purchase `i` of `ids` through replica i mod 2, as buyer i mod BUYERS. */
  const start = async (ids: readonly string[], i: number, isLate: (i: number) => boolean) => {
    const productId = ids[i] as string;
    const answer = await timed(`${replicaFor(i).base}/payment/init`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${buyers[i % BUYERS]?.token}`,
      },
      body: JSON.stringify({ productId }),
    });
    if (answer.status !== 200)
      throw new Error(`POST /payment/init answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    const link = new URL(JSON.parse(answer.body) as string);
    const transactionId = Number(/\/payment\/sandbox\/(\d+)$/.exec(link.pathname)?.[1]);
    return { productId, transactionId, late: isLate(i), ms: answer.ms };
  };
  /** The amounts as the payments recorded them (the listing's database price). */
  const withAmounts = async (started: Omit<Purchase, 'amountCents'>[]): Promise<Purchase[]> => {
    const { rows } = await client.query<{ transaction_id: number; amount_cents: string }>(
      'select transaction_id, amount_cents::text from payments where transaction_id = any($1::int[])',
      [started.map((s) => s.transactionId)],
    );
    const amounts = new Map(rows.map((r) => [Number(r.transaction_id), Number(r.amount_cents)]));
    return started.map((s) => {
      const amountCents = amounts.get(s.transactionId);
      if (!amountCents) throw new Error(`payment ${s.transactionId} was not found after /payment/init`);
      return { ...s, amountCents };
    });
  };
  const callbackUrls = [`${a.base}/payment/callback`, `${b.base}/payment/callback`] as const;
  /** Both deliveries of one confirmation: one signed callback, the same body to both replicas. */
  const confirm = async (purchase: Purchase, i: number): Promise<Confirmation> => {
    const body = JSON.stringify(api.signCallback(purchase.transactionId, purchase.amountCents));
    const deliveries = await deliverTwice(callbackUrls, i, () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }));
    return { purchase, deliveries };
  };

  // Warm-up: a few purchases, started and confirmed twice like the measured ones, not counted.
  const warmIds = productIds.slice(purchases);
  const warmed = await withAmounts(await inPool(warmUp, concurrency, (i) => start(warmIds, i, () => false)));
  await inPool(warmed.length, concurrency, (i) => confirm(warmed[i] as Purchase, i));

  // The machine's limit: two bare Fastify processes, the same POST body, the same pairs.
  const bares = await Promise.all(
    [2, 3].map(async (shift) => {
      const server = await startServer(path.join(import.meta.dirname, 'bare-server.ts'), {
        env: { PORT: String(ports.api + shift), LOGGING: 'off' },
      });
      cleanup?.defer('bare server', () => stopServer(server));
      return server;
    }),
  );
  const bareUrls = [2, 3].map((shift) => `http://127.0.0.1:${ports.api + shift}/bare?bytes=40`) as [
    string,
    string,
  ];
  const healthUrls = [`${a.base}/health`, `${b.base}/health`] as const;
  const sampleBody = JSON.stringify(api.signCallback(1, 100));
  const references = async () => ({
    bare: await referencePairs(bareUrls, purchases, concurrency, () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: sampleBody,
    })),
    health: await referencePairs(healthUrls, purchases, concurrency, () => ({})),
  });

  const loadAverageBefore = os.loadavg();
  console.log(`   references before: ${fmt(purchases)} pairs each to the bare route and /health…`);
  const before = await references();

  // Late purchases spread evenly through the order of starting: every 20th at 5%.
  const isLate = (i: number) => Math.floor(((i + 1) * late) / purchases) > Math.floor((i * late) / purchases);
  console.log(`   starting ${fmt(purchases)} purchases (POST /payment/init, ${concurrency} at a time)…`);
  const startedAll = await inPool(purchases, concurrency, (i) => start(productIds, i, isLate));
  const initLatency = latencyOf(startedAll.map((s) => s.ms));
  const bought = await withAmounts(startedAll.map(({ ms: _ms, ...s }) => s));
  const onTime = bought.filter((p) => !p.late);
  const lateOnes = bought.filter((p) => p.late);

  // The reconciliation expires the late payments. Their created_at is set back past the payment
  // window and a replica's sweeps run at once (POST /test/clock with advanceMs 0 moves no clock):
  // the expiry is the production sweep's, asking the gateway and finding nothing. Moving the
  // replicas' clocks instead would make every payment then pending overdue, and every payment
  // started afterwards overdue at birth by the replicas' clock against the database's now(): the
  // late confirmations could then only come in a batch of their own after all the others, every
  // one of them refunding at once, which is not the traffic a gateway sends. A sweep takes at most a
  // hundred payments, so it is asked again while any late one is still pending.
  const lateIds = lateOnes.map((p) => p.transactionId);
  const setBackMs = api.paymentWindowMs + 60_000;
  await client.query(
    `update payments set created_at = created_at - make_interval(secs => $2::float8 / 1000)
     where transaction_id = any($1::int[])`,
    [lateIds, setBackMs],
  );
  const statusesOf = async (ids: number[]) =>
    (
      await client.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from payments where transaction_id = any($1::int[]) group by status',
        [ids],
      )
    ).rows;
  for (let round = 0; round < 100; round++) {
    const pending = (await statusesOf(lateIds)).find((r) => r.status === 'pending')?.n ?? 0;
    if (!pending) break;
    await call(`${replicaFor(round).base}/test/clock`, { method: 'POST', body: { advanceMs: 0 } });
  }
  const lateStatuses = await statusesOf(lateIds);
  const onTimeStatuses = await statusesOf(onTime.map((p) => p.transactionId));
  const expired = lateStatuses.find((r) => r.status === 'expired')?.n ?? 0;
  const stillPending = onTimeStatuses.find((r) => r.status === 'pending')?.n ?? 0;
  if (expired !== lateIds.length || stillPending !== onTime.length)
    throw new Error(
      `money section: after the reconciliation, late payments ${JSON.stringify(lateStatuses)}, ` +
        `on-time ones ${JSON.stringify(onTimeStatuses)}`,
    );

  // One stream in the order of purchase, the late confirmations among the others.
  console.log(
    `   ${expired} payments expired by the reconciliation; confirming all ${fmt(purchases)}, each to both ` +
      `replicas at once (${concurrency} confirmations in flight)…`,
  );
  const sampler = sampleWaits(databaseUrl);
  const confirmStarted = performance.now();
  const confirmations = await inPool(bought.length, concurrency, (i) => confirm(bought[i] as Purchase, i));
  const confirmSeconds = (performance.now() - confirmStarted) / 1000;
  const waits = await sampler.stop();

  console.log('   references after…');
  const after = await references();
  const loadAverageAfter = os.loadavg();

  // The refunds of the late orders go to the gateway and are polled to the end by the sweeps (the
  // sandbox accepts a refund as pending and reports it done when asked, REFUND_POLL_MS later).
  for (const advanceMs of [0, 10_000, 10_000])
    for (const replica of replicas)
      await call(`${replica.base}/test/clock`, { method: 'POST', body: { advanceMs } });

  const deliveries = confirmations.flatMap((c) => c.deliveries.map((d) => ({ ...d, late: c.purchase.late })));
  const answers: Record<string, number> = {};
  for (const d of deliveries) answers[d.status] = (answers[d.status] ?? 0) + 1;
  const exactlyOneEach = confirmations.filter((c) => {
    const statuses = c.deliveries.map((d) => d.status).sort();
    const ok = c.deliveries.find((d) => d.status === 200);
    const expected = c.purchase.late ? 'expired' : 'paid';
    return (
      statuses[0] === 200 &&
      statuses[1] === 409 &&
      ok !== undefined &&
      (JSON.parse(ok.body) as { status?: string }).status === expected
    );
  }).length;
  const ms = (filter: (d: (typeof deliveries)[number]) => boolean) =>
    latencyOf(deliveries.filter(filter).map((d) => d.ms));

  const allIds = bought.map((p) => p.transactionId);
  const orders = (
    await client.query<{ paid: number; refunded: number; refunds_done: number; captures: number }>(
      `select
         (select count(*)::int from payments where transaction_id = any($1::int[]) and status = 'paid' and funds = 'held') as paid,
         (select count(*)::int from payments p join refunds r on r.payment_id = p.id
            where p.transaction_id = any($2::int[]) and p.status = 'expired' and p.funds = 'refunded'
              and r.amount_cents = p.amount_cents) as refunded,
         (select count(*)::int from payments p join refunds r on r.payment_id = p.id
            where p.transaction_id = any($2::int[]) and r.status = 'done') as refunds_done,
         (select count(*)::int from ledger_entries e join payments p on p.id = e.payment_id
            where p.transaction_id = any($3::int[]) and e.kind = 'capture') as captures`,
      [onTime.map((p) => p.transactionId), lateIds, allIds],
    )
  ).rows[0];
  if (!orders) throw new Error('money section: the orders could not be counted');

  // The ledger, twice: the API's own invariant checks, and the paid payments' amounts against the
  // held accounts (as the trigger keeps them, and summed from their lines), the clearing account
  // against every capture, and the refund accounts against the late orders.
  const problems = await api.ledgerProblems(databaseUrl);
  const sums = (
    await client.query<Record<string, string>>(
      `select
         (select coalesce(sum(amount_cents), 0) from payments where status = 'paid')::text as paid,
         (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'held')::text as held,
         (select coalesce(-sum(l.amount_paisa), 0) from ledger_lines l join ledger_accounts a on a.code = l.account
            where a.kind = 'held')::text as held_lines,
         (select coalesce(sum(amount_paisa), 0) from ledger_lines where account = 'gateway-clearing')::text as clearing,
         (select coalesce(sum(amount_cents), 0) from payments where funds is not null)::text as captured,
         (select coalesce(-sum(l.amount_paisa), 0) from ledger_lines l
            where l.account in ('refunds-pending', 'refunded'))::text as refunds,
         (select coalesce(sum(amount_cents), 0) from payments where funds = 'refunded')::text as refunded_orders`,
    )
  ).rows[0];
  if (!sums) throw new Error('money section: the ledger could not be summed');
  const n = (key: string) => Number(sums[key]);
  // Money that left the refund accounts again would count twice here; none does in this run.
  const refundsMoved = n('refunds') === n('refunded_orders');
  const balanced =
    problems.length === 0 &&
    n('paid') === n('held') &&
    n('held') === n('held_lines') &&
    n('clearing') === n('captured') &&
    refundsMoved;

  const bareLatency = latencyOf([...before.bare, ...after.bare].map((d) => d.ms));
  const healthLatency = latencyOf([...before.health, ...after.health].map((d) => d.ms));
  const all = ms(() => true);
  const results: MoneyResults = {
    date: new Date().toISOString(),
    commit,
    database: 'postgres',
    clearing,
    replicas: 2,
    machine: { cpus: os.cpus().length, loadAverageBefore, loadAverageAfter },
    purchases,
    late: lateOnes.length,
    warmUpPurchases: warmUp,
    buyers: BUYERS,
    concurrency: { confirmations: concurrency, requests: concurrency * 2 },
    expiry: {
      how: 'created_at set back in SQL, then the reconciliation sweep (POST /test/clock, advanceMs 0)',
      setBackMs,
      expired,
    },
    init: initLatency,
    confirmations: {
      all,
      firstDelivery: ms((d) => d.delivery === 1),
      secondDelivery: ms((d) => d.delivery === 2),
      answered200: ms((d) => d.status === 200),
      answered409: ms((d) => d.status === 409),
      onTime: ms((d) => !d.late),
      late: ms((d) => d.late),
      replicaA: ms((d) => d.target === 0),
      replicaB: ms((d) => d.target === 1),
      perSecond: Number((confirmations.length / confirmSeconds).toFixed(1)),
    },
    reference: { bare: bareLatency, health: healthLatency },
    ratios: {
      p50ToBare: ratio(all.p50, bareLatency.p50),
      p99ToBare: ratio(all.p99, bareLatency.p99),
      p50ToHealth: ratio(all.p50, healthLatency.p50),
      p99ToHealth: ratio(all.p99, healthLatency.p99),
    },
    answers,
    orders: {
      paid: orders.paid,
      refunded: orders.refunded,
      refundsDone: orders.refunds_done,
      captures: orders.captures,
    },
    ledger: {
      problems,
      paidPaymentsPaisa: n('paid'),
      heldAccountsPaisa: n('held'),
      heldFromLinesPaisa: n('held_lines'),
      clearingPaisa: n('clearing'),
      capturedPaisa: n('captured'),
      refundedPaisa: n('refunds'),
      balanced,
    },
    waits,
    targets: [
      {
        label: `confirmation p99 ≤ ${TARGET_P99_MS} ms`,
        value: `${all.p99} ms`,
        met: all.p99 <= TARGET_P99_MS,
      },
    ],
    assertions: [
      {
        label: 'every answer 200 or 409',
        value: deliveries.length - (answers[200] ?? 0) - (answers[409] ?? 0),
        met: (answers[200] ?? 0) + (answers[409] ?? 0) === deliveries.length,
      },
      {
        label: 'every confirmation: one 200 (paid, or expired when late) and one 409',
        value: `${exactlyOneEach} of ${confirmations.length}`,
        met: exactlyOneEach === confirmations.length,
      },
      {
        label: 'every on-time order paid, its money held',
        value: `${orders.paid} of ${onTime.length}`,
        met: orders.paid === onTime.length,
      },
      {
        label: 'every late order refunded in full',
        value: `${orders.refunded} of ${lateOnes.length}`,
        met: orders.refunded === lateOnes.length,
      },
      {
        label: 'one capture in the ledger per confirmation',
        value: `${orders.captures} of ${confirmations.length}`,
        met: orders.captures === confirmations.length,
      },
      { label: 'ledger balances to the paisa', value: balanced ? 'yes' : 'no', met: balanced },
    ],
  };
  await Promise.all([...replicas.map((r) => stopServer(r.server)), ...bares.map(stopServer)]);
  printMoney(results);
  const file = writeResults(outDir, results, { prefix: 'money', latest: 'money-latest.json' });
  console.log(`\nResults: ${path.relative(repoRoot, file)}`);
  const failed = results.assertions.filter((c) => !c.met);
  if (failed.length)
    throw new Error(`money section: ${failed.map((c) => `${c.label} (${c.value})`).join(', ')}`);
  return results;
}

function printMoney(r: MoneyResults) {
  const c = r.confirmations;
  const bare = r.reference.bare;
  const rows: [string, Latency][] = [
    ['confirmations, both deliveries', c.all],
    ['  first delivery sent', c.firstDelivery],
    ['  second delivery sent', c.secondDelivery],
    ['  answered 200 (captured)', c.answered200],
    ['  answered 409 (duplicate)', c.answered409],
    ['  on time', c.onTime],
    ['  late (after expiry)', c.late],
    ['  replica A', c.replicaA],
    ['  replica B', c.replicaB],
    ['API GET /health, same pairs', r.reference.health],
    ['bare Fastify POST, same pairs', bare],
    ['POST /payment/init', r.init],
  ];
  console.log(
    `\nMoney: ${fmt(r.purchases)} purchases (${r.late} confirmed late) on PostgreSQL through 2 replicas, ` +
      `each confirmation to both at once, ${r.concurrency.confirmations} confirmations in flight, ` +
      `the clearing balance ${r.clearing} ` +
      `(load average ${r.machine.loadAverageBefore.map((v) => v.toFixed(1)).join(', ')} on ${r.machine.cpus} CPUs)\n`,
  );
  console.log(
    table(
      ['requests', 'count', 'p50', 'p99', 'max', '÷ bare p50', '÷ bare p99'],
      rows.map(([name, l]) => [
        name,
        fmt(l.requests),
        `${l.p50} ms`,
        `${l.p99} ms`,
        `${l.max} ms`,
        ratio(l.p50, bare.p50).toFixed(1),
        ratio(l.p99, bare.p99).toFixed(1),
      ]),
    ),
  );
  console.log(
    `\nconfirmations per second: ${c.perSecond}; answers: ${Object.entries(r.answers)
      .map(([status, count]) => `${fmt(count)} × ${status}`)
      .join(', ')}`,
  );
  console.log(
    `orders paid: ${r.orders.paid}, refunded: ${r.orders.refunded} (${r.orders.refundsDone} refunds done at the gateway); ` +
      `captures in the ledger: ${r.orders.captures}`,
  );
  const l = r.ledger;
  console.log(
    `paid payments ${fmt(l.paidPaymentsPaisa)} paisa, held accounts ${fmt(l.heldAccountsPaisa)} ` +
      `(${fmt(l.heldFromLinesPaisa)} from their lines); clearing ${fmt(l.clearingPaisa)}, captured ${fmt(l.capturedPaisa)}; ` +
      `refunds ${fmt(l.refundedPaisa)}; ledgerProblems: ${l.problems.length ? l.problems.join('; ') : 'none'}`,
  );
  console.log(`ledger balances to the paisa: ${l.balanced ? 'yes' : 'no'}`);
  console.log(
    `\nDatabase sessions during the confirmations (pg_stat_activity every ${r.waits.intervalMs} ms, ` +
      `${r.waits.samples} samples; average sessions in each state):`,
  );
  for (const row of r.waits.rows.slice(0, 12))
    console.log(`  ${row.sessions.toFixed(2).padStart(6)}  ${row.what}`);
  console.log('');
  for (const t of r.targets) console.log(`  ${t.met ? 'met ' : 'MISS'}  ${t.label}: ${t.value}`);
  for (const a of r.assertions) console.log(`  ${a.met ? 'ok  ' : 'FAIL'}  ${a.label}: ${a.value}`);
}
